/**
 * @module Counters of failures (wrong passwords) per bucket, each with the
 * time of its last failure, so a caller can make the wait grow with every
 * failure and forget a bucket once it has been quiet long enough. This one
 * keeps them in the process, which is right for one server on SQLite;
 * replicas on PostgreSQL share theirs (database-failure-counters.ts). The
 * table is capped: when full, the bucket whose last failure is oldest is
 * forgotten first, so a flood of new buckets cannot grow it without end.
 */

export interface FailureCount {
  /** Failures since the bucket was last quiet for the forgetting time (0: none remembered). */
  failures: number
  /** When the last one happened, in milliseconds since the epoch (0 when none). */
  lastFailureAt: number
}

export interface FailureCounters {
  /** What each bucket remembers, in the order asked. */
  read(buckets: string[]): Promise<FailureCount[]>
  /** Counts one failure on each bucket, now. */
  add(buckets: string[]): Promise<void>
  /** Forgets the buckets. */
  clear(buckets: string[]): Promise<void>
}

export interface FailureCounterOptions {
  /** A bucket without a failure for this long starts again from zero. */
  forgetAfterMs: number
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number
  /** The most buckets kept; past it the longest quiet is forgotten. */
  maxBuckets?: number
}

/** Buckets kept in memory at most: a few MB, each key being a fixed-size digest. */
export const MAX_FAILURE_BUCKETS = 50_000

export const NO_FAILURES: FailureCount = Object.freeze({ failures: 0, lastFailureAt: 0 })

/**
 * Makes in-memory failure counters.
 *
 * @example
 * const counters = memoryFailureCounters({ forgetAfterMs: 3_600_000 })
 * await counters.add(['login-pair:Qm9i…'])
 */
export function memoryFailureCounters({
  forgetAfterMs,
  now = Date.now,
  maxBuckets = MAX_FAILURE_BUCKETS,
}: FailureCounterOptions): FailureCounters {
  // Kept in order of last failure (each failure re-inserts its bucket), so the first is the quietest.
  const counts = new Map<string, FailureCount>()
  const remembered = (bucket: string, time: number): FailureCount => {
    const count = counts.get(bucket)
    return count && time - count.lastFailureAt < forgetAfterMs ? count : NO_FAILURES
  }
  return {
    async read(buckets) {
      const time = now()
      return buckets.map((bucket) => remembered(bucket, time))
    },
    async add(buckets) {
      const time = now()
      for (const bucket of buckets) {
        const failures = remembered(bucket, time).failures + 1
        counts.delete(bucket)
        if (counts.size >= maxBuckets) counts.delete(counts.keys().next().value!)
        counts.set(bucket, { failures, lastFailureAt: time })
      }
    },
    async clear(buckets) {
      for (const bucket of buckets) counts.delete(bucket)
    },
  }
}
