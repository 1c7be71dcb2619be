/**
 * @module The delivery log and its repairs: list deliveries with their
 * attempts, replay one (the same `X-SVC-Delivery`, a fresh set of
 * attempts), or replay every dead delivery of a client.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { InvalidInput } from '../invalid-input.js'

export interface DeliveryFilter {
  dead?: boolean
  clientId?: number
}

/**
 * Deliveries newest first, each with its event and attempts.
 *
 * @example
 * const dead = await listDeliveries(db, { dead: true })
 */
export async function listDeliveries(db: Kysely<Database>, { dead, clientId }: DeliveryFilter = {}) {
  let query = db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
    .innerJoin('clients', 'clients.id', 'webhook_deliveries.client_id')
    .select([
      'webhook_deliveries.id',
      'webhook_deliveries.state',
      'webhook_deliveries.attempts',
      'webhook_deliveries.url',
      'webhook_deliveries.next_attempt_at',
      'webhook_deliveries.created_at',
      'webhook_deliveries.delivered_at',
      'webhook_events.id as event_id',
      'webhook_events.event',
      'clients.client_id',
    ])
    .orderBy('webhook_deliveries.created_at', 'desc')
  if (dead) query = query.where('webhook_deliveries.state', '=', 'dead')
  if (clientId !== undefined) query = query.where('webhook_deliveries.client_id', '=', clientId)
  const deliveries = await query.limit(1000).execute()
  const attempts = deliveries.length
    ? await db
        .selectFrom('webhook_attempts')
        .selectAll()
        .where(
          'delivery_id',
          'in',
          deliveries.map((delivery) => delivery.id),
        )
        .orderBy('id')
        .execute()
    : []
  return deliveries.map((delivery) => ({
    ...delivery,
    next_attempt_at: new Date(Number(delivery.next_attempt_at)).toISOString(),
    attempt_log: attempts
      .filter((row) => row.delivery_id === delivery.id)
      .map(({ attempted_at, duration_ms, status_code, response_excerpt, error }) => ({
        attempted_at,
        duration_ms,
        status_code,
        response_excerpt,
        error,
      })),
  }))
}

/**
 * Puts a delivery back in the queue with a fresh set of attempts.
 *
 * @example
 * await replayDelivery(db, '5f0c…')
 */
export async function replayDelivery(db: Kysely<Database>, id: string, now = new Date()): Promise<void> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ state: 'pending', attempts: 0, next_attempt_at: now.getTime(), lease_owner: null, lease_expires_at: null, delivered_at: null })
    .where('id', '=', id)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) === 0) throw new InvalidInput('delivery', `no webhook delivery has the id ${id}`)
}

/**
 * Replays every dead delivery of a client; returns how many.
 *
 * @example
 * const count = await replayDeadDeliveries(db, client.id)
 */
export async function replayDeadDeliveries(db: Kysely<Database>, clientId: number, now = new Date()): Promise<number> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ state: 'pending', attempts: 0, next_attempt_at: now.getTime(), lease_owner: null, lease_expires_at: null })
    .where('client_id', '=', clientId)
    .where('state', '=', 'dead')
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}
