/**
 * @module The webhook attempts repository: one row per attempt at a
 * delivery, with its answer or error; the one module that reads and writes
 * the `webhook_attempts` table.
 */
import type { Insertable, Kysely, Selectable } from 'kysely'
import type { Database, WebhookAttemptsTable } from '../db/schema.js'

export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>

/**
 * Records an attempt at a delivery.
 *
 * @example
 * await recordWebhookAttempt(trx, { delivery_id, attempted_at, duration_ms: 12, status_code: 204, response_excerpt: '', error: null })
 */
export async function recordWebhookAttempt(db: Kysely<Database>, attempt: Insertable<WebhookAttemptsTable>): Promise<void> {
  await db.insertInto('webhook_attempts').values(attempt).execute()
}

/**
 * The attempts at these deliveries, oldest first.
 *
 * @example
 * const attempts = await attemptsAtDeliveries(db, deliveries.map((delivery) => delivery.id))
 */
export async function attemptsAtDeliveries(db: Kysely<Database>, deliveryIds: readonly string[]): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return []
  return db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', deliveryIds).orderBy('id').execute()
}
