import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLocalJWKSet, jwtVerify } from 'jose'
import { externalProvider } from '../accounts/account-links.js'
import { openDatabase } from '../db/open-database.js'
import { freshPostgresSchema, testingOnPostgres } from '../db/test-database.js'
import { signRs256 } from '../grants/sign-jws.js'
import { signingKeys, storeSigningKey } from '../grants/signing-keys.js'
import { testSigningKey } from '../testing/test-signing-key.js'
import { activeWebhookSecrets } from '../webhooks/secrets.js'
import { webhookEndpointsOfClient } from '../webhooks/endpoints.js'
import { commandSettings, withDatabase } from './context.js'
import { runCli } from './run-cli.js'

const KEY_SENTENCE = /^svc-bff: (.+) holds secret key ([0-9a-f]{8}), but this database's secrets are encrypted under key ([0-9a-f]{8}): /
const THE_KEY = 'the key they were encrypted with (after `secrets rekey`, the new one)'

let folder: string
let dbPath: string
/** On PostgreSQL: the fresh schema's URL, and how to drop it. */
let postgres: { url: string; drop(): Promise<void> } | undefined

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'svc-secrets-'))
  dbPath = join(folder, 'svc.db')
  postgres = testingOnPostgres ? await freshPostgresSchema(process.env.SVC_TEST_DATABASE_URL!) : undefined
})

afterEach(async () => {
  await postgres?.drop()
})

/** Runs svc-bff on this test's database (the SQLite file, or the PostgreSQL schema) with `env`. */
async function svc(argv: string[], env: Record<string, string> = {}) {
  const stdout: string[] = []
  const stderr: string[] = []
  const where = postgres ? [] : ['--db', dbPath]
  const exitCode = await runCli([...argv, ...where], {
    stdout: (text) => stdout.push(text),
    stderr: (text) => stderr.push(text),
    env: postgres ? { DATABASE_URL: postgres.url, ...env } : env,
  })
  return { exitCode, stdout: stdout.join('\n'), stderr: stderr.join('\n') }
}

const keyFile = (name: string, bytes = randomBytes(32)) => {
  const path = join(folder, name)
  writeFileSync(path, `${bytes.toString('base64')}\n`, { mode: 0o600 })
  return path
}

/** Adds one of each secret kind through the CLI; returns the secrets it was shown or gave. */
async function storeSecrets(env: Record<string, string>) {
  const client = await svc(
    [
      'client',
      'create',
      '--name',
      'Shop',
      '--redirect-uri',
      'https://shop.example/cb',
      '--webhook-url',
      'https://shop.example/hook',
      '--json',
    ],
    env,
  )
  expect(client.exitCode).toBe(0)
  const providerSecret = `provider-${randomBytes(8).toString('hex')}`
  const provider = await svc(
    [
      'provider',
      'add',
      '--slug',
      'partner',
      '--name',
      'Partner',
      '--issuer',
      'https://id.partner.example',
      '--client-id',
      'svc',
      '--client-secret',
      providerSecret,
    ],
    env,
  )
  expect(provider.exitCode).toBe(0)
  await storeTestSigningKey(env)
  return { webhookSecret: JSON.parse(client.stdout).webhook_secret as string, providerSecret }
}

/**
 * Stores the tests' pre-generated signing key as `keys rotate --now` stores
 * the one it makes (storeSigningKey seals it), in the database opened the
 * way a command opens it with `env`: what lies at rest is the same, without
 * an RSA generation (0.2-0.6 s of a core) in each test.
 */
async function storeTestSigningKey(env: Record<string, string>) {
  const io = { stdout: () => undefined, stderr: () => undefined, env: postgres ? { DATABASE_URL: postgres.url, ...env } : env }
  await withDatabase(commandSettings(postgres ? {} : { db: dbPath }, io), (db) => storeSigningKey(db, testSigningKey(), { immediately: true }))
}

/** A command that must open every provider's secret: it fails when the key is not the database's. */
const readsSecrets = (env: Record<string, string>) => svc(['provider', 'list', '--json'], env)

describe.skipIf(testingOnPostgres)('the secret key of a SQLite database', () => {
  it('is made 0600 beside a new database, and neither the database file nor its backup holds a secret in clear', async () => {
    const { webhookSecret, providerSecret } = await storeSecrets({})
    const key = `${dbPath}.key`
    expect(statSync(key).mode & 0o777).toBe(0o600)
    const raw = Buffer.concat([readFileSync(dbPath), ...(existsSync(`${dbPath}-wal`) ? [readFileSync(`${dbPath}-wal`)] : [])]).toString(
      'latin1',
    )
    expect(raw).toContain('Shop') // the file is readable as such: the test would see a secret
    for (const secret of [webhookSecret, providerSecret, '"d":"', 'whsec_']) expect(raw).not.toContain(secret)

    const backup = join(folder, 'backup.db')
    expect((await svc(['backup', '--to', backup])).exitCode).toBe(0)
    for (const secret of [webhookSecret, providerSecret, '"d":"']) expect(readFileSync(backup).toString('latin1')).not.toContain(secret)
    // A restored copy opens with the key it was encrypted under, and not without it.
    const withoutKey = await runCli(['provider', 'list', '--db', backup], { stdout: () => {}, stderr: () => {}, env: {} })
    expect(withoutKey).toBe(1)
    const restored: string[] = []
    expect(
      await runCli(['provider', 'list', '--db', backup], {
        stdout: (t) => restored.push(t),
        stderr: () => {},
        env: { SVC_SECRET_KEY_FILE: key },
      }),
    ).toBe(0)
    expect(restored.join()).toContain('partner')
  })

  it('refuses to start without the key file once secrets are encrypted, naming the file', async () => {
    await storeSecrets({})
    renameSync(`${dbPath}.key`, join(folder, 'moved.key'))
    const result = await readsSecrets({})
    expect(result.exitCode).toBe(1)
    expect(result.stderr).toMatch(
      new RegExp(
        `^svc-bff: the key file ${dbPath}\\.key is missing, and this database's secrets are encrypted under secret key [0-9a-f]{8}: restore the file from where you backed it up, or set SVC_SECRET_KEY or SVC_SECRET_KEY_FILE to that key$`,
      ),
    )
    expect(existsSync(`${dbPath}.key`)).toBe(false)
    expect((await readsSecrets({ SVC_SECRET_KEY_FILE: join(folder, 'moved.key') })).exitCode).toBe(0)
  })

  it('refuses a key file beside the database that holds another key, naming the file and how to restore it', async () => {
    await storeSecrets({})
    const saved = readFileSync(`${dbPath}.key`, 'utf8')
    // Another copy's key file, as after restoring the database without its own.
    writeFileSync(`${dbPath}.key`, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 })
    const result = await readsSecrets({})
    expect(result.exitCode).toBe(1)
    expect(result.stderr).toMatch(new RegExp(`^svc-bff: the key file ${dbPath}\\.key holds secret key [0-9a-f]{8}, but`))
    expect(result.stderr.endsWith(`: restore ${dbPath}.key from where you backed it up, or set SVC_SECRET_KEY or SVC_SECRET_KEY_FILE to ${THE_KEY}`)).toBe(true)
    writeFileSync(`${dbPath}.key`, saved)
    expect((await readsSecrets({})).exitCode).toBe(0)
  })

  it('rekeys in place: the key file holds the new key, the old one is kept beside it and refused', async () => {
    const { webhookSecret } = await storeSecrets({})
    const before = readFileSync(`${dbPath}.key`, 'utf8')
    const rekey = await svc(['secrets', 'rekey', '--json'])
    expect(rekey.exitCode).toBe(0)
    const body = JSON.parse(rekey.stdout)
    expect(body).toMatchObject({ key_file: `${dbPath}.key`, reencrypted: { signing_keys: 1, webhook_secrets: 1, external_providers: 1 } })
    expect(readFileSync(body.old_key_file, 'utf8')).toBe(before)
    expect(readFileSync(`${dbPath}.key`, 'utf8')).not.toBe(before)
    expect(statSync(`${dbPath}.key`).mode & 0o777).toBe(0o600)
    expect((await readsSecrets({})).exitCode).toBe(0)
    const old = await readsSecrets({ SVC_SECRET_KEY_FILE: body.old_key_file })
    expect(old.exitCode).toBe(1)
    expect(old.stderr).toMatch(KEY_SENTENCE)
    expect(old.stderr).toContain(`SVC_SECRET_KEY_FILE (${body.old_key_file}) holds secret key ${body.old_key}`)
    expect(old.stderr).toContain(`: put ${THE_KEY} in ${body.old_key_file}, or point SVC_SECRET_KEY_FILE at the file that holds it`)
    const text = await svc(['secrets', 'rekey'])
    expect(text.stdout).toContain(`${dbPath}.key now holds key`)
    expect(text.stdout).toContain('(1 signing key, 1 webhook secret')
    expect(text.stdout).toContain('keep it with them')
    expect(readFileSync(dbPath).toString('latin1')).not.toContain(webhookSecret)
    // Each rotation is in the audit log, by the keys' ids only.
    const audit = JSON.parse((await svc(['audit', 'list', '--action', 'secret_key.', '--json'])).stdout) as {
      events: { action: string; actor: { kind: string }; detail: Record<string, unknown> }[]
    }
    expect(audit.events.map((event) => event.action)).toEqual(['secret_key.rotated', 'secret_key.rotated'])
    expect(audit.events).toContainEqual(
      expect.objectContaining({
        actor: expect.objectContaining({ kind: 'cli' }),
        detail: { old_key: body.old_key, new_key: body.new_key },
      }),
    )
    expect(JSON.stringify(audit)).not.toContain(before.trim())
  })
})

describe('the secret key given by the settings', () => {
  it('refuses a wrong, malformed or unreadable key with a sentence naming the setting, and exit code 1', async () => {
    const right = keyFile('right.key')
    await storeSecrets({ SVC_SECRET_KEY_FILE: right })
    const wrong = await readsSecrets({ SVC_SECRET_KEY: randomBytes(32).toString('hex') })
    expect(wrong.exitCode).toBe(1)
    expect(wrong.stderr).toMatch(KEY_SENTENCE)
    expect(wrong.stderr).toMatch(/^svc-bff: SVC_SECRET_KEY holds/)
    expect(wrong.stderr.endsWith(`: set SVC_SECRET_KEY to ${THE_KEY}`)).toBe(true)
    expect(await readsSecrets({ SVC_SECRET_KEY: 'not-a-key' })).toMatchObject({
      exitCode: 1,
      stderr:
        'svc-bff: SVC_SECRET_KEY must be 32 random bytes in base64, base64url or hex, such as the output of `openssl rand -base64 32`',
    })
    const missing = join(folder, 'missing.key')
    expect(await readsSecrets({ SVC_SECRET_KEY_FILE: missing })).toMatchObject({
      exitCode: 1,
      stderr: `svc-bff: SVC_SECRET_KEY_FILE (${missing}) cannot be read: ENOENT`,
    })
    expect((await readsSecrets({ SVC_SECRET_KEY_FILE: right, SVC_SECRET_KEY: randomBytes(32).toString('base64') })).stderr).toBe(
      'svc-bff: set SVC_SECRET_KEY or SVC_SECRET_KEY_FILE, not both',
    )
    // The key in its other spellings opens it too.
    const bytes = Buffer.from(readFileSync(right, 'utf8').trim(), 'base64')
    expect((await readsSecrets({ SVC_SECRET_KEY: bytes.toString('hex') })).exitCode).toBe(0)
    expect((await readsSecrets({ SVC_SECRET_KEY: bytes.toString('base64url') })).exitCode).toBe(0)
  })

  it('rekeys to a new key file svc makes, after which the new key opens every secret and the old one is refused', async () => {
    const first = keyFile('first.key')
    const { providerSecret, webhookSecret } = await storeSecrets({ SVC_SECRET_KEY_FILE: first })
    expect((await svc(['secrets', 'rekey'], { SVC_SECRET_KEY_FILE: first })).stderr).toMatch(
      /^svc-bff: secrets rekey needs --new-key-file FILE/,
    )
    const second = join(folder, 'second.key')
    const rekey = await svc(['secrets', 'rekey', '--new-key-file', second], { SVC_SECRET_KEY_FILE: first })
    expect(rekey.exitCode).toBe(0)
    expect(rekey.stdout).toMatch(
      /^Re-encrypted \d+ secrets in one transaction \(1 signing key, 1 webhook secret, 1 provider client secret, \d+ settings?\) from key [0-9a-f]{8} to key [0-9a-f]{8}\.$/m,
    )
    expect(rekey.stdout).toContain(`Made the new key in ${second} (0600). svc now refuses key`)
    expect(rekey.stdout).toContain(`set SVC_SECRET_KEY_FILE=${second}`)
    expect(statSync(second).mode & 0o777).toBe(0o600)

    const old = await readsSecrets({ SVC_SECRET_KEY_FILE: first })
    expect(old.exitCode).toBe(1)
    expect(old.stderr).toMatch(KEY_SENTENCE)
    const now = await readsSecrets({ SVC_SECRET_KEY_FILE: second })
    expect(now.exitCode).toBe(0)
    expect(JSON.parse(now.stdout).providers).toEqual([expect.objectContaining({ slug: 'partner' })])
    // Under the new key svc signs a token, signs webhooks with the secret the client was shown, and hands a provider its secret.
    const db = await openDatabase(postgres ? { databaseUrl: postgres.url } : { sqlitePath: dbPath }, { secretKey: { file: second } })
    try {
      const keys = signingKeys(db)
      const { kid, privateKey } = await keys.current()
      const token = await signRs256({ alg: 'RS256', kid }, { sub: 'ACC1' }, privateKey)
      expect((await jwtVerify(token, createLocalJWKSet(await keys.jwks()))).payload.sub).toBe('ACC1')
      const client = await db.selectFrom('clients').select('id').where('name', '=', 'Shop').executeTakeFirstOrThrow()
      const [endpoint] = await webhookEndpointsOfClient(db, client.id)
      expect(await activeWebhookSecrets(db, endpoint!)).toEqual([webhookSecret])
      expect((await externalProvider(db, 'partner'))?.client_secret).toBe(providerSecret)
    } finally {
      await db.destroy()
    }
    // A file the operator made is read, not overwritten; the key in use is refused as the new one.
    expect((await svc(['secrets', 'rekey', '--new-key-file', second], { SVC_SECRET_KEY_FILE: second })).stderr).toMatch(
      new RegExp(`^svc-bff: ${second} holds the key svc uses now \\(key [0-9a-f]{8}\\); give a new one$`),
    )
  })
})

describe.runIf(testingOnPostgres)('svc on PostgreSQL', () => {
  it('refuses to start without a secret key, naming the settings', async () => {
    expect(await readsSecrets({})).toMatchObject({
      exitCode: 1,
      stderr:
        'svc-bff: svc on PostgreSQL needs its secret key: set SVC_SECRET_KEY or SVC_SECRET_KEY_FILE to 32 random bytes in base64, base64url or hex, such as the output of `openssl rand -base64 32`, the same on every replica',
    })
  })
})
