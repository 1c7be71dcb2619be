/**
 * @module Sending test events to a client's webhook endpoint: `ping`
 * events queued in the outbox like any other (so they are signed, retried
 * and logged as real deliveries), recorded in the audit log as
 * `webhook.pinged` in the same transaction. `svc-bff webhooks ping` and
 * the management API's `POST /api/v1/webhook-endpoints/{id}/pings` both
 * call it.
 */
import type { Kysely } from 'kysely'
import type { AccountEvents } from '../accounts/account-events.js'
import type { AuditActor } from '../audit/audit-actions.js'
import { recordAuditEvent } from '../audit/audit-events.js'
import { clientTarget } from '../audit/audit-targets.js'
import { inTransaction } from '../db/in-transaction.js'
import type { ClientRow, Database } from '../db/schema.js'

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
