/**
 * @module Lets an outbox worker skip its claim while nothing can be due.
 * A claim is a write transaction, and the webhook worker polls every 20 ms
 * so that a delivery leaves within a blink: run every time, the claims of
 * an idle server cost about 5 % of a core, taken from the requests it
 * serves. After a claim that found nothing, the next one is skipped until
 * the outbox table's change stamp moves (this process wrote to the table: a
 * new row, a replay, a settled attempt; or another process committed
 * anything) or the earliest pending row comes due or its lease runs out.
 * The table's stamp, not the database's, so that a busy server's other
 * writes (grants, ad events, the other outbox) do not wake the worker
 * every turn. A database without a change stamp (PostgreSQL) claims every
 * time, since another replica's writes would go unseen.
 */
import { type Kysely, sql } from 'kysely'
import { tableChangeStampOf } from './change-stamp.js'
import type { LeasedTable } from './lease-claim.js'
import type { Database } from './schema.js'

/**
 * Wraps `claim` (given the worker's clock in epoch milliseconds and the most rows to take) so that it
 * answers `[]` without touching the database while nothing can have come due.
 *
 * @example
 * const claimIfAnyDue = skipClaimsWhileIdle(db, 'webhook_deliveries', (time, limit) => claim(time, limit))
 */
export function skipClaimsWhileIdle<Row>(
  db: Kysely<Database>,
  table: LeasedTable,
  claim: (time: number, limit: number) => Promise<Row[]>,
): (time: number, limit: number) => Promise<Row[]> {
  const readStamp = tableChangeStampOf(db, table)
  let idle: { stamp: string; until: number } | undefined
  return async (time, limit) => {
    // Read before the claim, so that a write during it moves the stamp past this one.
    const stamp = readStamp?.()
    if (idle && stamp === idle.stamp && time < idle.until) return []
    const rows = await claim(time, limit)
    idle = rows.length === 0 && stamp !== undefined ? { stamp, until: await nextClaimableAt(db, table) } : undefined
    return rows
  }
}

/**
 * The earliest time (epoch milliseconds) a pending row of `table` may be
 * claimed: when it is due, or just after its lease runs out if that is later;
 * `Infinity` when no row is pending.
 *
 * @example
 * await nextClaimableAt(db, 'mail_outbox') // 1764180000000
 */
export async function nextClaimableAt(db: Kysely<Database>, table: LeasedTable): Promise<number> {
  // The tables share these columns; Kysely types a query by one table name, so one stands for both.
  const rows = db as unknown as Kysely<Pick<Database, 'webhook_deliveries'>>
  const row = await rows
    .selectFrom(table as 'webhook_deliveries')
    .select(
      // A lease holds through its last millisecond (the claim takes rows whose lease ends before now).
      sql<number | null>`min(case when lease_expires_at >= next_attempt_at then lease_expires_at + 1 else next_attempt_at end)`.as('at'),
    )
    .where('state', '=', 'pending')
    .executeTakeFirst()
  return row?.at === null || row?.at === undefined ? Infinity : Number(row.at)
}
