/**
 * @module Several webhook endpoints a client, through the real outbox,
 * worker and HTTP receivers: each endpoint receives exactly the events it
 * subscribes to, signed with its own secret (checked with the
 * `standardwebhooks` library a receiver would use); a disabled endpoint
 * receives nothing until enabled; a removed one takes its pending
 * deliveries with it.
 */
import type { IncomingHttpHeaders } from 'node:http'
import type { Kysely } from 'kysely'
import { Webhook } from 'standardwebhooks'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clientByClientId, createClient } from '../clients/clients.js'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { type Receiver, startReceiver } from '../testing/webhook-receiver.js'
import { listDeliveries } from './deliveries.js'
import { endpointEvents } from './endpoint-events.js'
import { addWebhookEndpoint, disableWebhookEndpoint, enableWebhookEndpoint, removeWebhookEndpoint, webhookEndpointsOfClient } from './endpoints.js'
import { webhookOutbox } from './outbox.js'
import { webhookWorker } from './worker.js'

let db: Kysely<Database>
let orders: Receiver
let audit: Receiver
let clientId: string
let clientRow: number

beforeEach(async () => {
  db = await openTestDatabase()
  orders = await startReceiver()
  audit = await startReceiver()
  clientId = (await createClient(db, { name: 'Shop', redirectUris: ['https://shop.example/cb'] })).clientId
  clientRow = (await clientByClientId(db, clientId))!.id
})

afterEach(async () => {
  await Promise.all([orders.close(), audit.close()])
  await db.destroy()
})

const flat = (headers: IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]))

/** The events a receiver got, in name order (the worker sends side by side), each verified with `secret` by the standardwebhooks library (a refusal throws). */
const verifiedEvents = (receiver: Receiver, secret: string) =>
  receiver.received.map(({ body, headers }) => (new Webhook(secret).verify(body, flat(headers)) as { event: string }).event).sort()

async function everyKindOfEventHappens() {
  const events = webhookOutbox()
  await db.transaction().execute(async (trx) => {
    await events.record(trx, 'account.signed_in', clientId, { account: 'ACC1', scopes: ['openid'], ip: '192.0.2.1', user_agent: 'test' })
    await events.record(trx, 'account.deleted', clientId, { account: 'ACC1' })
    await events.record(trx, 'ping', clientId, { message: 'hello' })
  })
  await webhookWorker({ db, allowPrivate: true }).runOnce()
}

describe('several webhook endpoints a client', () => {
  it('sends each endpoint exactly the events it subscribes to, signed with its own secret', async () => {
    const all = await addWebhookEndpoint(db, { clientId: clientRow, url: orders.url, events: endpointEvents([]) })
    const chosen = await addWebhookEndpoint(db, {
      clientId: clientRow,
      url: audit.url,
      description: 'Audit',
      events: endpointEvents(['ping', 'account.deleted']),
    })
    expect(chosen.endpoint.events).toEqual(['account.deleted', 'ping'])
    expect(chosen.secret).not.toBe(all.secret)

    await everyKindOfEventHappens()

    expect(verifiedEvents(orders, all.secret)).toEqual(['account.deleted', 'account.signed_in', 'ping'])
    expect(verifiedEvents(audit, chosen.secret)).toEqual(['account.deleted', 'ping'])
    // One endpoint's secret does not verify another's deliveries.
    expect(() => verifiedEvents(audit, all.secret)).toThrow()
    expect(() => verifiedEvents(orders, chosen.secret)).toThrow()
    // The log names the endpoint of each delivery; the envelope's id is the event's, the same at both.
    const deliveries = await listDeliveries(db, { clientId: clientRow })
    expect(deliveries.filter((d) => d.endpoint_id === all.endpoint.id)).toHaveLength(3)
    expect(deliveries.filter((d) => d.endpoint_id === chosen.endpoint.id).map((d) => d.url)).toEqual([audit.url, audit.url])
    const deletedAt = (receiver: Receiver) => receiver.received.map(({ body }) => JSON.parse(body)).find((body) => body.event === 'account.deleted').id
    expect(deletedAt(audit)).toBe(deletedAt(orders))
  })

  it('queues nothing for a disabled endpoint, and again once it is enabled', async () => {
    const kept = await addWebhookEndpoint(db, { clientId: clientRow, url: orders.url, events: ['*'] })
    const paused = await addWebhookEndpoint(db, { clientId: clientRow, url: audit.url, events: ['*'] })
    const disabled = await disableWebhookEndpoint(db, paused.endpoint.id, 'disabled by dev@shop.example', new Date('2026-11-27T10:00:00Z'))
    expect(disabled).toMatchObject({ enabled: false, disabled_at: '2026-11-27T10:00:00.000Z', disabled_reason: 'disabled by dev@shop.example' })

    await everyKindOfEventHappens()
    expect(verifiedEvents(orders, kept.secret)).toHaveLength(3)
    expect(audit.received).toEqual([])
    expect((await listDeliveries(db, { endpointId: paused.endpoint.id })).length).toBe(0)

    expect(await enableWebhookEndpoint(db, paused.endpoint.id)).toMatchObject({ enabled: true, disabled_at: null, disabled_reason: null })
    await everyKindOfEventHappens()
    expect(verifiedEvents(audit, paused.secret)).toEqual(['account.deleted', 'account.signed_in', 'ping'])
  })

  it('removes an endpoint with its secrets and pending deliveries, leaving the others', async () => {
    const kept = await addWebhookEndpoint(db, { clientId: clientRow, url: orders.url, events: ['*'] })
    const gone = await addWebhookEndpoint(db, { clientId: clientRow, url: audit.url, events: ['*'] })
    await webhookOutbox().record(db, 'ping', clientId, { message: 'queued before the removal' })
    await db.transaction().execute((trx) => removeWebhookEndpoint(trx, gone.endpoint))
    await webhookWorker({ db, allowPrivate: true }).runOnce()
    expect(audit.received).toEqual([])
    expect(verifiedEvents(orders, kept.secret)).toEqual(['ping'])
    expect((await webhookEndpointsOfClient(db, clientRow)).map((endpoint) => endpoint.id)).toEqual([kept.endpoint.id])
    expect(await db.selectFrom('webhook_secrets').select('endpoint_id').where('endpoint_id', '=', gone.endpoint.id).execute()).toEqual([])
  })

  it('refuses an unknown event, naming the ones there are', () => {
    expect(() => endpointEvents(['account.deleted', 'user.created'])).toThrow(
      /"user.created" is not an event; choose from account.signed_in, .*ping, or \* for every event/,
    )
    expect(endpointEvents(['*', 'ping'])).toEqual(['*'])
  })
})
