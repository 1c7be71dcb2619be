/**
 * @module The fixed-window rate limiter that replicas share: each hit is
 * one upsert that adds to the bucket's row for the current window and
 * reads the total back, so every replica sees every other's hits at once.
 * Rows of past windows are swept as windows turn.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { decision, type FixedWindowOptions, type RateLimiter } from './fixed-window-rate-limiter.js'

/**
 * Makes a limiter over the `rate_limit_windows` table.
 *
 * @example
 * const limiter = databaseRateLimiter(db)
 * await limiter.hit('api-key:7', 600)
 */
export function databaseRateLimiter(db: Kysely<Database>, { windowMs = 60_000, now = Date.now }: FixedWindowOptions = {}): RateLimiter {
  let sweptWindow = -1
  return {
    async hit(bucket, limit) {
      const time = now()
      const window = Math.floor(time / windowMs)
      const windowStart = window * windowMs
      const { hits } = await db
        .insertInto('rate_limit_windows')
        .values({ bucket, window_start: windowStart, hits: 1 })
        .onConflict((conflict) =>
          conflict.columns(['bucket', 'window_start']).doUpdateSet((eb) => ({ hits: eb('rate_limit_windows.hits', '+', 1) })),
        )
        .returning('hits')
        .executeTakeFirstOrThrow()
      if (window !== sweptWindow) {
        sweptWindow = window
        // Another replica may sweep too; deleting rows already gone is harmless.
        void db
          .deleteFrom('rate_limit_windows')
          .where('window_start', '<', windowStart - windowMs)
          .execute()
          .catch(() => {})
      }
      return decision(hits, limit, windowStart + windowMs - time)
    },
  }
}
