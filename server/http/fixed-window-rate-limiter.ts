/**
 * @module A fixed-window rate limiter: each bucket may make `limit` hits
 * in each window of the wall clock (one minute by default). Counters live
 * in this process, which is right for one server on SQLite; replicas on
 * PostgreSQL share theirs through the database (database-rate-limiter.ts).
 * The table of counters is capped, so callers inventing new buckets cannot
 * grow it without end: when full, the oldest bucket of the window is
 * forgotten (it starts again from zero, so a full table lets a little more
 * through; it never refuses anyone who is within the limit).
 */
import { forgettingOrder } from '../forgetting-order.js'

export interface RateLimitDecision {
  allowed: boolean
  limit: number
  /** Hits left in the current window after this one. */
  remaining: number
  /** Whole seconds until the window resets (at least 1). */
  resetSeconds: number
}

export interface RateLimiter {
  /** Counts one hit on `bucket` and says whether it is within `limit`. */
  hit(bucket: string, limit: number): RateLimitDecision | Promise<RateLimitDecision>
}

export interface FixedWindowOptions {
  windowMs?: number
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number
  /** The most buckets counted in one window (in memory); past it the oldest is forgotten. */
  maxBuckets?: number
}

/** Buckets one in-memory limiter keeps at most: about 10 MB of counters. */
export const MAX_BUCKETS = 100_000

/**
 * Makes an in-memory fixed-window limiter.
 *
 * @example
 * const limiter = fixedWindowRateLimiter()
 * limiter.hit('key:1', 600) // { allowed: true, limit: 600, remaining: 599, resetSeconds: 42 }
 */
export function fixedWindowRateLimiter({
  windowMs = 60_000,
  now = Date.now,
  maxBuckets = MAX_BUCKETS,
}: FixedWindowOptions = {}): RateLimiter & {
  hit(bucket: string, limit: number): RateLimitDecision
} {
  let currentWindow = -1
  let counts = new Map<string, number>()
  let order = forgettingOrder<string>(maxBuckets)
  return {
    hit(bucket, limit) {
      const time = now()
      const window = Math.floor(time / windowMs)
      // Windows are aligned to the clock, so when one ends every counter in
      // the map belongs to the past and can go at once.
      if (window !== currentWindow) {
        currentWindow = window
        counts = new Map()
        order = forgettingOrder(maxBuckets)
      }
      const counted = counts.get(bucket)
      if (counted === undefined) {
        // The window's oldest bucket goes when the table is full.
        const forgotten = order.add(bucket)
        if (forgotten !== undefined) counts.delete(forgotten)
      }
      const count = (counted ?? 0) + 1
      counts.set(bucket, count)
      return decision(count, limit, (window + 1) * windowMs - time)
    },
  }
}

/**
 * The decision for the `count`th hit of a window that ends in `msLeft`.
 *
 * @example
 * decision(3, 10, 42_000) // { allowed: true, limit: 10, remaining: 7, resetSeconds: 42 }
 */
export function decision(count: number, limit: number, msLeft: number): RateLimitDecision {
  return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetSeconds: Math.max(1, Math.ceil(msLeft / 1000)) }
}
