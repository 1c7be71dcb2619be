import { describe, expect, it } from 'vitest'
import { type MigrationTestDatabase, migrationTestDatabase } from '../../testing/migration-test-database.js'

/** A migration before sessions had a sid and clients a back-channel logout URI. */
const OLDER = '0027_session_devices'

/**
 * Three sessions, a client, a code and a token an older svc wrote, in
 * 0027's schema: the database is taken back down to it, which runs 0030's `down` too.
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
  const sessions = await db
    .insertInto('sessions')
    .values([
      { ...session, session_hash: 'one', ended_at: null },
      { ...session, session_hash: 'two', ended_at: null },
      { ...session, session_hash: 'three', ended_at: null },
    ])
    .returning('id')
    .execute()
  const client = await db
    .insertInto('clients')
    .values({
      client_id: 'cli_shop',
      name: 'Shop',
      secret_hash: null,
      redirect_uris: '["https://shop.example/cb"]',
      post_logout_redirect_uris: '[]',
      scopes: '["openid"]',
      webhook_url: null,
      privacy_policy_url: null,
      terms_of_service_url: null,
      owner_sub: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const issued = { client_id: client.id, user_id: user.id, scopes: 'openid', auth_time: 1767607200, grant_id: 'g1' }
  // The first session signed in to the shop by a code, the second holds its tokens, the third signed in nowhere.
  await db
    .insertInto('authorization_codes')
    .values({
      ...issued,
      code_hash: 'c1',
      session_id: sessions[0]!.id,
      redirect_uri: 'https://shop.example/cb',
      nonce: null,
      code_challenge: null,
      created_at: now,
      expires_at: now,
      consumed_at: now,
    })
    .execute()
  await db
    .insertInto('tokens')
    .values({
      ...issued,
      token_hash: 't1',
      kind: 'refresh',
      session_id: sessions[1]!.id,
      created_at: '2026-01-05T11:00:00.000Z',
      expires_at: '2026-01-19T10:00:00.000Z',
      grant_expires_at: '2026-04-05T10:00:00.000Z',
      retired_at: null,
      revoked_at: null,
    })
    .execute()
  return { sessionIds: sessions.map((row) => row.id), clientId: client.id }
}

describe('migration 0030 on a database an older svc wrote', () => {
  it('names each session with its own random sid and records which clients each signed in to', async () => {
    const older = await migrationTestDatabase('0030')
    const { db } = older
    try {
      const { sessionIds, clientId } = await writeAsAnOlderSvc(older)
      await older.migrateToLatest()
      const sids = (await db.selectFrom('sessions').select('sid').execute()).map((row) => row.sid)
      expect(sids).toHaveLength(3)
      for (const sid of sids) expect(sid).toMatch(/^[\w-]{22}$/)
      expect(new Set(sids).size).toBe(3)
      const signedIn = await db.selectFrom('session_clients').selectAll().orderBy('session_id').execute()
      expect(signedIn).toEqual([
        { session_id: sessionIds[0], client_id: clientId, created_at: '2026-01-05T10:00:00.000Z' },
        { session_id: sessionIds[1], client_id: clientId, created_at: '2026-01-05T11:00:00.000Z' },
      ])
      const client = await db
        .selectFrom('clients')
        .select(['backchannel_logout_uri', 'backchannel_logout_session_required'])
        .executeTakeFirstOrThrow()
      expect(client).toEqual({ backchannel_logout_uri: null, backchannel_logout_session_required: 0 })
    } finally {
      await older.close()
    }
  })
})
