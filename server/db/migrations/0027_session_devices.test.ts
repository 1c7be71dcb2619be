import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Kysely, type Migration, Migrator, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { isPostgres, openDatabase } from '../open-database.js'
import { freshPostgresSchema, TEST_SECRET_KEY, testingOnPostgres } from '../test-database.js'
import * as migrationModules from './index.js'

/** A migration before sessions kept their browser and last activity. */
const OLDER = '0025_client_organisation'

let drop: (() => Promise<void>) | undefined
afterEach(async () => {
  await drop?.()
  drop = undefined
})

async function location(): Promise<{ sqlitePath?: string; databaseUrl?: string }> {
  if (!testingOnPostgres) return { sqlitePath: join(mkdtempSync(join(tmpdir(), 'svc-0027-')), 'svc.db') }
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
 * A session an older svc started (and one that ended), in 0025's schema:
 * the database is taken back down to it, which runs 0027's `down` too.
 */
async function writeAsAnOlderSvc(db: Kysely<any>) {
  expect((await (await migrator(db)).migrateTo(OLDER)).error).toBeUndefined()
  const now = '2026-01-05T10:00:00.000Z'
  const user = await db
    .insertInto('users')
    .values({
      sub: 'ada',
      email: 'ada@example.com',
      name: 'Ada',
      email_verified: 1,
      password_hash: 'x',
      svc_access: '[]',
      svc_master: 0,
      svc_role: null,
      svc_app: null,
      svc_links: '[]',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const session = { user_id: user.id, auth_time: 1767607200, created_at: now, expires_at: '2026-01-19T10:00:00.000Z' }
  await db
    .insertInto('sessions')
    .values([
      { ...session, session_hash: 'live', ended_at: null },
      { ...session, session_hash: 'ended', ended_at: '2026-01-06T10:00:00.000Z' },
    ])
    .execute()
}

describe('migration 0027 on a database an older svc wrote', () => {
  it('counts its sessions last active when they signed in, with no browser known', async () => {
    const where = await location()
    const db = await openDatabase(where, { secretKey: { value: TEST_SECRET_KEY } })
    try {
      await writeAsAnOlderSvc(db)
      expect((await (await migrator(db)).migrateToLatest()).error).toBeUndefined()
      const rows = await db
        .selectFrom('sessions')
        .select(['session_hash', 'user_agent', 'last_active_at'])
        .orderBy('session_hash')
        .execute()
      expect(rows).toEqual([
        { session_hash: 'ended', user_agent: null, last_active_at: '2026-01-05T10:00:00.000Z' },
        { session_hash: 'live', user_agent: null, last_active_at: '2026-01-05T10:00:00.000Z' },
      ])
    } finally {
      await db.destroy()
    }
  })
})
