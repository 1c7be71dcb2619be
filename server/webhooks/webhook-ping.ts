/**
 * @module Sending test events: `ping` events queued in the outbox like any
 * other (so they are signed, retried and logged as real deliveries),
 * recorded in the audit log as `webhook.pinged` in the same transaction.
 * `svc-bff webhooks ping` sends them to every endpoint of the client
 * subscribed to `ping`; "Send test event" (the portal, the management
 * API's `POST /api/v1/webhook-endpoints/{id}/pings`) sends one to the
 * endpoint named only, subscribed to `ping` or not, as Svix's "Send
 * example" does: the developer asked for that endpoint by name.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { AccountEvents } from '../accounts/account-events.js'
import type { AuditActor } from '../audit/audit-actions.js'
import { recordAuditEvent } from '../audit/audit-events.js'
import { clientTarget } from '../audit/audit-targets.js'
import { inTransaction } from '../db/in-transaction.js'
import type { ClientRow, Database } from '../db/schema.js'
import { queueDelivery } from './deliveries.js'
import type { WebhookEndpoint } from './endpoints.js'
import { storeWebhookEvent } from './webhook-events.js'

/** The most pings one request queues. */
export const MAX_PINGS = 100_000

/**
 * Queues `count` ping events for the client (which must have a webhook
 * URL) and records who sent them.
 *
 * @example
 * await pingWebhook(db, webhookOutbox(), client, cliActor(), { count: 3 })
 */
export async function pingWebhook(
  db: Kysely<Database>,
  events: AccountEvents,
  client: Pick<ClientRow, 'client_id' | 'name'>,
  actor: AuditActor,
  { count = 1, organisation = null, now = new Date() }: { count?: number; organisation?: string | null; now?: Date } = {},
): Promise<void> {
  await inTransaction(db, async (trx) => {
    for (let i = 0; i < count; i++) await events.record(trx, 'ping', client.client_id, { message: `ping ${i + 1} of ${count}` })
    await recordAuditEvent(trx, { actor, action: 'webhook.pinged', target: clientTarget(client), organisation, detail: { count } }, now)
  })
}

/**
 * Queues one `ping` to this endpoint alone, whatever its subscription,
 * records who sent it, and returns the delivery's id (to follow it in the log).
 *
 * @example
 * const deliveryId = await sendTestEvent(db, client, endpoint, accountActor(session))
 */
export async function sendTestEvent(
  db: Kysely<Database>,
  client: Pick<ClientRow, 'id' | 'client_id' | 'name'>,
  endpoint: Pick<WebhookEndpoint, 'id' | 'url'>,
  actor: AuditActor,
  { organisation = null, now = new Date() }: { organisation?: string | null; now?: Date } = {},
): Promise<string> {
  return inTransaction(db, async (trx) => {
    const eventId = `evt_${randomBytes(16).toString('hex')}`
    const data = JSON.stringify({ message: `test event sent to ${endpoint.url}` })
    await storeWebhookEvent(trx, { id: eventId, event: 'ping', client_id: client.id, data, created_at: now.toISOString() })
    const deliveryId = await queueDelivery(trx, { eventId, clientId: client.id, endpointId: endpoint.id, url: endpoint.url, at: now })
    await recordAuditEvent(
      trx,
      { actor, action: 'webhook.pinged', target: clientTarget(client), organisation, detail: { count: 1, endpoint: endpoint.id, delivery: deliveryId } },
      now,
    )
    return deliveryId
  })
}
