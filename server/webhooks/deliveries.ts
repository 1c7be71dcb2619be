/**
 * @module The webhook deliveries repository, the one module that reads and
 * writes the `webhook_deliveries` table: queue a delivery, claim due ones
 * with a lease and settle each attempt (for the worker), list deliveries
 * with their attempts, replay one (the same `X-SVC-Delivery`, a fresh set
 * of attempts), replay every dead delivery of a client, or measure the
 * backlog still to send (for `/metrics`). Each delivery goes to one
 * endpoint of its client (`endpoint_id`, migration 0029). While its
 * endpoint is disabled a delivery is `held` (migration 0031): kept, not
 * sent, until recovered with the endpoint's failed ones.
 */
import { randomUUID } from 'node:crypto'
import { type ExpressionBuilder, type Kysely } from 'kysely'
import { publicClientIdsByRowId } from '../clients/clients.js'
import type { Database, WebhookDeliveriesTable } from '../db/schema.js'
import { InvalidInput } from '../invalid-input.js'
import { attemptsAtDeliveries } from './webhook-attempts.js'
import type { LeaseClaim } from '../db/lease-claim.js'
import { preparedQuery } from '../db/prepared-query.js'
import { webhookEventsById } from './webhook-events.js'
import { writeRows } from './value-rows.js'

export interface DeliveryFilter {
  dead?: boolean
  clientId?: number
  endpointId?: string
}

/**
 * Deliveries newest first, each with its event and attempts.
 *
 * @example
 * const dead = await listDeliveries(db, { dead: true })
 */
export async function listDeliveries(db: Kysely<Database>, { dead, clientId, endpointId }: DeliveryFilter = {}) {
  let query = db.selectFrom('webhook_deliveries').select(DELIVERY_COLUMNS).orderBy('created_at', 'desc')
  if (dead) query = query.where('state', '=', 'dead')
  if (clientId !== undefined) query = query.where('client_id', '=', clientId)
  if (endpointId !== undefined) query = query.where('endpoint_id', '=', endpointId)
  return withEventsAndAttempts(db, await query.limit(1000).execute())
}

/** What the management API's list narrows to; `clientIds` (the organisation's clients) limits the rest. */
export interface DeliveryPageFilter {
  clientIds?: readonly number[]
  event?: string
  state?: 'pending' | 'delivered' | 'dead' | 'held'
  /** The last delivery of the page before: the next page starts below it. */
  before?: { createdAt: string; id: string }
  limit: number
}

/**
 * Deliveries newest first, a page at a time, each with its event and attempts.
 *
 * @example
 * const page = await pageOfDeliveries(db, { clientIds: [3, 4], state: 'dead', limit: 21 })
 */
export async function pageOfDeliveries(db: Kysely<Database>, filter: DeliveryPageFilter) {
  if (filter.clientIds?.length === 0) return []
  let query = db.selectFrom('webhook_deliveries').select(DELIVERY_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc')
  if (filter.clientIds !== undefined) query = query.where('client_id', 'in', [...filter.clientIds])
  if (filter.state !== undefined) query = query.where('state', '=', filter.state)
  if (filter.event !== undefined) {
    const event = filter.event
    query = query.where('event_id', 'in', (eb) => eb.selectFrom('webhook_events').select('id').where('event', '=', event))
  }
  if (filter.before !== undefined) {
    const { createdAt, id } = filter.before
    query = query.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]))
  }
  return withEventsAndAttempts(db, await query.limit(filter.limit).execute())
}

/**
 * One delivery with its event and attempts, and the row id of its client; `undefined` when none has the id.
 *
 * @example
 * const delivery = await deliveryWithAttempts(db, '5f0c…')
 */
export async function deliveryWithAttempts(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom('webhook_deliveries').select(DELIVERY_COLUMNS).where('id', '=', id).executeTakeFirst()
  if (!row) return undefined
  const [delivery] = await withEventsAndAttempts(db, [row])
  return delivery && { ...delivery, client_row_id: row.client_id }
}

const DELIVERY_COLUMNS = ['id', 'state', 'attempts', 'url', 'next_attempt_at', 'created_at', 'delivered_at', 'event_id', 'client_id', 'endpoint_id'] as const

type DeliveryListRow = Pick<WebhookDeliveriesTable, (typeof DELIVERY_COLUMNS)[number]>

/** The deliveries with their events, their clients' public ids and their attempts, oldest attempt first. */
async function withEventsAndAttempts(db: Kysely<Database>, rows: DeliveryListRow[]) {
  const events = await webhookEventsById(
    db,
    rows.map((row) => row.event_id),
  )
  const clientIds = await publicClientIdsByRowId(
    db,
    rows.map((row) => row.client_id),
  )
  const attempts = await attemptsAtDeliveries(
    db,
    rows.map((row) => row.id),
  )
  return rows.flatMap(({ event_id, client_id, ...delivery }) => {
    const event = events.get(event_id)
    const publicClientId = clientIds.get(client_id)
    if (!event || publicClientId === undefined) return []
    return [
      {
        ...delivery,
        event_id: event.id,
        event: event.event,
        client_id: publicClientId,
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
      },
    ]
  })
}

/**
 * The id of a client's delivery, or `undefined` when the client has no delivery with that id.
 *
 * @example
 * const id = await deliveryIdOfClient(db, client.id, '5f0c…')
 */
export async function deliveryIdOfClient(db: Kysely<Database>, clientId: number, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('id', '=', id)
    .where('client_id', '=', clientId)
    .executeTakeFirst()
  return row?.id
}

/**
 * Queues a delivery of an event to one of a client's webhook endpoints,
 * due at once, or `held` (kept for a recovery, not sent) for an endpoint
 * disabled for failing; returns its id.
 *
 * @example
 * await queueDelivery(trx, { eventId, clientId: client.id, endpointId: endpoint.id, url: endpoint.url, at: new Date() })
 */
export async function queueDelivery(
  db: Kysely<Database>,
  {
    eventId,
    clientId,
    endpointId = null,
    url,
    at,
    held = false,
  }: { eventId: string; clientId: number; endpointId?: string | null; url: string; at: Date; held?: boolean },
): Promise<string> {
  const id = randomUUID()
  await db
    .insertInto('webhook_deliveries')
    .values({
      id,
      event_id: eventId,
      client_id: clientId,
      endpoint_id: endpointId,
      url,
      state: held ? 'held' : 'pending',
      attempts: 0,
      next_attempt_at: at.getTime(),
      lease_owner: null,
      lease_expires_at: null,
      created_at: at.toISOString(),
      delivered_at: null,
    })
    .execute()
  return id
}

/** A delivery a worker claimed, as it needs it to send an attempt. */
export interface ClaimedDelivery {
  id: string
  url: string
  attempts: number
  client_id: number
  endpoint_id: string | null
  event_id: string
}

/**
 * Claims up to `limit` due deliveries for `owner` with a lease ending at
 * `time + leaseMs` (a crashed worker's claims come back when it runs out),
 * in one statement. With `skipLocked` (PostgreSQL) it skips rows
 * another transaction is claiming instead of waiting for them.
 *
 * @example
 * const claimed = await claimDueDeliveries(trx, { owner, time: Date.now(), leaseMs: 30_000, limit: 64, skipLocked: false })
 */
export async function claimDueDeliveries(db: Kysely<Database>, claim: LeaseClaim): Promise<ClaimedDelivery[]> {
  const { owner, time, leaseMs, limit, skipLocked } = claim
  // A claim that finds nothing writes nothing: the idle skip (db/idle-outbox.ts) counts every write statement as a change.
  if ((await firstDue(db, { time })).rows.length === 0) return []
  const { rows } = await (skipLocked ? claimSkippingLocked : claimDue)(db, { owner, time, leaseUntil: time + leaseMs, limit })
  return rows
}

const unleasedAt = (time: number) => (eb: ExpressionBuilder<Database, 'webhook_deliveries'>) =>
  eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', time)])

const firstDue = preparedQuery((db, values: { time: number }) =>
  db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', values.time)
    .where(unleasedAt(values.time))
    .limit(1),
)

/**
 * The claim as one statement, prepared once: the due, unleased deliveries,
 * earliest first, leased and returned as the worker needs them, with no
 * read before the write. A lease holds through its last millisecond.
 */
function claimStatement(skipLocked: boolean) {
  return preparedQuery((db, values: { owner: string; time: number; leaseUntil: number; limit: number }) => {
    const unleased = unleasedAt(values.time)
    return db
      .updateTable('webhook_deliveries')
      .set({ lease_owner: values.owner, lease_expires_at: values.leaseUntil })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('state', '=', 'pending')
          .where('next_attempt_at', '<=', values.time)
          .where(unleased)
          .orderBy('next_attempt_at')
          .limit(values.limit)
          .$if(skipLocked, (query) => query.forUpdate().skipLocked()),
      )
      // Another replica may have leased a row as this statement waited for it (PostgreSQL).
      .where(unleased)
      .returning(['id', 'url', 'attempts', 'client_id', 'endpoint_id', 'event_id'])
  })
}

const claimDue = claimStatement(false)
const claimSkippingLocked = claimStatement(true)

/** A delivery's outcome after an attempt (or a hold), as the worker settles it. */
export interface DeliverySettlement {
  id: string
  attempts: number
  state: 'pending' | 'delivered' | 'dead' | 'held'
  deliveredAt: string | null
  nextAttemptAt: number
}

/**
 * Records the outcome of an attempt on a delivery `owner` still holds and
 * releases the lease: delivered, dead, pending again at `nextAttemptAt`,
 * or held (not sent, as its endpoint is disabled). A retry of a delivery
 * held while its attempt was under way stays held.
 *
 * @example
 * await settleDelivery(trx, { id, owner, attempts: 1, state: 'pending', deliveredAt: null, nextAttemptAt: Date.now() + 60_000 })
 */
export async function settleDelivery(
  db: Kysely<Database>,
  { owner, ...settlement }: DeliverySettlement & { owner: string },
): Promise<void> {
  await settleDeliveries(db, owner, [settlement])
}

/** The settled values in the order of `updateSettled`'s columns, and their PostgreSQL types. */
const SETTLEMENT_TYPES = ['text', 'integer', 'text', 'text', 'bigint', 'text']

// `values` names its columns column1… in both dialects: id, attempts, state, delivered_at, next_attempt_at, the lease's owner.
const updateSettled = (valuesList: string) =>
  `update webhook_deliveries set attempts = settled.column2, ` +
  `state = case when settled.column3 = 'pending' and webhook_deliveries.state = 'held' then 'held' else settled.column3 end, ` +
  `delivered_at = settled.column4, next_attempt_at = settled.column5, lease_owner = null, lease_expires_at = null ` +
  `from (values ${valuesList}) as settled ` +
  `where webhook_deliveries.id = settled.column1 and webhook_deliveries.lease_owner = settled.column6`

/**
 * Settles the deliveries of a batch as {@link settleDelivery} settles one,
 * in one statement (a few for a large batch) whose text is made once.
 *
 * @example
 * await settleDeliveries(trx, owner, [{ id, attempts: 1, state: 'delivered', deliveredAt: now.toISOString(), nextAttemptAt: now.getTime() }])
 */
export async function settleDeliveries(db: Kysely<Database>, owner: string, settlements: readonly DeliverySettlement[]): Promise<void> {
  const rows = settlements.map(({ id, attempts, state, deliveredAt, nextAttemptAt }) => [
    id,
    attempts,
    state,
    deliveredAt,
    nextAttemptAt,
    owner,
  ])
  await writeRows(db, updateSettled, SETTLEMENT_TYPES, rows)
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

/**
 * Holds the deliveries waiting for an endpoint as it is disabled, so none
 * is sent while it stays so. One whose attempt is under way keeps its
 * lease: its worker records the attempt, and a retry stays held.
 *
 * @example
 * await holdPendingDeliveriesOfEndpoint(trx, endpoint.id)
 */
export async function holdPendingDeliveriesOfEndpoint(db: Kysely<Database>, endpointId: string): Promise<number> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ state: 'held' })
    .where('endpoint_id', '=', endpointId)
    .where('state', '=', 'pending')
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * How many deliveries to an endpoint are held, waiting for a recovery.
 *
 * @example
 * const held = await heldDeliveryCount(db, endpoint.id) // 3
 */
export async function heldDeliveryCount(db: Kysely<Database>, endpointId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number | string>().as('held'))
    .where('endpoint_id', '=', endpointId)
    .where('state', '=', 'held')
    .executeTakeFirstOrThrow()
  return Number(row.held)
}

/**
 * Queues again every delivery to an endpoint that failed (`dead`) or was
 * held while it was disabled, of the events since `since`: the same
 * delivery (`X-SVC-Delivery`, `webhook-id`), a fresh set of attempts,
 * due now oldest first (each one millisecond after the one before, as the
 * worker claims the earliest due first; it sends many at once, so they
 * may arrive out of order); returns how many. Run it in a transaction.
 *
 * @example
 * const count = await recoverDeliveries(trx, endpoint.id, new Date('2026-11-20T00:00:00Z'))
 */
export async function recoverDeliveries(db: Kysely<Database>, endpointId: string, since: Date, now = new Date()): Promise<number> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('endpoint_id', '=', endpointId)
    .where('state', 'in', ['dead', 'held'])
    .where('created_at', '>=', since.toISOString())
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute()
  // Due already, in order: the first is the earliest.
  const first = now.getTime() - rows.length
  for (const [index, row] of rows.entries())
    await db
      .updateTable('webhook_deliveries')
      .set({ state: 'pending', attempts: 0, next_attempt_at: first + index, lease_owner: null, lease_expires_at: null, delivered_at: null })
      .where('id', '=', row.id)
      .execute()
  return rows.length
}

/**
 * Deletes every delivery of an endpoint (and, by the schema, their
 * attempts), as the endpoint is removed: pending ones are not sent.
 *
 * @example
 * await removeDeliveriesOfEndpoint(trx, endpoint.id)
 */
export async function removeDeliveriesOfEndpoint(db: Kysely<Database>, endpointId: string): Promise<void> {
  await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', endpointId).execute()
}

/** The queue of deliveries still to make: how many, and when the oldest was first queued. */
export interface DeliveryBacklog {
  pending: number
  /** ISO time the oldest pending delivery was first queued; `null` when none is pending. */
  oldestQueuedAt: string | null
}

/**
 * Counts the pending deliveries and finds the oldest, for `/metrics`;
 * the `(state, next_attempt_at)` index finds the pending rows without
 * reading the delivered ones, so its cost follows the backlog, not the history.
 *
 * @example
 * const { pending, oldestQueuedAt } = await deliveryBacklog(db)
 */
export async function deliveryBacklog(db: Kysely<Database>): Promise<DeliveryBacklog> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => [eb.fn.countAll<number | string>().as('pending'), eb.fn.min('created_at').as('oldest')])
    .where('state', '=', 'pending')
    .executeTakeFirstOrThrow()
  return { pending: Number(row.pending), oldestQueuedAt: row.oldest ?? null }
}
