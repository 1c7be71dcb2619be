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
 *
 * Skipping the claim still costs a turn of the worker's loop: 50 timers a
 * second, their promises and the garbage they leave, which measured as
 * most of an idle server's CPU. So on SQLite an idle worker also sleeps
 * ({@link idleOutbox}): until this process writes the table, another
 * process may have committed (a notice of a write to the log, after which
 * it looks again across the window in which the commit is published), or
 * the earliest pending row comes due or its lease runs out; and at the
 * longest {@link MAX_IDLE_SLEEP_MS}, should anything go unnoticed.
 */
import { type Kysely, sql } from 'kysely'
import { commitNoticesOf, onTableWrite, tableChangeStampOf } from './change-stamp.js'
import type { LeasedTable } from './lease-claim.js'
import type { Database } from './schema.js'
import { NOTICE_WINDOW_MS } from './sqlite-data-version.js'

/** The longest an idle worker sleeps without a wake: a safety net for a change no notice reported, at one look a second. */
export const MAX_IDLE_SLEEP_MS = 1000
/** After a notice woke a sleeping worker, how often it looks until the notice's window has passed. */
const NOTICE_RECHECK_MS = 4

/** An outbox claim that is skipped while idle, and what its worker's loop needs to sleep while idle. */
export interface IdleOutbox<Row> {
  /** The claim, answering `[]` without touching the database while nothing can have come due. */
  claim: (time: number, limit: number) => Promise<Row[]>
  /**
   * How long the worker, which polls every `pollMs`, may pause after a claim at `time` (its clock,
   * epoch ms): until the next row is claimable when idle; no longer than `pollMs`, nor past the
   * window after a notice (its commit may not be published yet); `undefined` for its usual poll
   * (rows were found, or notices are not to be had).
   */
  pauseMs: (time: number, pollMs: number) => number | undefined
  /** Calls `wake` when the outbox may have changed: this process wrote its table, or another may have committed while the worker slept. */
  watch: (wake: () => void) => () => void
}

/**
 * Wraps `claim` (given the worker's clock in epoch milliseconds and the most rows to take) so that it
 * answers `[]` without touching the database while nothing can have come due, and tells the worker's
 * loop how long it may sleep (at the longest `maxIdleSleepMs`, the safety net) and what ends the sleep.
 *
 * @example
 * const outbox = idleOutbox(db, 'mail_outbox', (time, limit) => claim(time, limit))
 * const loop = pollingLoop('mail worker', step, 1000, { pauseMs: () => outbox.pauseMs(Date.now(), 1000), watch: outbox.watch })
 */
export function idleOutbox<Row>(
  db: Kysely<Database>,
  table: LeasedTable,
  claim: (time: number, limit: number) => Promise<Row[]>,
  maxIdleSleepMs = MAX_IDLE_SLEEP_MS,
): IdleOutbox<Row> {
  const readStamp = tableChangeStampOf(db, table)
  const notices = readStamp && commitNoticesOf(db)
  let idle: { stamp: string; until: number } | undefined
  /** The last pause was a sleep past the poll: only then does a notice wake the worker (a busy server's notices come every millisecond). */
  let asleep = false
  /** A notice ended the sleep: look often across its window, since a commit published a moment after its notice would otherwise wait a whole poll. */
  let wokenByNotice = false
  return {
    async claim(time, limit) {
      // Read before the claim, so that a write during it moves the stamp past this one.
      const stamp = readStamp?.()
      if (idle && stamp === idle.stamp && time < idle.until) return []
      const rows = await claim(time, limit)
      idle = rows.length === 0 && stamp !== undefined ? { stamp, until: await nextClaimableAt(db, table) } : undefined
      return rows
    },
    pauseMs(time, pollMs) {
      asleep = false
      const sinceNotice = notices?.sinceLastNotice()
      if (idle === undefined || sinceNotice === undefined) return undefined
      if (sinceNotice <= NOTICE_WINDOW_MS) {
        const rest = NOTICE_WINDOW_MS + 1 - sinceNotice
        return Math.max(1, Math.min(pollMs, wokenByNotice ? NOTICE_RECHECK_MS : rest, rest))
      }
      wokenByNotice = false
      const pause = Math.max(0, Math.min(idle.until - time, maxIdleSleepMs))
      asleep = pause > pollMs
      return pause
    },
    watch(wake) {
      if (notices === undefined) return () => undefined
      const stopNotices = notices.subscribe(() => {
        if (!asleep) return
        asleep = false
        wokenByNotice = true
        wake()
      })
      const stopWrites = onTableWrite(table, wake)
      return () => {
        stopNotices()
        stopWrites()
      }
    },
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
