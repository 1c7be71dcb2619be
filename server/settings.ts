/**
 * @module Every setting of svc in one table, as node-oidc-provider keeps
 * its configuration in `lib/helpers/defaults.js`: for each, the command
 * line flag, the environment variable, the default, the parser and one
 * line of documentation. A command reads them once, when it starts, into
 * a frozen {@link Settings} object that it passes down; this is the one
 * module that reads `process.env`. The operators' configuration page
 * (`docs/operate/configuration.md`) is generated from this table.
 */
import type { JWK } from 'jose'
import { mailboxFromSetting } from '../shared/email-address.js'
import { DEFAULT_FLUSH_MS } from './ad-statistics/ad-statistics-writer.js'
import { InvalidTrustedProxy, trustedProxies, type TrustedProxies } from './http/client-address.js'
import { DEFAULT_REQUEST_TIMEOUT_SECONDS } from './http/http-server.js'
import { DEFAULT_IMAGE_QUOTA_MB } from './images/upload-limits.js'
import { DEFAULT_KEY_SET_CACHE_MS, MAX_KEY_SET_CACHE_MS } from './grants/signing-keys.js'
import { DEFAULT_API_REQUESTS_PER_MINUTE } from './management-api/api-limits.js'
import { DEFAULT_LEASE_MS } from './webhooks/worker.js'
import { DEFAULT_DISABLE_AFTER_MS, disableAfterMs } from './webhooks/disable-after.js'

export { testOnlyScryptCost } from './test-only-scrypt-cost.js'

/** The environment a command runs in: variable name to value. */
export type Environment = Record<string, string | undefined>

/** What a command's parsed flags hold (`node:util` `parseArgs` values). */
export type FlagValues = Record<string, string | boolean | (string | boolean)[] | undefined>

/**
 * A setting given a value it does not take; the message names the flag or
 * variable and what it expects, for the operator to read as it is.
 */
export class InvalidSetting extends Error {
  override name = 'InvalidSetting'
  readonly code = 'ERR_INVALID_SETTING'
  constructor(
    /** The flag (`--port`) or variable (`PORT`) the value came from. */
    readonly source: string,
    /** What it takes, as the end of a sentence: `must be an integer from 0 to 65535`. */
    readonly expects: string,
  ) {
    super(`${source} ${expects}`)
  }
}

/** A parser's refusal: what the value should have been (`must be 0 or 1`); the reader adds the name. */
class Refused extends Error {}

/** One row of the table. */
export interface SettingSpec<T> {
  /** The environment variable, when the setting has one. */
  env?: string
  /** The command line flag, without its dashes, when the setting has one (it wins over the variable). */
  flag?: string
  /** The value when neither flag nor variable is given. */
  default: T
  /** The default as the documentation shows it. */
  shownDefault: string
  /** Turns the text given into the value, or throws saying what it takes. */
  parse: (text: string) => T
  /** One line of documentation (markdown). */
  doc: string
}

const spec = <T>(row: SettingSpec<T>): SettingSpec<T> => row

// The parsers are plain checks rather than zod schemas: the table is built by every start and CLI
// command, and importing zod here made each of them evaluate the whole library (its schemas stay
// with the request bodies and API documents that need them).

const integer = (min: number, max: number) => {
  const expects = `must be an integer from ${min} to ${max}`
  return (text: string): number => {
    const value = Number(text)
    if (!/^[0-9]+$/.test(text) || value < min || value > max) throw new Refused(expects)
    return value
  }
}

const oneOf =
  <const V extends readonly [string, ...string[]]>(values: V) =>
  (text: string): V[number] => {
    if (!values.includes(text)) throw new Refused(`must be ${values.join(' or ')}`)
    return text
  }

/** `0` or `1`, read as off or on; anything else (`true`, `yes`) is refused rather than read as the default. */
const onOff = (text: string): boolean => oneOf(['0', '1'])(text) === '1'

const text = (value: string): string => value

/** A webhook endpoint's failing window, in milliseconds. */
const disableAfter = (value: string): number => {
  const ms = disableAfterMs(value)
  if (ms === undefined) throw new Refused('must be a duration from 1 second to 365 days, like 5d, 12h, 10m, 90s or a number of seconds')
  return ms
}

/** The issuer: absolute http(s), no query, fragment or credentials; as given, less a trailing slash. */
const issuerUrl = (value: string): string => {
  const url = URL.canParse(value) ? new URL(value) : undefined
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password)
    throw new Refused('must be an http or https URL without query, fragment or credentials, like https://id.example.com')
  // Relying parties compare `iss` character for character.
  return value.replace(/\/$/, '')
}

const proxyList = (value: string): TrustedProxies => {
  try {
    return trustedProxies(value)
  } catch (error) {
    if (error instanceof InvalidTrustedProxy)
      throw new Refused(`must list IP addresses or CIDR ranges, separated by commas: ${error.message}`)
    throw error
  }
}

const databaseFile = (value: string): string => {
  // SQLite takes an empty name for a temporary database, deleted on close: everything written would be lost.
  if (value.trim() === '') throw new Refused('must name a database file')
  return value
}

const smtpUrl = (value: string): string => {
  if (!URL.canParse(value)) throw new Refused('must be a URL such as smtps://user:password@mail.example.com:465')
  const { protocol } = new URL(value)
  if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new Refused('must start with smtp:// or smtps://')
  return value
}

const mailbox = (value: string): string => {
  if (!mailboxFromSetting(value)) throw new Refused('must be an address such as "Shop <no-reply@shop.example>"')
  return value
}

const MAX_BRAND_NAME_LENGTH = 40

const brandName = (value: string): string => {
  const name = value.trim()
  if ([...name].length > MAX_BRAND_NAME_LENGTH) throw new Refused(`must be 1 to ${MAX_BRAND_NAME_LENGTH} characters long`)
  if (/\p{Cc}/u.test(name)) throw new Refused('must not contain control characters such as tabs or line breaks')
  // Braces would read as the pages' and mails' {placeholders}.
  if (/[{}]/.test(name)) throw new Refused('must not contain { or }')
  return name
}

const brandColor = (value: string): string => {
  const color = value.trim()
  if (!/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(color)) throw new Refused('must be a colour such as #0969da or #09d')
  return color
}

/** A bearer token as RFC 6750 spells one, long enough not to be guessed. */
const metricsToken = (value: string): string => {
  if (!/^[A-Za-z0-9\-._~+/]{16,200}=*$/.test(value))
    throw new Refused('must be 16 to 200 letters, digits and - . _ ~ + / characters, such as the output of `openssl rand -hex 32`')
  return value
}

/** The logo's URL: https, or http on this machine for development; nothing a page could misread. */
const logoUrl = (value: string): string => {
  const trimmed = value.trim()
  if (!URL.canParse(trimmed)) throw new Refused('must be an absolute URL such as https://example.com/logo.png')
  const url = new URL(trimmed)
  const loopback =
    url.hostname === 'localhost' || url.hostname.endsWith('.localhost') || /^127\./.test(url.hostname) || url.hostname === '[::1]'
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new Refused('must start with https:// (http:// only on localhost, for development)')
  if (url.username || url.password) throw new Refused('must not carry a user name or password')
  return url.href
}

/**
 * Every setting. Names, flags and defaults are an interface operators
 * rely on: change them only with a note on the issue.
 */
export const SETTINGS = {
  port: spec<number>({
    flag: 'port',
    env: 'PORT',
    default: 8787,
    shownDefault: '`8787`',
    parse: integer(0, 65535),
    doc: 'HTTP port (`0` picks a free one)',
  }),
  host: spec<string>({
    flag: 'host',
    env: 'HOST',
    default: '127.0.0.1',
    shownDefault: '`127.0.0.1`',
    parse: text,
    doc: 'address to listen on (`0.0.0.0` behind a load balancer or in a container)',
  }),
  sqlitePath: spec<string>({
    flag: 'db',
    env: 'SVC_DB',
    default: './data/svc.db',
    shownDefault: '`./data/svc.db`',
    parse: databaseFile,
    doc: 'SQLite file, created with its folder if missing (folder 0700, file 0600)',
  }),
  databaseUrl: spec<string | undefined>({
    env: 'DATABASE_URL',
    default: undefined,
    shownDefault: 'unset',
    parse: text,
    doc: '`postgres://USER:PASSWORD@HOST:5432/DATABASE`: PostgreSQL instead of SQLite (`--db` still wins); a `?options=-c%20search_path%3DSCHEMA` parameter picks a schema',
  }),
  issuer: spec<string | undefined>({
    flag: 'issuer',
    env: 'SVC_ISSUER',
    default: undefined,
    shownDefault: '`http://localhost:PORT`',
    parse: issuerUrl,
    doc: "the public base URL: the OpenID issuer, the SDK's origin, and the demo's image URLs; every replica gets the same",
  }),
  secretKey: spec<string | undefined>({
    env: 'SVC_SECRET_KEY',
    default: undefined,
    shownDefault: 'unset',
    parse: text,
    doc: "the key svc encrypts its stored secrets under (signing keys, webhook and client secrets, the seal root): 32 random bytes written in **base64, base64url or hex** (`openssl rand -base64 32`). Unset, a SQLite database keeps its key in a file beside itself (`svc.db.key`, 0600, made on first start); PostgreSQL needs it set, the same on every replica. A missing or wrong key stops every command (exit 1). Rotate it with `secrets rekey`; see [Secrets at rest](secrets.md)",
  }),
  secretKeyFile: spec<string | undefined>({
    env: 'SVC_SECRET_KEY_FILE',
    default: undefined,
    shownDefault: 'unset',
    parse: text,
    doc: 'a file holding `SVC_SECRET_KEY` (a container secret such as `/run/secrets/svc_secret_key`), in the same forms, read when a command starts; set this or `SVC_SECRET_KEY`, not both',
  }),
  jwksCacheSeconds: spec<number>({
    flag: 'jwks-cache-seconds',
    env: 'SVC_JWKS_CACHE_SECONDS',
    default: DEFAULT_KEY_SET_CACHE_MS / 1000,
    shownDefault: `\`${DEFAULT_KEY_SET_CACHE_MS / 1000}\` (6 hours)`,
    parse: integer(0, MAX_KEY_SET_CACHE_MS / 1000),
    doc: "the longest time relying parties may cache the key set (0 to 604800): a new signing key is published this long before it signs, and the JWKS answer's `max-age` never exceeds it (an hour at most). `keys rotate` reads it too, so give both the same value",
  }),
  demo: spec<boolean>({
    flag: 'demo',
    default: false,
    shownDefault: 'off',
    parse: onOff,
    doc: '`serve` seeds the demo organisation, ads, user and client on first start',
  }),
  trustedProxies: spec<TrustedProxies | undefined>({
    flag: 'trusted-proxies',
    env: 'SVC_TRUSTED_PROXIES',
    default: undefined,
    shownDefault: 'none',
    parse: proxyList,
    doc: "comma-separated IP addresses and CIDR ranges (`10.0.0.0/8, 2001:db8::1`) of the load balancers or reverse proxies in front of svc. Only when a request's TCP peer is one of them is `X-Forwarded-For` read, from the right, skipping trusted hops, to find the caller's address (login throttling, the `ip` of `account.signed_in`); otherwise the peer is the caller. Set it behind a proxy, or every caller shares the proxy's address",
  }),
  imageQuotaMb: spec<number>({
    flag: 'image-quota-mb',
    env: 'SVC_IMAGE_QUOTA_MB',
    default: DEFAULT_IMAGE_QUOTA_MB,
    shownDefault: `\`${DEFAULT_IMAGE_QUOTA_MB}\``,
    parse: integer(1, 1024 * 1024),
    doc: "the megabytes (of 2²⁰ bytes; 1 to 1048576) each organisation's uploaded images may take; an upload past it is refused with 507 and the numbers",
  }),
  apiRequestsPerMinute: spec<number>({
    env: 'SVC_API_REQUESTS_PER_MINUTE',
    default: DEFAULT_API_REQUESTS_PER_MINUTE,
    shownDefault: `\`${DEFAULT_API_REQUESTS_PER_MINUTE}\``,
    parse: integer(1, 1_000_000),
    doc: 'the calls (1 to 1000000) one management API token may make a minute; past it the API answers 429 with `Retry-After`, and every answer carries `RateLimit-*` and `X-RateLimit-*` headers (docs/api.md)',
  }),
  webhookAllowPrivate: spec<boolean>({
    env: 'SVC_WEBHOOK_ALLOW_PRIVATE',
    default: false,
    shownDefault: 'unset (`0`)',
    parse: onOff,
    doc: '`1` lets webhooks reach loopback and private addresses (local development, tests), and the console accept webhook URLs there',
  }),
  smtpUrl: spec<string | undefined>({
    env: 'SVC_SMTP_URL',
    default: undefined,
    shownDefault: 'unset',
    parse: smtpUrl,
    doc: '`smtp://USER:PASSWORD@HOST:587` (STARTTLS when offered) or `smtps://…:465`: where svc sends mail. Unset, every mail is written as an `.eml` file to a `mail` folder beside the database (0600, `./data/mail` on PostgreSQL) and its links are logged, so a setup without SMTP still works',
  }),
  mailFrom: spec<string>({
    env: 'SVC_MAIL_FROM',
    default: 'svc <no-reply@localhost>',
    shownDefault: '`svc <no-reply@localhost>`',
    parse: mailbox,
    doc: 'the From of every mail: one mailbox, `Name <address>` or an address',
  }),
  brandName: spec<string>({
    env: 'SVC_BRAND_NAME',
    default: 'svc',
    shownDefault: '`svc`',
    parse: brandName,
    doc: "the product name visitors see on the identity provider's pages, in its mails and in the browser's FedCM dialog: 1 to 40 characters, no control characters or braces (`Acme ID`)",
  }),
  brandLogoUrl: spec<string | undefined>({
    env: 'SVC_BRAND_LOGO_URL',
    default: undefined,
    shownDefault: 'unset',
    parse: logoUrl,
    doc: "the product's logo, shown above the pages' headings, atop mails and as the FedCM dialog's icon: an absolute `https://` URL (`http://` only on localhost or loopback, for development). Make it **square**, 64 px or more: the browser shows FedCM icons as squares of at least 25 px. Unset, the dialog gets an icon drawn from the name's initials in the brand colour (`/fedcm/icon.svg`)",
  }),
  brandColor: spec<string>({
    env: 'SVC_BRAND_COLOR',
    default: '#0969da',
    shownDefault: '`#0969da`',
    parse: brandColor,
    doc: "the primary colour (`#rgb` or `#rrggbb`) of the pages' buttons, links and focus rings, the mails' button and the FedCM dialog; the text on it is white or near-black, whichever contrasts more (WCAG)",
  }),
  signup: spec<'open' | 'closed'>({
    env: 'SVC_SIGNUP',
    default: 'open',
    shownDefault: '`open`',
    parse: oneOf(['open', 'closed']),
    doc: '`open`: anyone may create an account at `{issuer}/signup`; `closed`: the page says accounts are made by invitation and its form is refused (accounts come from `user invite`, People in the console, or `user create`)',
  }),
  bootstrapOperatorEmail: spec<string | undefined>({
    env: 'SVC_BOOTSTRAP_OPERATOR_EMAIL',
    default: undefined,
    shownDefault: 'unset',
    parse: text,
    doc: "for unattended installs: on a database with no operator, `serve` makes this address's account the first operator (confirmed, named `Operator`) with the password below, instead of printing a setup link; once an operator exists it changes nothing. A bad address or a password the sign-up page would refuse stops `serve` (exit 1)",
  }),
  bootstrapOperatorPassword: spec<string | undefined>({
    env: 'SVC_BOOTSTRAP_OPERATOR_PASSWORD',
    default: undefined,
    shownDefault: 'unset',
    parse: text,
    doc: "the first operator's password, with `SVC_BOOTSTRAP_OPERATOR_EMAIL`: 12 characters or more, not a common one. Set this or `SVC_BOOTSTRAP_OPERATOR_PASSWORD_FILE`, not both",
  }),
  bootstrapOperatorPasswordFile: spec<string | undefined>({
    env: 'SVC_BOOTSTRAP_OPERATOR_PASSWORD_FILE',
    default: undefined,
    shownDefault: 'unset',
    parse: text,
    doc: "a file holding the first operator's password (a container secret such as `/run/secrets/svc_operator_password`), read when `serve` starts; one trailing line break is dropped",
  }),
  adStatsFlushSeconds: spec<number>({
    env: 'SVC_AD_STATS_FLUSH_SECONDS',
    default: DEFAULT_FLUSH_MS / 1000,
    shownDefault: `\`${DEFAULT_FLUSH_MS / 1000}\``,
    parse: integer(1, 3600),
    doc: "how often the ad events counted in memory are written to the database (1 to 3600); a crash loses at most this long's counts, a graceful stop none",
  }),
  webhookLeaseSeconds: spec<number>({
    env: 'SVC_WEBHOOK_LEASE_SECONDS',
    default: DEFAULT_LEASE_MS / 1000,
    shownDefault: `\`${DEFAULT_LEASE_MS / 1000}\``,
    parse: integer(1, 3600),
    doc: "how long a worker's claim on a delivery holds before another may take it over (1 to 3600)",
  }),
  webhookDisableAfterMs: spec<number>({
    env: 'SVC_WEBHOOK_DISABLE_AFTER',
    default: DEFAULT_DISABLE_AFTER_MS,
    shownDefault: '`5d`',
    parse: disableAfter,
    doc: "how long every attempt to a webhook endpoint may fail before the sender disables it and mails the client's developers (`5d`, `12h`, `10m`, `90s` or seconds; 1 second to 365 days); see docs/webhooks.md",
  }),
  requestTimeoutSeconds: spec<number>({
    env: 'SVC_REQUEST_TIMEOUT_SECONDS',
    default: DEFAULT_REQUEST_TIMEOUT_SECONDS,
    shownDefault: `\`${DEFAULT_REQUEST_TIMEOUT_SECONDS}\``,
    parse: integer(1, 3600),
    doc: 'the longest a request may take to arrive, headers and body (headers alone: 10 s at most); a caller trickling bytes is answered 408 and disconnected instead of holding a connection',
  }),
  logLevel: spec<'info' | 'warn' | 'error'>({
    env: 'SVC_LOG_LEVEL',
    default: 'info',
    shownDefault: '`info`',
    parse: oneOf(['info', 'warn', 'error']),
    doc: '`info`, `warn` or `error`: the lowest level written to stderr',
  }),
  accessLog: spec<boolean>({
    env: 'SVC_ACCESS_LOG',
    default: false,
    shownDefault: 'unset (`0`)',
    parse: onOff,
    doc: '`1` adds a log line per request (it costs the ads API about a quarter of its throughput)',
  }),
  metricsToken: spec<string | undefined>({
    env: 'SVC_METRICS_TOKEN',
    default: undefined,
    shownDefault: 'unset',
    parse: metricsToken,
    doc: 'turns metrics on and serves them at `GET /metrics` on the main port to `Authorization: Bearer TOKEN` (16 to 200 characters: `openssl rand -hex 32`); any other request for it is answered 401. Unset, and without `SVC_METRICS_PORT`, `/metrics` is 404 and nothing is counted. See [Metrics](metrics.md)',
  }),
  metricsPort: spec<number | undefined>({
    env: 'SVC_METRICS_PORT',
    default: undefined,
    shownDefault: 'unset',
    parse: integer(0, 65535),
    doc: 'turns metrics on and serves `GET /metrics` without a token on this port of `127.0.0.1` only (whatever `--host` says), for a Prometheus agent on the same machine; `0` picks a free one, which the log names',
  }),
  json: spec<boolean>({
    flag: 'json',
    default: false,
    shownDefault: 'off',
    parse: onOff,
    doc: 'every command: print exactly one JSON object on stdout',
  }),
} as const

/** The name of a setting in {@link SETTINGS}. */
export type SettingName = keyof typeof SETTINGS

/** The value of every setting, as a command runs with them. */
export type Settings = Readonly<{ [K in SettingName]: (typeof SETTINGS)[K] extends SettingSpec<infer T> ? T : never }>

/** The test-only switches: read only inside a Vitest worker, never documented for operators as settings. */
export const TEST_ONLY_SETTINGS = {
  scryptCost: {
    env: 'SVC_TEST_ONLY_SCRYPT_COST',
    doc: 'a lower scrypt cost factor (a power of two, 2 to 16384) for tests that do not measure hashing; honoured only inside a Vitest worker (`VITEST` set), so a deployment cannot lower it',
  },
  signingKey: {
    env: 'SVC_TEST_ONLY_SIGNING_KEY',
    doc: "a private RSA key (a JWK) that a database without a signing key starts signing with instead of a new one, for the servers tests start (rotations still make new keys); honoured only inside a Vitest worker or a process it started (`VITEST` set)",
  },
} as const

/** The members a private RSA JWK must have. */
const PRIVATE_RSA_MEMBERS = ['n', 'e', 'd', 'p', 'q', 'dp', 'dq', 'qi'] as const

/**
 * The pre-generated signing key a test hands the server it starts
 * (`SVC_TEST_ONLY_SIGNING_KEY`), which a database without any key stores
 * as its first instead of paying an RSA-2048 generation (about 0.3 s of a
 * core, more on a busy machine), as the in-process fixtures do; `undefined`
 * when unset or outside Vitest, so a deployment always makes its own.
 *
 * @example
 * const firstSigningKey = testOnlySigningKey(io.env)
 */
export function testOnlySigningKey(env: Environment = process.env): JWK | undefined {
  const text = env.VITEST ? given(env, TEST_ONLY_SETTINGS.signingKey.env) : undefined
  if (text === undefined) return undefined
  const expects = 'must be a private RSA key as a JWK'
  let key: Record<string, unknown>
  try {
    key = JSON.parse(text) as Record<string, unknown>
  } catch {
    throw new InvalidSetting(TEST_ONLY_SETTINGS.signingKey.env, expects)
  }
  if (key.kty !== 'RSA' || PRIVATE_RSA_MEMBERS.some((member) => typeof key[member] !== 'string'))
    throw new InvalidSetting(TEST_ONLY_SETTINGS.signingKey.env, expects)
  return Object.fromEntries(['kty', ...PRIVATE_RSA_MEMBERS].map((member) => [member, key[member]])) as JWK
}

/** An environment variable set to nothing counts as unset, as env files and compose files write the ones left blank. */
function given(env: Environment, name: string | undefined): string | undefined {
  const value = name === undefined ? undefined : env[name]
  return value === undefined || value.trim() === '' ? undefined : value
}

/**
 * Reads the settings named (every one by default) from the command's
 * flags, then the environment, then the defaults; flags win. A value a
 * setting does not take throws {@link InvalidSetting} naming the flag or
 * variable, before anything opens; nothing falls back to a default. A
 * command names the settings it runs with, so that a setting only `serve`
 * uses (a logo URL, say) does not stop `client create`.
 *
 * @example
 * const settings = readSettings({ port: '0', demo: true }, { SVC_SIGNUP: 'closed' })
 * settings.port // 0
 * const { issuer } = readSettings(values, io.env, ['issuer'])
 */
export function readSettings<K extends SettingName = SettingName>(
  flags: FlagValues = {},
  env: Environment = process.env,
  names: readonly K[] = Object.keys(SETTINGS) as K[],
): Pick<Settings, K> {
  const values: Record<string, unknown> = {}
  for (const key of names) {
    const row: SettingSpec<unknown> = SETTINGS[key]
    const flag = row.flag === undefined ? undefined : flags[row.flag]
    if (typeof flag === 'boolean') {
      values[key] = flag
      continue
    }
    const [source, raw] = typeof flag === 'string' ? [`--${row.flag}`, flag] : [row.env, given(env, row.env)]
    if (raw === undefined || source === undefined) {
      values[key] = row.default
      continue
    }
    try {
      values[key] = row.parse(raw)
    } catch (error) {
      if (error instanceof Refused) throw new InvalidSetting(source, error.message)
      throw error
    }
  }
  // `--db` names a SQLite file, and so wins over a PostgreSQL DATABASE_URL in the environment.
  if ('databaseUrl' in values && typeof flags.db === 'string') values.databaseUrl = undefined
  return Object.freeze(values as Pick<Settings, K>)
}
