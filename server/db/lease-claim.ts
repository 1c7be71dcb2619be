/**
 * @module The lease claim the two outboxes share (webhook deliveries and
 * mail): the due, unleased rows of a table, leased to one worker so that
 * replicas polling the same database never send a row twice at once. On
 * PostgreSQL the select skips rows another replica is claiming.
 */
import type { Kysely } from 'kysely'
import type { Database } from './schema.js'

/** The outbox tables: each has `state`, `next_attempt_at`, `lease_owner` and `lease_expires_at`. */
export type LeasedTable = 'webhook_deliveries' | 'mail_outbox'

export interface LeaseClaim {
  owner: string
  /** Now, in epoch milliseconds. */
  time: number
  leaseMs: number
  limit: number
  skipLocked: boolean
}

/**
 * Leases up to `limit` pending rows whose attempt is due and returns their ids.
 *
 * @example
 * const ids = await claimDueRows(db, 'mail_outbox', { owner, time: Date.now(), leaseMs: 60_000, limit: 10, skipLocked: false })
 */
export async function claimDueRows(db: Kysely<Database>, table: 'webhook_deliveries', claim: LeaseClaim): Promise<string[]>
export async function claimDueRows(db: Kysely<Database>, table: 'mail_outbox', claim: LeaseClaim): Promise<number[]>
export async function claimDueRows(db: Kysely<Database>, table: LeasedTable, claim: LeaseClaim): Promise<(string | number)[]> {
  const { owner, time, leaseMs, limit, skipLocked } = claim
  // The tables share these columns; Kysely types a query by one table name, so one stands for both.
  const rows = db as unknown as Kysely<Pick<Database, 'webhook_deliveries'>>
  const name = table as 'webhook_deliveries'
  const due = await rows
    .selectFrom(name)
    .select('id')
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', time)
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', time)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .$if(skipLocked, (query) => query.forUpdate().skipLocked())
    .execute()
  if (due.length === 0) return []
  const leased = await rows
    .updateTable(name)
    .set({ lease_owner: owner, lease_expires_at: time + leaseMs })
    .where(
      'id',
      'in',
      due.map((row) => row.id),
    )
    // Another replica may have leased a row between the select and here.
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', time)]))
    .returning('id')
    .execute()
  return leased.map((row) => row.id)
}
