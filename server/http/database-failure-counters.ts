/**
 * @module The failure counters replicas share: one row a bucket in
 * `failure_counters`, counted up by one upsert per failure (which starts
 * again from one when the last failure is older than the forgetting time),
 * so every replica sees every other's failures at once. Rows quiet for the
 * forgetting time are swept, at most once a minute per process, and so are
 * all but the `maxBuckets` most recent, as the in-memory table is capped:
 * a flood of new buckets grows the table for a minute at most.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { type FailureCounterOptions, type FailureCounters, MAX_FAILURE_BUCKETS, NO_FAILURES } from './failure-counters.js'

const SWEEP_EVERY_MS = 60_000

/**
 * Makes failure counters over the `failure_counters` table.
 *
 * @example
 * const counters = databaseFailureCounters(db, { forgetAfterMs: 3_600_000 })
 */
export function databaseFailureCounters(
  db: Kysely<Database>,
  { forgetAfterMs, now = Date.now, maxBuckets = MAX_FAILURE_BUCKETS }: FailureCounterOptions,
): FailureCounters {
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
        void sweep(db, time - forgetAfterMs, maxBuckets).catch(() => {})
      }
    },
    async clear(buckets) {
      await db.deleteFrom('failure_counters').where('bucket', 'in', buckets).execute()
    },
  }
}

/** Deletes rows quiet since `quietSince`, and those older than the `keep` most recent. */
async function sweep(db: Kysely<Database>, quietSince: number, keep: number): Promise<void> {
  await db.deleteFrom('failure_counters').where('last_failure_at', '<=', quietSince).execute()
  const cutoff = await db
    .selectFrom('failure_counters')
    .select('last_failure_at')
    .orderBy('last_failure_at', 'desc')
    .limit(1)
    .offset(keep)
    .executeTakeFirst()
  if (cutoff) await db.deleteFrom('failure_counters').where('last_failure_at', '<=', cutoff.last_failure_at).execute()
}
