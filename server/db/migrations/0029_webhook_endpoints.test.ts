import type { Kysely } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../shared/webhook-signature.js'
import { type MigrationTestDatabase, migrationTestDatabase } from '../../testing/migration-test-database.js'
import { type Receiver, startReceiver } from '../../testing/webhook-receiver.js'
import { webhookEndpointsOfClient } from '../../webhooks/endpoints.js'
import { webhookOutbox } from '../../webhooks/outbox.js'
import { webhookWorker } from '../../webhooks/worker.js'
import { secretBoxOf } from '../secret-box.js'

/** The last migration before a client had several webhook endpoints. */
const OLDER = '0027_session_devices'

let receiver: Receiver | undefined
afterEach(async () => {
  await receiver?.close()
  receiver = undefined
})

/**
 * A client with a webhook URL, a rotation under way (two active secrets
 * and a removed one) and a delivered event, and a client with no URL, as
 * an older svc wrote them: the database is taken back down to 0027.
 */
async function writeAsAnOlderSvc({ db, migrateTo }: MigrationTestDatabase, url: string) {
  await migrateTo(OLDER)
  const now = '2026-01-05T10:00:00.000Z'
  const client = { secret_hash: null, redirect_uris: '[]', post_logout_redirect_uris: '[]', scopes: '["openid"]', privacy_policy_url: null, terms_of_service_url: null, owner_sub: null }
  const shop = await db
    .insertInto('clients')
    .values({ ...client, client_id: 'cli_shop', name: 'Shop', webhook_url: url, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db.insertInto('clients').values({ ...client, client_id: 'cli_bare', name: 'Bare', webhook_url: null, created_at: now }).execute()
  const box = secretBoxOf(db)
  const sealed = (secret: string) => box.seal({ table: 'webhook_secrets', column: 'secret', row: shop.id }, secret)
  const secrets = { removed: 'whsec_removedremovedremovedremovedrem', old: 'whsec_T2xkT2xkT2xkT2xkT2xkT2xkT2xkT2xk', fresh: 'whsec_TmV3TmV3TmV3TmV3TmV3TmV3TmV3TmV3' }
  await db
    .insertInto('webhook_secrets')
    .values([
      { client_id: shop.id, secret: sealed(secrets.removed), created_at: '2026-01-01T00:00:00.000Z', removed_at: now },
      { client_id: shop.id, secret: sealed(secrets.old), created_at: '2026-01-02T00:00:00.000Z', removed_at: null },
      { client_id: shop.id, secret: sealed(secrets.fresh), created_at: '2026-01-03T00:00:00.000Z', removed_at: null },
    ])
    .execute()
  await db.insertInto('webhook_events').values({ id: 'evt_old', event: 'ping', client_id: shop.id, data: '{"message":"before"}', created_at: now }).execute()
  await db
    .insertInto('webhook_deliveries')
    .values({ id: 'del-old', event_id: 'evt_old', client_id: shop.id, url, state: 'delivered', attempts: 1, next_attempt_at: 0, lease_owner: null, lease_expires_at: null, created_at: now, delivered_at: now })
    .execute()
  return { shop: shop.id, secrets }
}

describe('migration 0029 on a database an older svc wrote', () => {
  it("makes each client's webhook URL one endpoint for every event, carrying its secrets, so the receiver keeps verifying", async () => {
    receiver = await startReceiver()
    const database = await migrationTestDatabase('0029')
    const { db } = database
    try {
      const older = await writeAsAnOlderSvc(database, receiver.url)
      await database.migrateToLatest()

      const [endpoint, ...more] = await webhookEndpointsOfClient(db, older.shop)
      expect(more).toEqual([])
      expect(endpoint).toMatchObject({ id: expect.stringMatching(/^ep_/), url: receiver.url, events: ['*'], enabled: true, description: '' })
      // It existed since its oldest secret; its deliveries name it.
      expect(endpoint!.created_at).toBe('2026-01-01T00:00:00.000Z')
      expect(await db.selectFrom('webhook_deliveries').select('endpoint_id').execute()).toEqual([{ endpoint_id: endpoint!.id }])
      const bare = await db.selectFrom('clients').select('id').where('client_id', '=', 'cli_bare').executeTakeFirstOrThrow()
      expect(await webhookEndpointsOfClient(db, bare.id)).toEqual([])

      // A delivery now is signed with both secrets the receiver may hold, not the removed one.
      await webhookOutbox().record(db, 'account.signed_out', 'cli_shop', { account: 'ACC1' })
      await webhookWorker({ db, allowPrivate: true }).runOnce()
      const { body, headers } = receiver.received.at(-1)!
      for (const secret of [older.secrets.old, older.secrets.fresh])
        await expect(verifyWebhook(body, String(headers['x-svc-signature']), [secret])).resolves.toBe(true)
      await expect(verifyWebhook(body, String(headers['x-svc-signature']), [older.secrets.removed])).rejects.toThrow()

      // Down again: the URL is back on the client.
      await database.migrateTo(OLDER)
      const untyped = db as Kysely<any>
      expect(await untyped.selectFrom('clients').select(['client_id', 'webhook_url']).orderBy('client_id').execute()).toEqual([
        { client_id: 'cli_bare', webhook_url: null },
        { client_id: 'cli_shop', webhook_url: receiver.url },
      ])
    } finally {
      await database.close()
    }
  })
})
