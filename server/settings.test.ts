import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { CONFIGURATION_PAGE, configurationPage } from '../scripts/docs/configuration-page.js'
import { InvalidSetting, readSettings, SETTINGS, testOnlyScryptCost, testOnlySigningKey } from './settings.js'
import { TEST_ONLY_PRIVATE_JWK } from './testing/test-signing-key.js'

const root = fileURLToPath(new URL('..', import.meta.url))

describe('the settings table', () => {
  it('renders the committed configuration page', () => {
    const committed = readFileSync(`${root}${CONFIGURATION_PAGE}`, 'utf8')
    expect(committed, `${CONFIGURATION_PAGE} is stale: run \`npx tsx scripts/docs/configuration-page.ts --write\``).toBe(
      configurationPage(),
    )
  })

  it('keeps the names, flags and defaults operators rely on', () => {
    const rows = Object.values(SETTINGS).map(({ env, flag, shownDefault }) => [env, flag, shownDefault])
    expect(rows).toEqual([
      ['PORT', 'port', '`8787`'],
      ['HOST', 'host', '`127.0.0.1`'],
      ['SVC_DB', 'db', '`./data/svc.db`'],
      ['DATABASE_URL', undefined, 'unset'],
      ['SVC_ISSUER', 'issuer', '`http://localhost:PORT`'],
      ['SVC_SECRET_KEY', undefined, 'unset'],
      ['SVC_SECRET_KEY_FILE', undefined, 'unset'],
      ['SVC_JWKS_CACHE_SECONDS', 'jwks-cache-seconds', '`21600` (6 hours)'],
      [undefined, 'demo', 'off'],
      ['SVC_TRUSTED_PROXIES', 'trusted-proxies', 'none'],
      ['SVC_IMAGE_QUOTA_MB', 'image-quota-mb', '`200`'],
      ['SVC_API_REQUESTS_PER_MINUTE', undefined, '`600`'],
      ['SVC_WEBHOOK_ALLOW_PRIVATE', undefined, 'unset (`0`)'],
      ['SVC_SMTP_URL', undefined, 'unset'],
      ['SVC_MAIL_FROM', undefined, '`svc <no-reply@localhost>`'],
      ['SVC_BRAND_NAME', undefined, '`svc`'],
      ['SVC_BRAND_LOGO_URL', undefined, 'unset'],
      ['SVC_BRAND_COLOR', undefined, '`#0969da`'],
      ['SVC_SIGNUP', undefined, '`open`'],
      ['SVC_BOOTSTRAP_OPERATOR_EMAIL', undefined, 'unset'],
      ['SVC_BOOTSTRAP_OPERATOR_PASSWORD', undefined, 'unset'],
      ['SVC_BOOTSTRAP_OPERATOR_PASSWORD_FILE', undefined, 'unset'],
      ['SVC_AD_STATS_FLUSH_SECONDS', undefined, '`5`'],
      ['SVC_WEBHOOK_LEASE_SECONDS', undefined, '`30`'],
      ['SVC_WEBHOOK_DISABLE_AFTER', undefined, '`5d`'],
      ['SVC_REQUEST_TIMEOUT_SECONDS', undefined, '`30`'],
      ['SVC_LOG_LEVEL', undefined, '`info`'],
      ['SVC_ACCESS_LOG', undefined, 'unset (`0`)'],
      ['SVC_METRICS_TOKEN', undefined, 'unset'],
      ['SVC_METRICS_PORT', undefined, 'unset'],
      [undefined, 'json', 'off'],
    ])
  })
})

describe('readSettings', () => {
  it('gives the documented defaults for an empty environment, and for one whose variables are blank', () => {
    const defaults = {
      port: 8787,
      host: '127.0.0.1',
      sqlitePath: './data/svc.db',
      databaseUrl: undefined,
      issuer: undefined,
      jwksCacheSeconds: 21600,
      demo: false,
      trustedProxies: undefined,
      imageQuotaMb: 200,
      apiRequestsPerMinute: 600,
      webhookAllowPrivate: false,
      smtpUrl: undefined,
      mailFrom: 'svc <no-reply@localhost>',
      brandName: 'svc',
      brandLogoUrl: undefined,
      brandColor: '#0969da',
      signup: 'open',
      bootstrapOperatorEmail: undefined,
      bootstrapOperatorPassword: undefined,
      bootstrapOperatorPasswordFile: undefined,
      adStatsFlushSeconds: 5,
      webhookLeaseSeconds: 30,
      webhookDisableAfterMs: 5 * 24 * 3600 * 1000,
      requestTimeoutSeconds: 30,
      logLevel: 'info',
      accessLog: false,
      metricsToken: undefined,
      metricsPort: undefined,
      json: false,
    }
    expect(readSettings({}, {})).toEqual(defaults)
    const blank = Object.fromEntries(Object.values(SETTINGS).flatMap(({ env }) => (env ? [[env, ' ']] : [])))
    expect(readSettings({}, blank)).toEqual(defaults)
  })

  it('reads the environment, and a flag wins over its variable', () => {
    const env = { PORT: '9000', SVC_ISSUER: 'https://id.example/', SVC_SIGNUP: 'closed', SVC_ACCESS_LOG: '1', SVC_BRAND_COLOR: '#C00' }
    const settings = readSettings({ port: '0', demo: true }, env)
    expect(settings).toMatchObject({
      port: 0,
      demo: true,
      issuer: 'https://id.example',
      signup: 'closed',
      accessLog: true,
      brandColor: '#C00',
    })
    expect(readSettings({}, env).port).toBe(9000)
  })

  it.each([
    ['5d', 5 * 86_400_000],
    ['12h', 12 * 3_600_000],
    ['10m', 600_000],
    ['90s', 90_000],
    ['45', 45_000],
  ])('reads SVC_WEBHOOK_DISABLE_AFTER=%s as a duration', (text, ms) => {
    expect(readSettings({}, { SVC_WEBHOOK_DISABLE_AFTER: text }, ['webhookDisableAfterMs'])).toEqual({ webhookDisableAfterMs: ms })
  })

  it('takes --db over DATABASE_URL, which is read only without it', () => {
    const env = { DATABASE_URL: 'postgres://svc:secret@db/svc', SVC_DB: 'var/svc.db' }
    expect(readSettings({}, env)).toMatchObject({ databaseUrl: env.DATABASE_URL, sqlitePath: 'var/svc.db' })
    expect(readSettings({ db: 'other.db' }, env)).toMatchObject({ databaseUrl: undefined, sqlitePath: 'other.db' })
  })

  it('reads only the settings named, leaving a bad one it does not need alone', () => {
    const env = { SVC_BRAND_LOGO_URL: 'ftp://logo', SVC_BRAND_NAME: 'Acme ID' }
    expect(readSettings({}, env, ['brandName'])).toEqual({ brandName: 'Acme ID' })
    expect(() => readSettings({}, env)).toThrow(InvalidSetting)
  })

  it.each<[Record<string, string>, Record<string, string>, string]>([
    [{}, { PORT: '80a' }, 'PORT must be an integer from 0 to 65535'],
    [{ port: '65536' }, { PORT: '80' }, '--port must be an integer from 0 to 65535'],
    [{}, { SVC_ACCESS_LOG: 'true' }, 'SVC_ACCESS_LOG must be 0 or 1'],
    [{}, { SVC_SIGNUP: 'invite' }, 'SVC_SIGNUP must be open or closed'],
    [{}, { SVC_LOG_LEVEL: 'debug' }, 'SVC_LOG_LEVEL must be info or warn or error'],
    [{ issuer: 'https://id.example/?a=1' }, {}, '--issuer must be an http or https URL without query, fragment or credentials'],
    [{ db: '' }, {}, '--db must name a database file'],
    [{}, { SVC_TRUSTED_PROXIES: '10.0.0.0/33' }, 'SVC_TRUSTED_PROXIES must list IP addresses or CIDR ranges, separated by commas: '],
    [{}, { SVC_SMTP_URL: 'http://mail.example' }, 'SVC_SMTP_URL must start with smtp:// or smtps://'],
    [{}, { SVC_BRAND_NAME: '{client}' }, 'SVC_BRAND_NAME must not contain { or }'],
    [{}, { SVC_METRICS_TOKEN: 'short' }, 'SVC_METRICS_TOKEN must be 16 to 200 letters, digits'],
    [{}, { SVC_METRICS_TOKEN: 'a token with spaces in it' }, 'SVC_METRICS_TOKEN must be 16 to 200 letters, digits'],
    [{}, { SVC_METRICS_PORT: '99999' }, 'SVC_METRICS_PORT must be an integer from 0 to 65535'],
    [{}, { SVC_WEBHOOK_DISABLE_AFTER: '5 days' }, 'SVC_WEBHOOK_DISABLE_AFTER must be a duration from 1 second to 365 days'],
    [{}, { SVC_WEBHOOK_DISABLE_AFTER: '0' }, 'SVC_WEBHOOK_DISABLE_AFTER must be a duration from 1 second to 365 days'],
    [{}, { SVC_WEBHOOK_DISABLE_AFTER: '366d' }, 'SVC_WEBHOOK_DISABLE_AFTER must be a duration from 1 second to 365 days'],
  ])('refuses %j %j, naming the flag or variable and what it takes', (flags, env, message) => {
    let refused: unknown
    try {
      readSettings(flags, env)
    } catch (error) {
      refused = error
    }
    expect(refused).toBeInstanceOf(InvalidSetting)
    expect((refused as InvalidSetting).message.startsWith(message)).toBe(true)
  })

  it('gives a frozen object', () => {
    const settings = readSettings({}, {})
    expect(Object.isFrozen(settings)).toBe(true)
    expect(() => Object.assign(settings, { port: 1 })).toThrow(TypeError)
  })
})

describe('testOnlyScryptCost', () => {
  it('is honoured inside Vitest only, and only as a power of two', () => {
    expect(testOnlyScryptCost({ VITEST: 'true', SVC_TEST_ONLY_SCRYPT_COST: '16' })).toBe(16)
    expect(testOnlyScryptCost({ SVC_TEST_ONLY_SCRYPT_COST: '16' })).toBeUndefined()
    expect(testOnlyScryptCost({ VITEST: 'true', SVC_TEST_ONLY_SCRYPT_COST: '15' })).toBeUndefined()
    expect(testOnlyScryptCost({ VITEST: 'true' })).toBeUndefined()
  })
})

describe('testOnlySigningKey', () => {
  const key = JSON.stringify({ ...TEST_ONLY_PRIVATE_JWK, kid: 'ignored', alg: 'RS256' })

  it('is honoured inside Vitest only, as the private RSA key alone', () => {
    expect(testOnlySigningKey({ VITEST: 'true', SVC_TEST_ONLY_SIGNING_KEY: key })).toEqual(TEST_ONLY_PRIVATE_JWK)
    expect(testOnlySigningKey({ SVC_TEST_ONLY_SIGNING_KEY: key })).toBeUndefined()
    expect(testOnlySigningKey({ VITEST: 'true', SVC_TEST_ONLY_SIGNING_KEY: ' ' })).toBeUndefined()
    expect(testOnlySigningKey({ VITEST: 'true' })).toBeUndefined()
  })

  it.each([
    ['not JSON', '{"kty":'],
    ['a public key', JSON.stringify({ kty: 'RSA', n: TEST_ONLY_PRIVATE_JWK.n, e: TEST_ONLY_PRIVATE_JWK.e })],
    ['an EC key', JSON.stringify({ ...TEST_ONLY_PRIVATE_JWK, kty: 'EC' })],
  ])('refuses %s, naming the variable', (_, value) => {
    expect(() => testOnlySigningKey({ VITEST: 'true', SVC_TEST_ONLY_SIGNING_KEY: value })).toThrow(
      new InvalidSetting('SVC_TEST_ONLY_SIGNING_KEY', 'must be a private RSA key as a JWK'),
    )
  })
})
