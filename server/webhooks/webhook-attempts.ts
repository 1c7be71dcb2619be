/**
 * @module The webhook attempts repository: one row per attempt at a
 * delivery, with what was sent (request headers and body) and what came
 * back (status, headers, the first 4 KB of the body) or the error, and
 * when the next attempt is due; the one module that reads and writes the
 * `webhook_attempts` table. Lists read the short columns only; one
 * delivery's detail reads them all.
 */
import type { Insertable, Kysely, Selectable } from 'kysely'
import type { Database, WebhookAttemptsTable } from '../db/schema.js'
import type { AttemptOutcome, HeaderPair } from './send-delivery.js'
import { writeRows } from './value-rows.js'

export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>

/** The columns a delivery list shows of each attempt. */
const SUMMARY_COLUMNS = ['id', 'delivery_id', 'attempted_at', 'duration_ms', 'status_code', 'response_excerpt', 'error'] as const

export type WebhookAttemptSummary = Pick<WebhookAttemptRow, (typeof SUMMARY_COLUMNS)[number]>

/** One attempt in full, as the delivery detail shows it. */
export interface WebhookAttemptDetail {
  attempted_at: string
  duration_ms: number
  status_code: number | null
  error: string | null
  /** Null for an attempt made before svc kept them (migration 0032), or one refused before any request. */
  request: { headers: HeaderPair[]; body: string } | null
  response: { headers: HeaderPair[]; body: string; truncated: boolean } | null
  /** When the next attempt is due; null once delivered or when no retry is left. */
  next_attempt_at: string | null
}

/**
 * Records an attempt at a delivery.
 *
 * @example
 * await recordWebhookAttempt(trx, { delivery_id, attempted_at, duration_ms: 12, status_code: 204, response_excerpt: '', error: null })
 */
export async function recordWebhookAttempt(db: Kysely<Database>, attempt: Insertable<WebhookAttemptsTable>): Promise<void> {
  await recordWebhookAttempts(db, [attempt])
}

/** The columns an attempt is written with, and their PostgreSQL types. */
const ATTEMPT_COLUMNS = [
  ['delivery_id', 'text'],
  ['attempted_at', 'text'],
  ['duration_ms', 'integer'],
  ['status_code', 'integer'],
  ['response_excerpt', 'text'],
  ['error', 'text'],
  ['request_headers', 'text'],
  ['request_body', 'text'],
  ['response_headers', 'text'],
  ['response_truncated', 'integer'],
  ['next_attempt_at', 'text'],
] as const satisfies readonly (readonly [keyof Insertable<WebhookAttemptsTable>, string])[]

const ATTEMPT_TYPES = ATTEMPT_COLUMNS.map(([, type]) => type)

const insertAttempts = (valuesList: string) =>
  `insert into webhook_attempts (${ATTEMPT_COLUMNS.map(([name]) => name).join(', ')}) values ${valuesList}`

/**
 * Records the attempts of a settled batch, in order, in one statement
 * (a few for a large batch) whose text is made once.
 *
 * @example
 * await recordWebhookAttempts(trx, settled.map((one) => one.attempt))
 */
export async function recordWebhookAttempts(db: Kysely<Database>, attempts: readonly Insertable<WebhookAttemptsTable>[]): Promise<void> {
  const rows = attempts.map((attempt) => ATTEMPT_COLUMNS.map(([name]) => attempt[name] ?? (name === 'response_truncated' ? 0 : null)))
  await writeRows(db, insertAttempts, ATTEMPT_TYPES, rows)
}

/**
 * The row recording an attempt's outcome; `nextAttemptAt` is when the
 * next one is due, or `null` when none will be.
 *
 * @example
 * await recordWebhookAttempt(trx, attemptRecord(delivery.id, startedAt, outcome, null))
 */
export function attemptRecord(
  deliveryId: string,
  attemptedAt: Date,
  outcome: AttemptOutcome,
  nextAttemptAt: Date | null,
): Insertable<WebhookAttemptsTable> {
  return {
    delivery_id: deliveryId,
    attempted_at: attemptedAt.toISOString(),
    duration_ms: outcome.durationMs,
    status_code: outcome.statusCode,
    response_excerpt: outcome.responseExcerpt,
    error: outcome.error,
    request_headers: outcome.request ? JSON.stringify(outcome.request.headers) : null,
    request_body: outcome.request?.body ?? null,
    response_headers: outcome.responseHeaders ? JSON.stringify(outcome.responseHeaders) : null,
    response_truncated: outcome.truncated ? 1 : 0,
    next_attempt_at: nextAttemptAt?.toISOString() ?? null,
  }
}

/**
 * The attempts at these deliveries, oldest first, without what was sent and received.
 *
 * @example
 * const attempts = await attemptsAtDeliveries(db, deliveries.map((delivery) => delivery.id))
 */
export async function attemptsAtDeliveries(db: Kysely<Database>, deliveryIds: readonly string[]): Promise<WebhookAttemptSummary[]> {
  if (deliveryIds.length === 0) return []
  return db.selectFrom('webhook_attempts').select(SUMMARY_COLUMNS).where('delivery_id', 'in', deliveryIds).orderBy('id').execute()
}

/**
 * Every attempt at one delivery in full, oldest first.
 *
 * @example
 * const attempts = await attemptDetails(db, delivery.id)
 */
export async function attemptDetails(db: Kysely<Database>, deliveryId: string): Promise<WebhookAttemptDetail[]> {
  const rows = await db.selectFrom('webhook_attempts').selectAll().where('delivery_id', '=', deliveryId).orderBy('id').execute()
  return rows.map((row) => ({
    attempted_at: row.attempted_at,
    duration_ms: row.duration_ms,
    status_code: row.status_code,
    error: row.error,
    request: row.request_headers === null ? null : { headers: headerPairs(row.request_headers), body: row.request_body ?? '' },
    response:
      row.status_code === null
        ? null
        : {
            headers: row.response_headers === null ? [] : headerPairs(row.response_headers),
            body: row.response_excerpt ?? '',
            truncated: row.response_truncated === 1,
          },
    next_attempt_at: row.next_attempt_at,
  }))
}

const headerPairs = (json: string): HeaderPair[] => JSON.parse(json) as HeaderPair[]
