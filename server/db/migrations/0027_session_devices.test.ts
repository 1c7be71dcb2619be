import { describe, expect, it } from 'vitest'
import { type MigrationTestDatabase, migrationTestDatabase } from '../../testing/migration-test-database.js'

/** A migration before sessions kept their browser and last activity. */
const OLDER = '0025_client_organisation'

/**
 * A session an older svc started (and one that ended), in 0025's schema:
 * the database is taken back down to it, which runs 0027's `down` too.
 */
async function writeAsAnOlderSvc({ db, migrateTo }: MigrationTestDatabase) {
  await migrateTo(OLDER)
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
    const older = await migrationTestDatabase('0027')
    const { db } = older
    try {
      await writeAsAnOlderSvc(older)
      await older.migrateToLatest()
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
      await older.close()
    }
  })
})
