import { describe, expect, it } from 'vitest'
import { migrationTestDatabase } from '../../testing/migration-test-database.js'

const BEFORE = '0030_backchannel_logout'
const now = '2026-11-20T08:00:00.000Z'

describe('migration 0031 on a database an older svc wrote', () => {
  it("starts every endpoint's failing clock stopped, and going down gives held deliveries back to the dead letters", async () => {
    const older = await migrationTestDatabase('0031')
    const { db } = older
    try {
      await older.migrateTo(BEFORE)
      const client = await db
        .insertInto('clients')
        .values({
          client_id: 'cli_shop',
          name: 'Shop',
          secret_hash: null,
          redirect_uris: '["https://shop.example/cb"]',
          post_logout_redirect_uris: '[]',
          scopes: '["openid"]',
          privacy_policy_url: null,
          terms_of_service_url: null,
          owner_sub: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await db
        .insertInto('webhook_endpoints')
        .values({ id: 'ep_1', client_id: client.id, url: 'https://shop.example/hooks', description: '', events: '["*"]', created_at: now })
        .execute()
      await older.migrateToLatest()
      expect(await db.selectFrom('webhook_endpoints').select(['id', 'failing_since', 'disabled_at']).execute()).toEqual([
        { id: 'ep_1', failing_since: null, disabled_at: null },
      ])

      // What this svc writes: a failing endpoint, disabled, with a delivery held for it.
      await db.updateTable('webhook_endpoints').set({ failing_since: now, disabled_at: now, disabled_reason: 'failing' }).execute()
      await db.insertInto('webhook_events').values({ id: 'evt_1', event: 'ping', client_id: client.id, data: '{}', created_at: now }).execute()
      await db
        .insertInto('webhook_deliveries')
        .values({
          id: 'd1',
          event_id: 'evt_1',
          client_id: client.id,
          endpoint_id: 'ep_1',
          url: 'https://shop.example/hooks',
          state: 'held',
          attempts: 0,
          next_attempt_at: 0,
          created_at: now,
        })
        .execute()
      await older.migrateTo(BEFORE)
      expect(await db.selectFrom('webhook_deliveries').select(['id', 'state']).execute()).toEqual([{ id: 'd1', state: 'dead' }])
      expect(Object.keys(await db.selectFrom('webhook_endpoints').selectAll().executeTakeFirstOrThrow())).not.toContain('failing_since')
    } finally {
      await older.close()
    }
  })
})
