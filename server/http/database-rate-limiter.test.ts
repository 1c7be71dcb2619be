/**
 * @module The database rate limiter's SQL against the dialect under test:
 * one additive upsert a hit whose returned total decides, one row a bucket
 * and window, and the sweep of windows past. The behaviour it shares with
 * the in-memory limiter is tested in `fixed-window-rate-limiter.test.ts`.
 */
import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { databaseRateLimiter } from './database-rate-limiter.js'

const MINUTE = 60_000

// A database per test: a limiter sweeps older windows without waiting, and
// tests on different clocks sharing one table would sweep each other's rows.
let db: Kysely<Database>
beforeEach(async () => {
  db = await openTestDatabase()
})
afterEach(() => db.destroy())

const storedWindows = () =>
  db.selectFrom('rate_limit_windows').select(['bucket', 'window_start', 'hits']).orderBy('window_start').orderBy('bucket').execute()

describe('databaseRateLimiter', () => {
  it('keeps one row a bucket and window whose hits are the total, and decides by that total', async () => {
    const time = 100 * MINUTE + 20_000
    const limiter = databaseRateLimiter(db, { now: () => time })
    expect(await limiter.hit('api-key:7', 3)).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 40 })
    await limiter.hit('api-key:7', 3)
    await limiter.hit('api-key:8', 3)
    expect(await limiter.hit('api-key:7', 3)).toMatchObject({ allowed: true, remaining: 0 })
    expect(await limiter.hit('api-key:7', 3)).toMatchObject({ allowed: false, remaining: 0 })
    expect(await storedWindows()).toEqual([
      { bucket: 'api-key:7', window_start: 100 * MINUTE, hits: 4 },
      { bucket: 'api-key:8', window_start: 100 * MINUTE, hits: 1 },
    ])
  })

  it('counts every hit of limiters racing on one database once, each told its own total', async () => {
    const replicas = Array.from({ length: 4 }, () => databaseRateLimiter(db, { now: () => 7 * MINUTE }))
    const hits = await Promise.all(Array.from({ length: 12 }, (_, i) => replicas[i % 4]!.hit('shared', 12)))
    expect(hits.map((hit) => hit.remaining).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    expect(await storedWindows()).toEqual([{ bucket: 'shared', window_start: 7 * MINUTE, hits: 12 }])
  })

  it('starts a new row when the window turns, and sweeps the rows of windows before the last', async () => {
    let time = 10 * MINUTE
    const limiter = databaseRateLimiter(db, { now: () => time })
    await limiter.hit('a', 5)
    time = 11 * MINUTE
    expect(await limiter.hit('a', 5)).toMatchObject({ remaining: 4, resetSeconds: 60 })
    await expect.poll(storedWindows).toEqual([
      { bucket: 'a', window_start: 10 * MINUTE, hits: 1 },
      { bucket: 'a', window_start: 11 * MINUTE, hits: 1 },
    ])
    time = 12 * MINUTE
    await limiter.hit('b', 5)
    await expect.poll(storedWindows).toEqual([
      { bucket: 'a', window_start: 11 * MINUTE, hits: 1 },
      { bucket: 'b', window_start: 12 * MINUTE, hits: 1 },
    ])
  })
})
