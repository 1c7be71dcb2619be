import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { exportJWK, generateKeyPair } from 'jose'
import { type Kysely, type Migration, Migrator, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { externalProvider } from '../../accounts/account-links.js'
import { ensureConsoleClient } from '../../console/console-client.js'
import { signingKeys } from '../../grants/signing-keys.js'
import { activeWebhookSecrets } from '../../webhooks/secrets.js'
import { webhookEndpointsOfClient } from '../../webhooks/endpoints.js'
import { migrationNames, migrationStatus } from '../migrate.js'
import { isPostgres, openDatabase } from '../open-database.js'
import type { Database } from '../schema.js'
import { secretSetting } from '../settings.js'
import { freshPostgresSchema, testingOnPostgres } from '../test-database.js'
import * as migrationModules from './index.js'

/** The last migration before secrets were encrypted. */
const OLDER = '0022_organisation_archive'
const KEY = randomBytes(32)
const SECRET_KEY = { value: KEY.toString('base64') }

let drop: (() => Promise<void>) | undefined
afterEach(async () => {
  await drop?.()
  drop = undefined
})

/** Where the older svc's database is: a SQLite file, or a fresh PostgreSQL schema under test. */
async function location(): Promise<{ sqlitePath?: string; databaseUrl?: string }> {
  if (!testingOnPostgres) return { sqlitePath: join(mkdtempSync(join(tmpdir(), 'svc-0023-')), 'svc.db') }
  const schema = await freshPostgresSchema(process.env.SVC_TEST_DATABASE_URL!)
  drop = schema.drop
  return { databaseUrl: schema.url }
}

/** The plain secrets an older svc stored, row by row, in 0022's schema. */
async function writeAsAnOlderSvc(db: Kysely<any>) {
  const migrations: Record<string, Migration> = Object.fromEntries(
    Object.entries(migrationModules).map(([exportName, migration]) => [exportName.replace(/^m/, ''), migration]),
  )
  const schema = isPostgres(db) ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]!.schema : undefined
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateTo(OLDER)
  expect(error).toBeUndefined()
  const now = '2026-01-05T10:00:00.000Z'
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true })
  const privateJwk = { ...(await exportJWK(privateKey)), kid: 'old-kid', alg: 'RS256' }
  const { d, p, q, dp, dq, qi, ...publicJwk } = privateJwk
  await db
    .insertInto('signing_keys')
    .values({ kid: 'old-kid', private_jwk: JSON.stringify(privateJwk), public_jwk: JSON.stringify({ ...publicJwk, use: 'sig' }), created_at: now, signs_from: now, retired_at: null, withdrawn_at: null })
    .execute()
  const consoleSecret = randomBytes(32).toString('base64url')
  const { id: clientRow } = await db
    .insertInto('clients')
    .values({ client_id: 'console-client-id', name: 'svc console', secret_hash: null, redirect_uris: '[]', post_logout_redirect_uris: '[]', scopes: '["openid"]', webhook_url: 'https://shop.example/hook', privacy_policy_url: null, terms_of_service_url: null, created_at: now, owner_sub: null })
    .returning('id')
    .executeTakeFirstOrThrow()
  const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`
  await db.insertInto('webhook_secrets').values({ client_id: clientRow, secret: webhookSecret, created_at: now, removed_at: null }).execute()
  const providerSecret = `provider-${randomBytes(8).toString('hex')}`
  await db.insertInto('external_providers').values({ slug: 'partner', name: 'Partner', issuer: 'https://id.partner.example', client_id: 'svc', client_secret: providerSecret, created_at: now }).execute()
  const sealRoot = randomBytes(32).toString('base64url')
  await db
    .insertInto('settings')
    .values([
      { name: 'seal-root', value: sealRoot },
      { name: 'console-client', value: JSON.stringify({ client_id: 'console-client-id', client_secret: consoleSecret }) },
      { name: 'setup-token', value: 'a-digest-not-a-secret' },
    ])
    .execute()
  return { d: d!, webhookSecret, providerSecret, sealRoot, consoleSecret, clientRow }
}

describe('migration 0023 on a database an older svc wrote', () => {
  it('encrypts every plain secret in place, and svc reads each back as it was', async () => {
    const where = await location()
    const older = await openDatabase(where, { migrate: false })
    const plain = await writeAsAnOlderSvc(older)
    await older.destroy()

    const db = await openDatabase(where, { secretKey: SECRET_KEY, backupBeforeMigrating: true })
    try {
      expect((await migrationStatus(db)).applied.map((row) => row.name)).toEqual(migrationNames)
      const raw = [
        ...(await db.selectFrom('signing_keys').select('private_jwk as value').execute()),
        ...(await db.selectFrom('webhook_secrets').select('secret as value').execute()),
        ...(await db.selectFrom('external_providers').select('client_secret as value').execute()),
        ...(await db.selectFrom('settings').select('value').where('name', '!=', 'setup-token').execute()),
      ].map((row) => row.value)
      expect(raw).toHaveLength(6)
      for (const value of raw) expect(value).toMatch(/^enc:v1:[0-9a-f]{8}:/)
      const joined = raw.join('\n')
      for (const secret of [plain.d, plain.webhookSecret, plain.providerSecret, plain.sealRoot, plain.consoleSecret]) expect(joined).not.toContain(secret)
      // A setting that holds no secret stays as it was.
      expect((await db.selectFrom('settings').select('value').where('name', '=', 'setup-token').executeTakeFirst())?.value).toBe('a-digest-not-a-secret')

      const current = await signingKeys(db).current()
      expect(current.kid).toBe('old-kid')
      expect(current.privateKey.export({ format: 'jwk' }).d).toBe(plain.d)
      // (Migration 0029 gave the client's webhook URL an endpoint, which carries its secret.)
      expect(await activeWebhookSecrets(db, (await webhookEndpointsOfClient(db, plain.clientRow))[0]!)).toEqual([plain.webhookSecret])
      expect((await externalProvider(db, 'partner'))?.client_secret).toBe(plain.providerSecret)
      expect(await secretSetting(db, 'seal-root')).toBe(plain.sealRoot)
      expect((await ensureConsoleClient(db, 'https://id.example')).clientSecret).toBe(plain.consoleSecret)
    } finally {
      await db.destroy()
    }
    // The next start finds the key right, and another key wrong.
    await (await openDatabase(where, { secretKey: SECRET_KEY })).destroy()
    await expect(openDatabase(where, { secretKey: { value: randomBytes(32).toString('hex') } })).rejects.toThrow(
      /^SVC_SECRET_KEY holds secret key [0-9a-f]{8}, but this database's secrets are encrypted under key [0-9a-f]{8}/,
    )
    // The SQLite backup taken before the upgrade is the older svc's file, and its secrets stay as that svc wrote them.
    if (where.sqlitePath) expect(readdirSync(join(where.sqlitePath, '..')).filter((name) => name.startsWith('svc.db.before-0023-'))).toHaveLength(1)
  })

  it.skipIf(testingOnPostgres)('makes the key file beside an older SQLite database on its first start, and encrypts under it', async () => {
    const where = await location()
    const older = await openDatabase(where, { migrate: false })
    const plain = await writeAsAnOlderSvc(older)
    await older.destroy()
    const db: Kysely<Database> = await openDatabase(where)
    try {
      expect(readdirSync(join(where.sqlitePath!, '..'))).toContain('svc.db.key')
      // (Migration 0029 gave the client's webhook URL an endpoint, which carries its secret.)
      expect(await activeWebhookSecrets(db, (await webhookEndpointsOfClient(db, plain.clientRow))[0]!)).toEqual([plain.webhookSecret])
    } finally {
      await db.destroy()
    }
  })
})
