/**
 * @module The webhook events repository: each account event recorded for
 * one client, its data kept as JSON; the one module that reads and writes
 * the `webhook_events` table.
 */
import type { Kysely, Selectable } from 'kysely'
import type { Database, WebhookEventsTable } from '../db/schema.js'

export type WebhookEventRow = Selectable<WebhookEventsTable>

/**
 * Stores an event; `data` is the JSON of the envelope's `data`.
 *
 * @example
 * await storeWebhookEvent(trx, { id: 'evt_…', event: 'account.deleted', client_id: client.id, data: '{"account":"ACC…"}', created_at })
 */
export async function storeWebhookEvent(db: Kysely<Database>, event: WebhookEventRow): Promise<void> {
  await db.insertInto('webhook_events').values(event).execute()
}

/**
 * The events with these ids, by id.
 *
 * @example
 * const eventOf = await webhookEventsById(trx, deliveries.map((delivery) => delivery.event_id))
 */
export async function webhookEventsById(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, WebhookEventRow>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('webhook_events')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute()
  return new Map(rows.map((row) => [row.id, row]))
}

/**
 * An event's data, parsed from its stored JSON.
 *
 * @example
 * const body = JSON.stringify({ id: event.id, event: event.event, data: webhookEventData(event) })
 */
export const webhookEventData = (event: Pick<WebhookEventRow, 'data'>): unknown => JSON.parse(event.data)
