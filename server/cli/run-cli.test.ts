import { mkdtempSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../app.js'
import { listeningBff } from '../testing/publisher.js'
import { openDatabase } from '../db/open-database.js'
import { readSettings } from '../settings.js'
import { migratedDatabaseFile, runCliOn, tableCells } from '../testing/cli-runner.js'
import { runCli } from './run-cli.js'

let dbPath: string

beforeEach(async () => {
  dbPath = await migratedDatabaseFile('svc-cli-')
})

const cli = (...argv: string[]) => runCliOn(dbPath, argv)

async function json(...argv: string[]) {
  const result = await cli(...argv, '--json')
  expect(result.stdout.split('\n')).toHaveLength(1)
  return { ...result, body: JSON.parse(result.stdout) }
}

async function fetchAds(apiKey: string, path: string, headers: Record<string, string> = {}) {
  const db = await openDatabase({ sqlitePath: dbPath })
  try {
    const bff = await listeningBff({ db })
    try {
      const res = await bff.request(path, { headers: { Authorization: `Bearer ${apiKey}`, ...headers } })
      // Read before the server closes.
      return new Response(await res.arrayBuffer(), { status: res.status, headers: res.headers })
    } finally {
      await bff.close()
    }
  } finally {
    await db.destroy()
  }
}

describe('svc-bff', () => {
  it('creates an organisation whose key reads the ads the CLI creates', async () => {
    const org = await json('org create', '--name', 'Acme')
    expect(org.exitCode).toBe(0)
    expect(org.body).toEqual({ code: expect.stringMatching(/^ORG\d+$/), api_key: expect.stringMatching(/^svc_pk_/) })

    const ad = await json(
      'ad',
      'create',
      '--org',
      org.body.code,
      '--title',
      'Spring sale',
      '--display',
      'Home Slider Ads',
      '--label',
      'Half price',
      '--url',
      'https://shop.example/sale',
      '--link',
      'Shop',
      '--target',
      '_blank',
      '--size',
      'wide',
      '--tags',
      'sale,garden',
      '--description',
      '<p onclick="x()">Hi</p>',
      '--image',
      'https://cdn.example/a.png',
      '--images',
      'https://cdn.example/b.png,https://cdn.example/c.png',
    )
    expect(ad.body).toEqual({ code: expect.stringMatching(/^ADS\d+$/) })

    const res = await fetchAds(org.body.api_key, '/ads/home-slider-ads')
    expect((await res.json()).data).toEqual({
      code: ad.body.code,
      title: 'Spring sale',
      label: 'Half price',
      url: 'https://shop.example/sale',
      link: 'Shop',
      target: '_blank',
      size: 'wide',
      display: 'Home Slider Ads',
      tags: 'sale,garden',
      description: '<p>Hi</p>',
      image: 'https://cdn.example/a.png',
      images: ['https://cdn.example/b.png', 'https://cdn.example/c.png'],
    })
  })

  it('restricts the first key to the organisation origins and lets key create set its own', async () => {
    const org = await json('org', 'create', '--name', 'Acme', '--origin', 'https://acme.example')
    await json('ad', 'create', '--org', org.body.code, '--title', 'T', '--display', 'Home')
    expect((await fetchAds(org.body.api_key, '/ads', { Origin: 'https://other.example' })).status).toBe(403)
    expect((await fetchAds(org.body.api_key, '/ads', { Origin: 'https://acme.example' })).status).toBe(200)

    const inherited = await json('key', 'create', '--org', org.body.code)
    expect((await fetchAds(inherited.body.api_key, '/ads', { Origin: 'https://other.example' })).status).toBe(403)
    const own = await json('key', 'create', '--org', org.body.code, '--origin', 'https://other.example', '--rate-limit', '5')
    const res = await fetchAds(own.body.api_key, '/ads', { Origin: 'https://other.example' })
    expect(res.status).toBe(200)
    expect(res.headers.get('X-RateLimit-Limit')).toBe('5')
  })

  it('lists, updates and deletes ads', async () => {
    const org = await json('org', 'create', '--name', 'Acme')
    const { body: live } = await json('ad', 'create', '--org', org.body.code, '--title', 'Live', '--display', 'Home')
    const { body: draft } = await json('ad', 'create', '--org', org.body.code, '--title', 'Draft', '--display', 'Home', '--status', 'draft')

    const listed = await json('ad', 'list', '--org', org.body.code)
    expect(listed.body.ads.map((ad: { code: string }) => ad.code)).toEqual([draft.code, live.code])
    expect(listed.body.ads[0]).toMatchObject({ title: 'Draft', status: 'draft', publish: 1 })
    expect((await json('ad', 'list', '--status', 'draft')).body.ads).toHaveLength(1)

    const updated = await json('ad', 'update', live.code, '--publish', '0', '--title', 'Paused')
    expect(updated.body.ad).toMatchObject({ code: live.code, title: 'Paused', publish: 0 })
    expect((await fetchAds(org.body.api_key, '/ads/home')).status).toBe(404)

    expect((await json('ad', 'delete', draft.code)).body).toEqual({ deleted: draft.code })
    expect((await json('ad', 'list')).body.ads).toHaveLength(1)
    const text = await cli('ad', 'list')
    expect(tableCells(text.stdout)).toContainEqual([live.code, 'saved', 'no', 'Home', 'Paused', expect.any(String), 'always'])
  })

  it('seeds the demo once: a dozen published ads across three slots', async () => {
    const first = await json('seed', '--demo')
    expect(first.body).toMatchObject({ created: true, api_key: expect.stringMatching(/^svc_pk_/) })
    const again = await json('seed', '--demo')
    expect(again.body).toEqual({ ...first.body, created: false })

    const all = await (await fetchAds(first.body.api_key, '/ads?limit=12&random=0')).json()
    expect(all.count).toBe(12)
    for (const slug of ['home-slider-ads', 'donation-stories', 'home']) {
      expect((await (await fetchAds(first.body.api_key, `/ads/${slug}?limit=12`)).json()).count).toBeGreaterThanOrEqual(3)
    }
    expect(all.data[0].image).toMatch(/^http:\/\/localhost:8787\/demo\/images\/.+\.svg$/)
  })

  it.each([
    [['ad', 'create', '--org', 'ORG0', '--title', 'T', '--display', 'Home'], 1, 'no organisation has the code ORG0'],
    [['ad', 'delete', 'ADS0'], 1, 'no ad has the code ADS0'],
    [['ad', 'update', 'ADS0', '--title', 'x'], 1, 'no ad has the code ADS0'],
    [['ad', 'update', 'ADS0'], 2, 'ad update needs at least one field to change, e.g. --publish 0'],
    [['ad', 'delete'], 2, "ad delete needs the ad's code, e.g. ad delete ADS0123456789"],
    [['org', 'create'], 2, '--name is required'],
    [
      ['org', 'create', '--name', 'A', '--origin', 'https://a.example/path'],
      1,
      'origin "https://a.example/path" must be only scheme, host and port',
    ],
    [['key', 'create', '--org', 'ORG0', '--rate-limit', 'lots'], 2, '--rate-limit must be an integer from 1 to 100000000'],
    [['org', 'create', '--name', 'A', '--colour', 'red'], 2, "Unknown option '--colour'"],
    [['ads', 'list'], 2, 'unknown command "ads"; run svc-bff --help for the list'],
    [['client'], 2, 'client needs one of: client create, client list, client secret add, client secret remove'],
    [['client', 'secret'], 2, 'client secret needs one of: client secret add, client secret remove'],
    [['seed'], 2, 'seed needs --demo: it seeds the demo organisation, key and ads'],
    [
      ['seed', '--demo', '--issuer', 'not a url'],
      2,
      '--issuer must be an http or https URL without query, fragment or credentials, like https://id.example.com',
    ],
    [['ad', 'list', '--status', 'bogus'], 2, '--status must be saved or draft'],
    [['client', 'create', '--name', 'C', '--redirect-uri', 'https://c.example/cb', '--scopes', ''], 1, 'scopes must include openid'],
    [['client', 'create', '--name', 'C', '--redirect-uri', 'https://c.example/cb', '--scopes', 'profile'], 1, 'scopes must include openid'],
    [
      ['client', 'create', '--name', 'C', '--redirect-uri', 'https://c.example/cb', '--webhook-url', 'https://user:pw@x.example/'],
      1,
      'webhook_url must not carry a user name or password',
    ],
    [['user', 'delete', '--sub', 'ACC1', '--email', 'a@b.example'], 2, 'name the account with --email or --sub, not both'],
    [['user', 'delete', '--sub', 'a@b.example'], 1, 'no account has the code a@b.example'],
    [
      ['user', 'create', '--email', 'p@b.example', '--name', 'P', '--password', 'long enough', '--picture', 'javascript:alert(1)'],
      1,
      'picture must be an http or https URL',
    ],
    [
      [
        'user',
        'create',
        '--email',
        'm@b.example',
        '--name',
        'M',
        '--password',
        'long enough',
        '--svc-app',
        'ORG0000000000',
        '--svc-role',
        'admin',
      ],
      1,
      'no organisation has the code ORG0000000000',
    ],
  ])('refuses %j with exit %i', async (argv, exitCode, message) => {
    const result = await json(...argv)
    expect(result.exitCode).toBe(exitCode)
    expect(result.body).toEqual({ error: { message, exit_code: exitCode } })
    expect(result.stderr).toBe(`svc-bff: ${message}`)
  })

  it('acts on the account --email names, never on one whose code is that text', async () => {
    await json('user', 'create', '--email', 'keep@b.example', '--name', 'Keep', '--password', 'long enough')
    const gone = await json('user', 'create', '--email', 'gone@b.example', '--name', 'Gone', '--password', 'long enough')
    expect((await json('user', 'delete', '--email', gone.body.sub)).exitCode).toBe(1)
    expect((await json('user', 'delete', '--sub', gone.body.sub)).exitCode).toBe(0)
    expect((await json('user', 'delete', '--email', 'KEEP@b.example')).exitCode).toBe(0)
  })

  it('refuses a database that is not one, or no name at all, in a line', async () => {
    const empty = await runCli(['ad', 'list', '--db', ''], { stdout: () => {}, stderr: () => {}, env: {} })
    expect(empty).toBe(2)
    const lines: string[] = []
    const notDatabase = join(mkdtempSync(join(tmpdir(), 'svc-cli-')), 'notes.txt')
    writeFileSync(notDatabase, 'just some text, long enough to be read as a header by SQLite '.repeat(10))
    const code = await runCli(['ad', 'list', '--db', notDatabase], { stdout: () => {}, stderr: (t) => lines.push(t), env: {} })
    expect(code).toBe(1)
    expect(lines).toEqual([`svc-bff: cannot open SQLite database at ${notDatabase}: file is not a database`])
  })

  it.each<[Record<string, string>, string[], string]>([
    [{ SVC_WEBHOOK_LEASE_SECONDS: 'abc' }, [], 'SVC_WEBHOOK_LEASE_SECONDS must be an integer from 1 to 3600'],
    [{ SVC_ACCESS_LOG: 'true' }, [], 'SVC_ACCESS_LOG must be 0 or 1'],
    [{ SVC_WEBHOOK_ALLOW_PRIVATE: 'yes' }, [], 'SVC_WEBHOOK_ALLOW_PRIVATE must be 0 or 1'],
    [{ SVC_LOG_LEVEL: 'verbose' }, [], 'SVC_LOG_LEVEL must be info or warn or error'],
    [{ SVC_JWKS_CACHE_SECONDS: '6h' }, [], 'SVC_JWKS_CACHE_SECONDS must be an integer from 0 to 604800'],
    [{ SVC_IMAGE_QUOTA_MB: '200MB' }, [], 'SVC_IMAGE_QUOTA_MB must be an integer from 1 to 1048576'],
    [{ SVC_IMAGE_QUOTA_MB: '50' }, ['--image-quota-mb', '0'], '--image-quota-mb must be an integer from 1 to 1048576'],
    [{}, ['--jwks-cache-seconds', '604801'], '--jwks-cache-seconds must be an integer from 0 to 604800'],
    [
      {},
      ['--issuer', 'ftp://id.example'],
      '--issuer must be an http or https URL without query, fragment or credentials, like https://id.example.com',
    ],
    [
      { SVC_TRUSTED_PROXIES: '10.0.0.0/8, proxy.internal' },
      [],
      'SVC_TRUSTED_PROXIES must list IP addresses or CIDR ranges, separated by commas: "proxy.internal" is neither an IP address nor a CIDR range like 10.0.0.0/8',
    ],
    [{}, ['--trusted-proxies', '10.0.0.0/33'], '--trusted-proxies must list IP addresses or CIDR ranges'],
    [{ SVC_BRAND_COLOR: 'blue' }, [], 'SVC_BRAND_COLOR must be a colour such as #0969da or #09d'],
    [{ SVC_BRAND_NAME: 'Acme\nID' }, [], 'SVC_BRAND_NAME must not contain control characters'],
    [{ SVC_BRAND_LOGO_URL: 'http://cdn.acme.example/logo.png' }, [], 'SVC_BRAND_LOGO_URL must start with https://'],
  ])('serve refuses %j %j before it opens anything', async (env, argv, message) => {
    const lines: string[] = []
    const code = await runCli(['serve', '--port', '0', ...argv], { stdout: () => {}, stderr: (t) => lines.push(t), env })
    expect(code).toBe(2)
    expect(lines.join('\n')).toContain(message)
  })

  it('refuses a key with no permission at all, which every request would meet with 403', async () => {
    const org = await json('org create', '--name', 'Acme')
    const refused = await json('key', 'create', '--org', org.body.code, '--permissions', '')
    expect(refused.exitCode).toBe(1)
    expect(refused.body.error.message).toBe('a key needs at least one permission, e.g. read_ads')
  })

  it('reads an empty setting, as env files write a blank one, as unset', async () => {
    const blank = {
      PORT: '',
      HOST: '',
      SVC_ISSUER: '',
      SVC_WEBHOOK_LEASE_SECONDS: '',
      SVC_WEBHOOK_ALLOW_PRIVATE: '',
      SVC_ACCESS_LOG: '',
      SVC_LOG_LEVEL: '',
      SVC_JWKS_CACHE_SECONDS: '',
      SVC_TRUSTED_PROXIES: '',
      SVC_BRAND_NAME: '',
      SVC_BRAND_LOGO_URL: '',
      SVC_BRAND_COLOR: '',
    }
    const lines: string[] = []
    // Every setting above is read before --db; the refusal of the empty --db shows they all passed.
    const code = await runCli(['serve', '--db', ''], { stdout: () => {}, stderr: (t) => lines.push(t), env: blank })
    expect(code).toBe(2)
    expect(lines).toEqual(['svc-bff: --db must name a database file'])
    expect(readSettings({}, { SVC_DB: '' }).sqlitePath).toBe('./data/svc.db')
    expect(() => readSettings({ db: ' ' }, {})).toThrow('--db must name a database file')
  })

  it('serve names a host it cannot listen on in a line', async () => {
    const result = await cli('serve', '--port', '0', '--host', '999.1.1.1')
    expect(result.exitCode).toBe(1)
    expect(result.stderr).toBe('svc-bff: cannot listen on host 999.1.1.1: it is not an address of this machine; choose another with --host')
  })

  it('creates users and clients and rotates signing keys for the identity provider', async () => {
    const user = await json(
      'user',
      'create',
      '--email',
      'Ada@Example.com',
      '--name',
      'Ada Lovelace',
      '--password',
      'analytical engine',
      '--svc-access',
      'Ads:Edit,Clients:Read',
      '--svc-role',
      'admin',
    )
    expect(user.body).toEqual({ sub: expect.stringMatching(/^ACC\d+$/) })
    const duplicate = await json('user', 'create', '--email', 'ada@example.com', '--name', 'Ada', '--password', 'analytical engine')
    expect(duplicate.body.error.message).toBe('an account with the email ada@example.com exists already')

    const confidential = await json(
      'client',
      'create',
      '--name',
      'Shop',
      '--redirect-uri',
      'https://shop.example/callback',
      '--post-logout-redirect-uri',
      'https://shop.example/',
    )
    expect(confidential.body).toEqual({
      client_id: expect.stringMatching(/^cli_/),
      application_type: 'web',
      client_secret: expect.stringMatching(/^sec_/),
    })
    const publicClient = await json('client', 'create', '--name', 'App', '--redirect-uri', 'http://127.0.0.1:9000/cb', '--public')
    expect(publicClient.body).toEqual({ client_id: expect.stringMatching(/^cli_/), application_type: 'web' })
    expect((await json('client', 'create', '--name', 'Bad', '--redirect-uri', 'not a uri')).body.error.message).toBe(
      'redirect_uri "not a uri" must be an absolute URI',
    )

    // The first key signs at once; the next is published now and signs in 6 hours.
    const first = await json('keys', 'rotate')
    expect(Date.parse(first.body.signs_from)).toBeLessThanOrEqual(Date.now())
    const second = await json('keys', 'rotate')
    expect(first.body.kid).not.toBe(second.body.kid)
    expect(Date.parse(second.body.signs_from) - Date.now()).toBeGreaterThan(6 * 3600_000 - 60_000)
    // While that key waits, another rotation names it and changes nothing.
    const again = await cli('keys', 'rotate', '--jwks-cache-seconds', '600')
    expect(again.stdout).toMatch(
      new RegExp(
        `^Signing key ${second.body.kid} is already published and starts signing at \\S+ \\(in (6 hours|5 hours 59 minutes)\\); nothing changed`,
      ),
    )
    expect(again.stdout).toContain('keys rotate --now')
    expect((await cli('keys', 'rotate', '--jwks-cache-seconds', 'soon')).stderr).toContain(
      '--jwks-cache-seconds must be an integer from 0 to 604800',
    )
    const emergency = await cli('keys', 'rotate', '--now')
    expect(emergency.stdout).toMatch(/^New signing key \S+ signs now; every earlier key left the JWKS/)
    const db = await openDatabase({ sqlitePath: dbPath })
    try {
      // A leaked key stops verifying at once: only the emergency key is published.
      const res = await createApp({ db }).request('/.well-known/jwks.json')
      const published = (await res.json()).keys.map((key: { kid: string }) => key.kid)
      expect(published).toHaveLength(1)
      expect(published).not.toContain(first.body.kid)
      expect(published).not.toContain(second.body.kid)
    } finally {
      await db.destroy()
    }
  })

  it('tells when a rotated key starts signing', async () => {
    expect((await json('keys', 'rotate')).body.created).toBe(true)
    const told = await cli('keys', 'rotate', '--jwks-cache-seconds', '600')
    expect(told.stdout).toMatch(/is published in the JWKS now and starts signing at \S+ \(in 10 minutes,/)
    expect(told.stdout).toContain('keys rotate --now')
  })

  it('registers a client whose webhook URL is private, warning that the server sends there only when allowed', async () => {
    const client = await json(
      'client',
      'create',
      '--name',
      'Intranet',
      '--redirect-uri',
      'https://i.example/cb',
      '--webhook-url',
      'http://10.0.0.5/hooks',
    )
    expect(client.exitCode).toBe(0)
    expect(client.body.webhook_secret).toMatch(/^whsec_/)
    expect(client.stderr).toContain('svc-bff: warning: --webhook-url must reach a public address')
    expect(client.stderr).toContain('SVC_WEBHOOK_ALLOW_PRIVATE=1')
    const outside = await json(
      'client',
      'create',
      '--name',
      'Shop',
      '--redirect-uri',
      'https://s.example/cb',
      '--webhook-url',
      'https://93.184.216.34/hooks',
    )
    expect(outside.stderr).toBe('')
  })

  it('operates webhooks: secrets, ping, list, replay, consent revocation and account deletion', async () => {
    const client = await json(
      'client',
      'create',
      '--name',
      'Shop',
      '--redirect-uri',
      'https://shop.example/cb',
      '--webhook-url',
      'https://shop.example/hooks',
    )
    expect(client.body).toMatchObject({
      client_id: expect.any(String),
      client_secret: expect.any(String),
      webhook_secret: expect.stringMatching(/^whsec_/),
    })
    const clientId = client.body.client_id
    const added = await json('client', 'secret', 'add', '--client', clientId)
    expect(added.body).toEqual({ id: 2, webhook_secret: expect.stringMatching(/^whsec_/) })
    expect((await json('client', 'secret', 'remove', '--client', clientId)).body).toEqual({ removed: 1 })
    expect((await json('client', 'secret', 'remove', '--client', clientId)).body.error.message).toBe(
      'the endpoint has only one signing secret; add a new one before removing the old',
    )

    expect((await json('webhooks', 'ping', '--client', clientId, '--count', '2')).body).toEqual({ pinged: 2 })
    const listed = await json('webhooks', 'list')
    expect(listed.body.deliveries).toHaveLength(2)
    expect(listed.body.deliveries[0]).toMatchObject({ state: 'pending', attempts: 0, event: 'ping', client_id: clientId, attempt_log: [] })
    expect((await json('webhooks', 'list', '--dead')).body.deliveries).toEqual([])
    const id = listed.body.deliveries[0].id
    expect((await json('webhooks', 'replay', id)).body).toEqual({ replayed: [id] })
    expect((await json('webhooks', 'replay', '--client', clientId, '--dead')).body).toEqual({ replayed_count: 0 })
    expect((await json('webhooks', 'replay', 'nope')).body.error.message).toBe('no webhook delivery has the id nope')

    const { body: user } = await json('user', 'create', '--email', 'ada@example.com', '--name', 'Ada', '--password', 'analytical engine')
    const db = await openDatabase({ sqlitePath: dbPath })
    try {
      const [u, c] = await Promise.all([
        db.selectFrom('users').select('id').executeTakeFirstOrThrow(),
        db.selectFrom('clients').select('id').where('client_id', '=', clientId).executeTakeFirstOrThrow(),
      ])
      await db
        .insertInto('consents')
        .values({ user_id: u.id, client_id: c.id, scopes: '["openid"]', granted_at: new Date().toISOString(), revoked_at: null })
        .execute()
    } finally {
      await db.destroy()
    }
    expect((await json('user', 'revoke-consent', '--email', 'ada@example.com', '--client', clientId)).body).toEqual({
      revoked: { account: user.sub, client: clientId },
    })
    expect((await json('user', 'revoke-consent', '--email', 'ada@example.com', '--client', clientId)).body.error.message).toBe(
      `ada@example.com has not consented to ${clientId}`,
    )
    expect((await json('user', 'delete', '--sub', user.sub)).body).toEqual({ deleted: user.sub })
    expect((await json('user', 'delete', '--sub', user.sub)).body.error.message).toBe(`no account has the code ${user.sub}`)
    const events = (await json('webhooks', 'list')).body.deliveries.map((delivery: { event: string }) => delivery.event)
    expect(events.sort()).toEqual(['account.consent_revoked', 'account.deleted', 'ping', 'ping'])
  })

  it('names the field an invalid ad breaks', async () => {
    const org = await json('org', 'create', '--name', 'Acme')
    const result = await cli('ad', 'create', '--org', org.body.code, '--title', 'T', '--display', 'Home', '--target', '_top')
    expect(result).toEqual({ exitCode: 1, stdout: '', stderr: 'svc-bff: target must be _self or _blank' })
  })

  it('backs up the database while it is open, and restores by backing up the copy', async () => {
    const org = await json('org', 'create', '--name', 'Acme')
    const live = await openDatabase({ sqlitePath: dbPath })
    const copy = join(mkdtempSync(join(tmpdir(), 'svc-backup-')), 'copy.db')
    const backup = await json('backup', '--to', copy)
    expect(backup.body).toMatchObject({ backup: copy, from: dbPath })
    expect(backup.body.bytes).toBeGreaterThan(0)
    await live.destroy()
    // The copy's secrets stay encrypted: it opens with the database's key file, as a restore puts both back.
    const restored = await openDatabase({ sqlitePath: copy }, { secretKey: { file: `${dbPath}.key` } })
    expect((await restored.selectFrom('organisations').select('code').execute()).map((row) => row.code)).toEqual([org.body.code])
    await restored.destroy()

    // Into a folder that does not exist yet: made, private as the data folder.
    const nested = join(mkdtempSync(join(tmpdir(), 'svc-backup-')), 'nightly', '2026', 'copy.db')
    expect((await json('backup', '--to', nested)).body).toMatchObject({ backup: nested })
    expect(statSync(dirname(nested)).mode & 0o777).toBe(0o700)
    expect((await cli('backup', '--to', copy)).stderr).toBe(`svc-bff: ${copy} already exists; backups never overwrite a file`)
    expect((await cli('backup', '--to', dbPath)).stderr).toBe('svc-bff: --to names the database itself; choose another file')
    expect((await cli('backup')).exitCode).toBe(2)
    expect((await cli('backup', '--to', '')).exitCode).toBe(2)
    const notDatabase = join(mkdtempSync(join(tmpdir(), 'svc-backup-')), 'notes.txt')
    writeFileSync(notDatabase, 'just some text, long enough to be read as a header by SQLite '.repeat(10))
    const fromText = await runCli(['backup', '--db', notDatabase, '--to', `${notDatabase}.db`], {
      stdout: () => {},
      stderr: (line) => expect(line).toBe(`svc-bff: cannot read the database ${notDatabase}: file is not a database`),
      env: {},
    })
    expect(fromText).toBe(1)
    const onPostgres = await runCli(['backup', '--to', '/tmp/x.db'], {
      stdout: () => {},
      stderr: () => {},
      env: { DATABASE_URL: 'postgres://db/svc' },
    })
    expect(onPostgres).toBe(1)
  })
})
