import { describe, expect, it } from 'vitest'
import { migrationTestDatabase } from '../../testing/migration-test-database.js'

describe('migration 0032 on a database an older svc wrote', () => {
  it("keeps older attempts, with no request, headers or next attempt, and keeps a new attempt's detail", async () => {
    const older = await migrationTestDatabase('0032')
    const { db } = older
    try {
      await older.migrateTo('0030_backchannel_logout')
      const now = '2026-01-05T10:00:00.000Z'
      const client = await db
        .insertInto('clients')
        .values({ client_id: 'cli_shop', name: 'Shop', secret_hash: null, redirect_uris: '[]', post_logout_redirect_uris: '[]', scopes: '["openid"]', privacy_policy_url: null, terms_of_service_url: null, owner_sub: null, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
      await db.insertInto('webhook_events').values({ id: 'evt_1', event: 'ping', client_id: client.id, data: '{}', created_at: now }).execute()
      await db
        .insertInto('webhook_deliveries')
        .values({ id: 'd1', event_id: 'evt_1', client_id: client.id, endpoint_id: null, url: 'https://shop.example/hooks', state: 'delivered', attempts: 1, next_attempt_at: 0, lease_owner: null, lease_expires_at: null, created_at: now, delivered_at: now })
        .execute()
      const attempt = { delivery_id: 'd1', attempted_at: now, duration_ms: 12, status_code: 204, response_excerpt: '', error: null }
      await db.insertInto('webhook_attempts').values(attempt).execute()
      await older.migrateToLatest()
      expect(await db.selectFrom('webhook_attempts').selectAll().execute()).toEqual([
        { id: expect.anything(), ...attempt, request_headers: null, request_body: null, response_headers: null, response_truncated: 0, next_attempt_at: null },
      ])
      const detail = { request_headers: '[["Host","shop.example"]]', request_body: '{}', response_headers: '[]', response_truncated: 1, next_attempt_at: now }
      await db.insertInto('webhook_attempts').values({ ...attempt, ...detail }).execute()
      expect(await db.selectFrom('webhook_attempts').select(Object.keys(detail) as never).where('response_truncated', '=', 1).execute()).toEqual([detail])
      // And back down: the older svc's table as it was.
      await older.migrateTo('0030_backchannel_logout')
      expect(Object.keys((await db.selectFrom('webhook_attempts').selectAll().executeTakeFirstOrThrow()) as object).sort()).toEqual(
        ['attempted_at', 'delivery_id', 'duration_ms', 'error', 'id', 'response_excerpt', 'status_code'],
      )
    } finally {
      await older.close()
    }
  })
})
