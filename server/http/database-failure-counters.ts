/**
 * @module The failure counters replicas share: one row a bucket in
 * `failure_counters`, counted up by one upsert per failure (which starts
 * again from one when the last failure is older than the forgetting time),
 * so every replica sees every other's failures at once. Rows quiet for the
 * forgetting time are swept, at most once a minute per process.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { type FailureCounterOptions, type FailureCounters, NO_FAILURES } from './failure-counters.js'

const SWEEP_EVERY_MS = 60_000

/**
 * Makes failure counters over the `failure_counters` table.
 *
 * @example
 * const counters = databaseFailureCounters(db, { forgetAfterMs: 3_600_000 })
 */
export function databaseFailureCounters(db: Kysely<Database>, { forgetAfterMs, now = Date.now }: FailureCounterOptions): FailureCounters {
  let sweptAt = -Infinity
  return {
    async read(buckets) {
      const time = now()
      const rows = await db
        .selectFrom('failure_counters')
        .select(['bucket', 'failures', 'last_failure_at'])
        .where('bucket', 'in', buckets)
        .where('last_failure_at', '>', time - forgetAfterMs)
        .execute()
      const found = new Map(rows.map((row) => [row.bucket, { failures: row.failures, lastFailureAt: Number(row.last_failure_at) }]))
      return buckets.map((bucket) => found.get(bucket) ?? NO_FAILURES)
    },
    async add(buckets) {
      const time = now()
      await db
        .insertInto('failure_counters')
        // Always in one order, so two replicas' upserts lock shared rows alike and never deadlock.
        .values([...buckets].sort().map((bucket) => ({ bucket, failures: 1, last_failure_at: time })))
        .onConflict((conflict) =>
          conflict.column('bucket').doUpdateSet((eb) => ({
            failures: eb
              .case()
              .when('failure_counters.last_failure_at', '<=', time - forgetAfterMs)
              .then(1)
              .else(eb('failure_counters.failures', '+', 1))
              .end(),
            last_failure_at: time,
          })),
        )
        .execute()
      if (time - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = time
        // Another replica may sweep too; deleting rows already gone is harmless.
        void db
          .deleteFrom('failure_counters')
          .where('last_failure_at', '<=', time - forgetAfterMs)
          .execute()
          .catch(() => {})
      }
    },
    async clear(buckets) {
      await db.deleteFrom('failure_counters').where('bucket', 'in', buckets).execute()
    },
  }
}
