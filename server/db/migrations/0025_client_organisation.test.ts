import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Kysely, type Migration, Migrator, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { isPostgres, openDatabase } from '../open-database.js'
import { freshPostgresSchema, TEST_SECRET_KEY, testingOnPostgres } from '../test-database.js'
import * as migrationModules from './index.js'

/** The last migration before clients had an organisation. */
const OLDER = '0024_management_tokens'

let drop: (() => Promise<void>) | undefined
afterEach(async () => {
  await drop?.()
  drop = undefined
})

async function location(): Promise<{ sqlitePath?: string; databaseUrl?: string }> {
  if (!testingOnPostgres) return { sqlitePath: join(mkdtempSync(join(tmpdir(), 'svc-0025-')), 'svc.db') }
  const schema = await freshPostgresSchema(process.env.SVC_TEST_DATABASE_URL!)
  drop = schema.drop
  return { databaseUrl: schema.url }
}

async function migrator(db: Kysely<any>) {
  const migrations: Record<string, Migration> = Object.fromEntries(
    Object.entries(migrationModules).map(([exportName, migration]) => [exportName.replace(/^m/, ''), migration]),
  )
  const schema = isPostgres(db) ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]!.schema : undefined
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) })
}

/**
 * Clients as an older svc registered them (by a developer of Acme, by an
 * operator with no organisation, by the CLI), in 0024's schema: the
 * database is taken back down to it, which runs 0025's `down` too.
 */
async function writeAsAnOlderSvc(db: Kysely<any>) {
  expect((await (await migrator(db)).migrateTo(OLDER)).error).toBeUndefined()
  const now = '2026-01-05T10:00:00.000Z'
  await db.insertInto('organisations').values({ code: 'ORG0000000001', name: 'Acme', origins: '[]', created_at: now }).execute()
  const user = { email_verified: 1, password_hash: 'x', svc_access: '[]', svc_master: 0, svc_role: null, svc_links: '[]', created_at: now, updated_at: now }
  await db
    .insertInto('users')
    .values([
      { ...user, sub: 'developer', email: 'dev@acme.example', name: 'Dev', svc_app: 'ORG0000000001' },
      { ...user, sub: 'operator', email: 'op@svc.example', name: 'Op', svc_app: null },
    ])
    .execute()
  const client = { secret_hash: null, redirect_uris: '[]', post_logout_redirect_uris: '[]', scopes: '["openid"]', webhook_url: null, privacy_policy_url: null, terms_of_service_url: null, created_at: now }
  await db
    .insertInto('clients')
    .values([
      { ...client, client_id: 'cli_developer', name: 'Shop', owner_sub: 'developer' },
      { ...client, client_id: 'cli_operator', name: 'Tool', owner_sub: 'operator' },
      { ...client, client_id: 'cli_cli', name: 'Batch', owner_sub: null },
    ])
    .execute()
}

describe('migration 0025 on a database an older svc wrote', () => {
  it("gives each client its developer's organisation, and none to the others", async () => {
    const where = await location()
    const db = await openDatabase(where, { secretKey: { value: TEST_SECRET_KEY } })
    try {
      await writeAsAnOlderSvc(db)
      expect((await (await migrator(db)).migrateToLatest()).error).toBeUndefined()
      const rows = await db.selectFrom('clients').select(['client_id', 'organisation_id']).orderBy('client_id').execute()
      const acme = await db.selectFrom('organisations').select('id').executeTakeFirstOrThrow()
      expect(rows).toEqual([
        { client_id: 'cli_cli', organisation_id: null },
        { client_id: 'cli_developer', organisation_id: acme.id },
        { client_id: 'cli_operator', organisation_id: null },
      ])
    } finally {
      await db.destroy()
    }
  })
})
