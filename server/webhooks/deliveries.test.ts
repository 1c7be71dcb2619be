/**
 * @module The webhook deliveries repository on the test database: queued
 * deliveries listed and paged newest first (ties broken by id), filtered
 * by client, endpoint, state and event; claimed under a lease and settled
 * only by the lease's owner; replayed, held, counted, recovered in order
 * and deleted with their endpoint; the backlog `/metrics` reports.
 */
import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clientByClientId, createClient } from '../clients/clients.js'
import type { Database } from '../db/schema.js'
import { idleOutbox } from '../db/idle-outbox.js'
import { openTestDatabase, testingOnPostgres } from '../db/test-database.js'
import { InvalidInput } from '../invalid-input.js'
import {
  claimDueDeliveries,
  deliveryBacklog,
  deliveryIdOfClient,
  deliveryWithAttempts,
  heldDeliveryCount,
  holdPendingDeliveriesOfEndpoint,
  listDeliveries,
  pageOfDeliveries,
  queueDelivery,
  recoverDeliveries,
  removeDeliveriesOfEndpoint,
  replayDeadDeliveries,
  replayDelivery,
  settleDeliveries,
  settleDelivery,
} from './deliveries.js'
import { addWebhookEndpoint, type WebhookEndpoint } from './endpoints.js'
import { recordWebhookAttempt, recordWebhookAttempts } from './webhook-attempts.js'
import { storeWebhookEvent } from './webhook-events.js'

const T0 = new Date('2026-05-01T12:00:00.000Z')
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000)

let db: Kysely<Database>
let shop: { id: number; clientId: string }
let blog: { id: number; clientId: string }
let hooks: WebhookEndpoint
let audit: WebhookEndpoint
let blogHooks: WebhookEndpoint

beforeEach(async () => {
  db = await openTestDatabase()
  shop = await client('Shop')
  blog = await client('Blog')
  hooks = (await addWebhookEndpoint(db, { clientId: shop.id, url: 'https://shop.example/hooks', events: ['*'] })).endpoint
  audit = (await addWebhookEndpoint(db, { clientId: shop.id, url: 'https://shop.example/audit', events: ['*'] })).endpoint
  blogHooks = (await addWebhookEndpoint(db, { clientId: blog.id, url: 'https://blog.example/hooks', events: ['*'] })).endpoint
})
afterEach(() => db.destroy())

async function client(name: string) {
  const { clientId } = await createClient(db, { name, redirectUris: [`https://${name.toLowerCase()}.example/cb`] })
  return { id: (await clientByClientId(db, clientId))!.id, clientId }
}

let events = 0
/** Stores an event and queues its delivery to `endpoint` at `when`. */
async function deliver(endpoint: WebhookEndpoint, when: Date, { event = 'ping', held = false } = {}) {
  const eventId = `evt_${++events}`
  await storeWebhookEvent(db, { id: eventId, event, client_id: endpoint.client_id, data: '{"message":"hello"}', created_at: when.toISOString() })
  return queueDelivery(db, { eventId, clientId: endpoint.client_id, endpointId: endpoint.id, url: endpoint.url, at: when, held })
}

const claim = (owner: string, time: number, limit = 10) => claimDueDeliveries(db, { owner, time, leaseMs: 30_000, limit, skipLocked: false })
const settle = (id: string, owner: string, state: 'pending' | 'delivered' | 'dead' | 'held', nextAttemptAt = at(60).getTime()) =>
  settleDelivery(db, { id, owner, attempts: 1, state, deliveredAt: state === 'delivered' ? at(1).toISOString() : null, nextAttemptAt })
const stateOf = async (id: string) => (await deliveryWithAttempts(db, id))?.state

describe('listing deliveries', () => {
  it('lists newest first with the event, the public client id and the attempts oldest first', async () => {
    const older = await deliver(hooks, at(0), { event: 'account.deleted' })
    const newer = await deliver(audit, at(5))
    await recordWebhookAttempt(db, { delivery_id: older, attempted_at: at(1).toISOString(), duration_ms: 12, status_code: 500, response_excerpt: 'oops', error: null })
    await recordWebhookAttempt(db, { delivery_id: older, attempted_at: at(2).toISOString(), duration_ms: 8, status_code: null, response_excerpt: null, error: 'timeout' })
    const listed = await listDeliveries(db, { clientId: shop.id })
    expect(listed.map((row) => row.id)).toEqual([newer, older])
    expect(listed[1]).toMatchObject({
      event: 'account.deleted',
      client_id: shop.clientId,
      endpoint_id: hooks.id,
      state: 'pending',
      attempts: 0,
      next_attempt_at: T0.toISOString(),
      delivered_at: null,
      attempt_log: [
        { attempted_at: at(1).toISOString(), duration_ms: 12, status_code: 500, response_excerpt: 'oops', error: null },
        { attempted_at: at(2).toISOString(), duration_ms: 8, status_code: null, response_excerpt: null, error: 'timeout' },
      ],
    })
    expect(listed[0]!.attempt_log).toEqual([])
  })

  it('narrows to dead ones, a client or an endpoint', async () => {
    const dead = await deliver(hooks, at(0))
    const [leased] = await claim('worker-a', at(0).getTime())
    await settle(leased!.id, 'worker-a', 'dead')
    const onAudit = await deliver(audit, at(1))
    const onBlog = await deliver(blogHooks, at(2))
    expect((await listDeliveries(db)).map((row) => row.id)).toEqual([onBlog, onAudit, dead])
    expect((await listDeliveries(db, { dead: true })).map((row) => row.id)).toEqual([dead])
    expect((await listDeliveries(db, { clientId: blog.id })).map((row) => row.id)).toEqual([onBlog])
    expect((await listDeliveries(db, { endpointId: audit.id })).map((row) => row.id)).toEqual([onAudit])
  })

  it('pages newest first, breaking ties in time by id, without skipping or repeating one', async () => {
    const ids = [await deliver(hooks, at(0)), await deliver(hooks, at(1)), await deliver(audit, at(1)), await deliver(hooks, at(1)), await deliver(audit, at(2))]
    const expected = await listDeliveries(db)
    const seen: string[] = []
    let before: { createdAt: string; id: string } | undefined
    for (;;) {
      const page = await pageOfDeliveries(db, { limit: 2, ...(before ? { before } : {}) })
      if (page.length === 0) break
      seen.push(...page.map((row) => row.id))
      const last = page.at(-1)!
      before = { createdAt: last.created_at, id: last.id }
    }
    expect(seen).toHaveLength(5)
    expect(new Set(seen)).toEqual(new Set(ids))
    const tied = seen.slice(1, 4)
    expect(tied).toEqual([...tied].sort().reverse())
    expect(seen[0]).toBe(ids[4])
    expect(seen[4]).toBe(ids[0])
    expect(expected).toHaveLength(5)
  })

  it('pages by the clients, state and event asked for, and nothing for no clients', async () => {
    const deleted = await deliver(hooks, at(0), { event: 'account.deleted' })
    const ping = await deliver(audit, at(1))
    const onBlog = await deliver(blogHooks, at(2), { event: 'account.deleted' })
    await holdPendingDeliveriesOfEndpoint(db, audit.id)
    const ids = async (filter: Parameters<typeof pageOfDeliveries>[1]) => (await pageOfDeliveries(db, filter)).map((row) => row.id)
    expect(await ids({ clientIds: [], limit: 10 })).toEqual([])
    expect(await ids({ clientIds: [shop.id], limit: 10 })).toEqual([ping, deleted])
    expect(await ids({ clientIds: [shop.id, blog.id], event: 'account.deleted', limit: 10 })).toEqual([onBlog, deleted])
    expect(await ids({ state: 'held', limit: 10 })).toEqual([ping])
    expect(await ids({ state: 'pending', limit: 1 })).toEqual([onBlog])
  })

  it('finds one delivery with its client row, and a client finds only its own', async () => {
    const id = await deliver(blogHooks, at(0))
    expect(await deliveryWithAttempts(db, id)).toMatchObject({ id, client_id: blog.clientId, client_row_id: blog.id, url: 'https://blog.example/hooks' })
    expect(await deliveryWithAttempts(db, 'no-such-delivery')).toBeUndefined()
    expect(await deliveryIdOfClient(db, blog.id, id)).toBe(id)
    expect(await deliveryIdOfClient(db, shop.id, id)).toBeUndefined()
  })
})

describe('claiming and settling', () => {
  it('claims due pending deliveries earliest first up to the limit, and not again while leased', async () => {
    const first = await deliver(hooks, at(0))
    const second = await deliver(audit, at(1))
    await deliver(hooks, at(100))
    await deliver(audit, at(0), { held: true })
    const claimed = await claim('worker-a', at(10).getTime(), 1)
    expect(claimed).toEqual([{ id: first, url: hooks.url, attempts: 0, client_id: shop.id, endpoint_id: hooks.id, event_id: expect.any(String) }])
    expect((await claim('worker-b', at(10).getTime())).map((row) => row.id)).toEqual([second])
    expect(await claim('worker-c', at(20).getTime())).toEqual([])
    // A crashed worker's lease runs out and its delivery comes back.
    expect((await claim('worker-c', at(41).getTime())).map((row) => row.id).sort()).toEqual([first, second].sort())
  })

  it('settles only for the lease owner, and a held delivery stays held on retry', async () => {
    const id = await deliver(hooks, at(0))
    await claim('worker-a', at(0).getTime())
    await settle(id, 'worker-b', 'delivered')
    expect(await stateOf(id)).toBe('pending')
    await holdPendingDeliveriesOfEndpoint(db, hooks.id)
    await settle(id, 'worker-a', 'pending')
    expect(await deliveryWithAttempts(db, id)).toMatchObject({ state: 'held', attempts: 1, next_attempt_at: at(60).toISOString() })
    const other = await deliver(audit, at(0))
    await claim('worker-a', at(0).getTime())
    await settle(other, 'worker-a', 'delivered')
    expect(await deliveryWithAttempts(db, other)).toMatchObject({ state: 'delivered', delivered_at: at(1).toISOString() })
    expect(await claim('worker-z', at(1000).getTime())).toEqual([])
  })
})

describe('claiming and settling in batches', () => {
  it('settles a batch as each alone: only the lease owner’s, a held one stays held on retry', async () => {
    const [delivered, retried, held, stolen] = [await deliver(hooks, at(0)), await deliver(hooks, at(0)), await deliver(audit, at(0)), await deliver(blogHooks, at(0))]
    await claim('worker-a', at(0).getTime())
    await holdPendingDeliveriesOfEndpoint(db, audit.id)
    await db.updateTable('webhook_deliveries').set({ lease_owner: 'worker-b', lease_expires_at: at(1000).getTime() }).where('id', '=', stolen).execute()
    const settled = (id: string, state: 'pending' | 'delivered') => ({ id, attempts: 1, state, deliveredAt: state === 'delivered' ? at(1).toISOString() : null, nextAttemptAt: at(60).getTime() })
    await settleDeliveries(db, 'worker-a', [settled(delivered, 'delivered'), settled(retried, 'pending'), settled(held, 'pending'), settled(stolen, 'delivered')])
    expect(await deliveryWithAttempts(db, delivered)).toMatchObject({ state: 'delivered', attempts: 1, delivered_at: at(1).toISOString() })
    expect(await deliveryWithAttempts(db, retried)).toMatchObject({ state: 'pending', attempts: 1, next_attempt_at: at(60).toISOString() })
    expect(await deliveryWithAttempts(db, held)).toMatchObject({ state: 'held', attempts: 1 })
    expect(await deliveryWithAttempts(db, stolen)).toMatchObject({ state: 'pending', attempts: 0 })
    // Released: the retry is claimed again once due, the others not.
    expect((await claim('worker-c', at(60).getTime())).map((row) => row.id)).toEqual([retried])
  })

  it('records a batch of attempts in order, more than one statement holds', async () => {
    const id = await deliver(hooks, at(0))
    const attempts = Array.from({ length: 300 }, (_, index) => ({ delivery_id: id, attempted_at: at(index).toISOString(), duration_ms: index, status_code: 500, response_excerpt: `try ${index}`, error: null }))
    await recordWebhookAttempts(db, attempts)
    const log = (await deliveryWithAttempts(db, id))!.attempt_log
    expect(log.map((attempt) => attempt.response_excerpt)).toEqual(attempts.map((attempt) => attempt.response_excerpt))
    expect(log[299]).toEqual({ attempted_at: at(299).toISOString(), duration_ms: 299, status_code: 500, response_excerpt: 'try 299', error: null })
  })

  it.skipIf(testingOnPostgres)('writes nothing when nothing is due, so the idle skip holds (SQLite)', async () => {
    await deliver(hooks, at(100))
    let claims = 0
    const claimWhileBusy = idleOutbox(db, 'webhook_deliveries', (time, limit) => {
      claims++
      return claimDueDeliveries(db, { owner: 'worker-a', time, leaseMs: 30_000, limit, skipLocked: false })
    }).claim
    for (let i = 0; i < 5; i++) expect(await claimWhileBusy(at(i).getTime(), 10)).toEqual([])
    expect(claims).toBe(1)
    expect(await claimWhileBusy(at(100).getTime(), 10)).toHaveLength(1)
  })
})

describe('replaying, holding and recovering', () => {
  it('replays one delivery afresh, and refuses an unknown id', async () => {
    const id = await deliver(hooks, at(0))
    await claim('worker-a', at(0).getTime())
    await settle(id, 'worker-a', 'delivered')
    await replayDelivery(db, id, at(500))
    expect(await deliveryWithAttempts(db, id)).toMatchObject({ state: 'pending', attempts: 0, delivered_at: null, next_attempt_at: at(500).toISOString() })
    await expect(replayDelivery(db, 'no-such-delivery')).rejects.toBeInstanceOf(InvalidInput)
  })

  it("replays every dead delivery of one client and counts them", async () => {
    const ids = [await deliver(hooks, at(0)), await deliver(audit, at(0)), await deliver(blogHooks, at(0))]
    for (const row of await claim('worker-a', at(0).getTime())) await settle(row.id, 'worker-a', 'dead')
    expect(await replayDeadDeliveries(db, shop.id, at(100))).toBe(2)
    expect(await Promise.all(ids.map(stateOf))).toEqual(['pending', 'pending', 'dead'])
    expect(await replayDeadDeliveries(db, shop.id)).toBe(0)
  })

  it('holds the pending deliveries of one endpoint and counts them', async () => {
    const pending = [await deliver(hooks, at(0)), await deliver(hooks, at(1))]
    const delivered = await deliver(hooks, at(2))
    await claim('worker-a', at(2).getTime())
    await settle(delivered, 'worker-a', 'delivered')
    await settle(pending[0]!, 'worker-a', 'pending')
    await settle(pending[1]!, 'worker-a', 'pending')
    const elsewhere = await deliver(audit, at(0))
    expect(await holdPendingDeliveriesOfEndpoint(db, hooks.id)).toBe(2)
    expect(await heldDeliveryCount(db, hooks.id)).toBe(2)
    expect(await heldDeliveryCount(db, audit.id)).toBe(0)
    expect(await stateOf(delivered)).toBe('delivered')
    expect(await stateOf(elsewhere)).toBe('pending')
  })

  it('recovers the failed and held deliveries since a time, due now oldest first', async () => {
    const before = await deliver(hooks, at(0), { held: true })
    const heldLater = await deliver(hooks, at(20), { held: true })
    const dead = await deliver(hooks, at(10))
    await claim('worker-a', at(10).getTime())
    await settle(dead, 'worker-a', 'dead')
    const otherEndpoint = await deliver(audit, at(30), { held: true })
    const now = at(1000)
    expect(await recoverDeliveries(db, hooks.id, at(5), now)).toBe(2)
    const dueAt = async (id: string) => (await deliveryWithAttempts(db, id))!.next_attempt_at
    expect(await dueAt(dead)).toBe(new Date(now.getTime() - 2).toISOString())
    expect(await dueAt(heldLater)).toBe(new Date(now.getTime() - 1).toISOString())
    expect((await claim('worker-b', now.getTime())).map((row) => row.id).sort()).toEqual([dead, heldLater].sort())
    expect(await deliveryWithAttempts(db, dead)).toMatchObject({ attempts: 0, delivered_at: null })
    expect(await stateOf(before)).toBe('held')
    expect(await stateOf(otherEndpoint)).toBe('held')
  })

  it('deletes the deliveries of a removed endpoint with their attempts, and only those', async () => {
    const gone = await deliver(hooks, at(0))
    await recordWebhookAttempt(db, { delivery_id: gone, attempted_at: at(1).toISOString(), duration_ms: 5, status_code: 500, response_excerpt: null, error: null })
    const kept = await deliver(audit, at(0))
    await removeDeliveriesOfEndpoint(db, hooks.id)
    expect(await deliveryWithAttempts(db, gone)).toBeUndefined()
    expect((await listDeliveries(db)).map((row) => row.id)).toEqual([kept])
  })
})

describe('the backlog', () => {
  it('counts pending deliveries and names the oldest, and none when all are sent', async () => {
    expect(await deliveryBacklog(db)).toEqual({ pending: 0, oldestQueuedAt: null })
    const oldest = await deliver(hooks, at(0))
    await deliver(audit, at(30))
    await deliver(blogHooks, at(-60), { held: true })
    expect(await deliveryBacklog(db)).toEqual({ pending: 2, oldestQueuedAt: T0.toISOString() })
    for (const row of await claim('worker-a', at(30).getTime())) await settle(row.id, 'worker-a', row.id === oldest ? 'delivered' : 'dead')
    expect(await deliveryBacklog(db)).toEqual({ pending: 0, oldestQueuedAt: null })
  })
})
