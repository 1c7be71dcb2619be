/**
 * @module The webhook outbox on the test database: recording an event
 * stores it and queues one delivery for each endpoint of its client that
 * subscribes to it (pending when enabled, held when disabled for failing,
 * none when disabled by hand), inside the caller's transaction; an unknown
 * client records nothing and oversized data is refused.
 */
import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clientByClientId, createClient } from '../clients/clients.js'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { listDeliveries } from './deliveries.js'
import { addWebhookEndpoint, disableFailingEndpoint, disableWebhookEndpoint, noteEndpointAttempt } from './endpoints.js'
import { webhookOutbox } from './outbox.js'
import { webhookEventData } from './webhook-events.js'

const NOW = new Date('2026-06-01T08:00:00.000Z')
const outbox = webhookOutbox({ now: () => NOW })

let db: Kysely<Database>
let clientId: string
let clientRow: number
beforeEach(async () => {
  db = await openTestDatabase()
  clientId = (await createClient(db, { name: 'Shop', redirectUris: ['https://shop.example/cb'] })).clientId
  clientRow = (await clientByClientId(db, clientId))!.id
})
afterEach(() => db.destroy())

const endpoint = async (path: string, events: Parameters<typeof addWebhookEndpoint>[1]['events'] = ['*']) =>
  (await addWebhookEndpoint(db, { clientId: clientRow, url: `https://shop.example/${path}`, events })).endpoint
const storedEvents = () => db.selectFrom('webhook_events').selectAll().execute()

describe('the webhook outbox', () => {
  it('stores the event and queues it, due now, for each endpoint subscribed to it', async () => {
    const all = await endpoint('all')
    const deletions = await endpoint('deletions', ['account.deleted'])
    await endpoint('sign-outs', ['account.signed_out'])
    await db.transaction().execute((trx) => outbox.record(trx, 'account.deleted', clientId, { account: 'ACC1' }))
    const [event] = await storedEvents()
    expect(event).toMatchObject({ event: 'account.deleted', client_id: clientRow, created_at: NOW.toISOString() })
    expect(event!.id).toMatch(/^evt_[0-9a-f]{32}$/)
    expect(webhookEventData(event!)).toEqual({ account: 'ACC1' })
    const deliveries = await listDeliveries(db)
    expect(deliveries.map((row) => row.endpoint_id).sort()).toEqual([all.id, deletions.id].sort())
    for (const delivery of deliveries)
      expect(delivery).toMatchObject({ event_id: event!.id, event: 'account.deleted', client_id: clientId, state: 'pending', attempts: 0, next_attempt_at: NOW.toISOString() })
  })

  it('holds the event for an endpoint disabled for failing, and queues none for one disabled by hand', async () => {
    const failing = await endpoint('failing')
    await noteEndpointAttempt(db, failing.id, { ok: false, at: new Date('2026-05-01T00:00:00Z') })
    expect(await disableFailingEndpoint(db, failing.id, { failingBefore: new Date('2026-05-20T00:00:00Z'), now: NOW })).toBeDefined()
    const stopped = await endpoint('stopped')
    await disableWebhookEndpoint(db, stopped.id, 'disabled by dev@shop.example')
    await outbox.record(db, 'ping', clientId, { message: 'hello' })
    const deliveries = await listDeliveries(db)
    expect(deliveries.map(({ endpoint_id, state }) => ({ endpoint_id, state }))).toEqual([{ endpoint_id: failing.id, state: 'held' }])
  })

  it('records nothing for a client it does not know, or with no endpoint', async () => {
    await outbox.record(db, 'ping', 'no-such-client', { message: 'hello' })
    expect(await storedEvents()).toEqual([])
    await outbox.record(db, 'ping', clientId, { message: 'hello' })
    expect(await storedEvents()).toHaveLength(1)
    expect(await listDeliveries(db)).toEqual([])
  })

  it('commits or rolls back with the change it reports', async () => {
    await endpoint('all')
    await expect(
      db.transaction().execute(async (trx) => {
        await outbox.record(trx, 'account.deleted', clientId, { account: 'ACC1' })
        throw new Error('the deletion failed')
      }),
    ).rejects.toThrow('the deletion failed')
    expect(await storedEvents()).toEqual([])
    expect(await listDeliveries(db)).toEqual([])
  })

  it('refuses data over 64 KiB and stores nothing', async () => {
    await endpoint('all')
    await expect(outbox.record(db, 'ping', clientId, { message: 'x'.repeat(64 * 1024) })).rejects.toBeInstanceOf(RangeError)
    expect(await storedEvents()).toEqual([])
  })
})
