import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { databaseRateLimiter } from './database-rate-limiter.js'
import { type FixedWindowOptions, fixedWindowRateLimiter, type RateLimiter } from './fixed-window-rate-limiter.js'

// A database per test: a limiter sweeps older windows without waiting, and
// tests on different clocks sharing one table would sweep each other's rows.
let db: Kysely<Database>
beforeEach(async () => {
  db = await openTestDatabase()
})
afterEach(() => db.destroy())

let bucketRun = 0
describe.each([
  ['in memory', (options: FixedWindowOptions) => fixedWindowRateLimiter(options)],
  ['in the database', (options: FixedWindowOptions) => databaseRateLimiter(db, options)],
] as const)('the fixed-window rate limiter %s', (_where, makeLimiter: (options: FixedWindowOptions) => RateLimiter) => {
  it('allows the limit within a window, then refuses until the window ends', async () => {
    const bucket = `a${++bucketRun}`
    let time = 60_000 * 1000 + 15_000
    const limiter = makeLimiter({ now: () => time })
    expect(await limiter.hit(bucket, 2)).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 45 })
    expect(await limiter.hit(bucket, 2)).toMatchObject({ allowed: true, remaining: 0 })
    expect(await limiter.hit(bucket, 2)).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 45 })
    time += 44_500
    expect(await limiter.hit(bucket, 2)).toMatchObject({ allowed: false, resetSeconds: 1 })
    time += 500
    expect(await limiter.hit(bucket, 2)).toMatchObject({ allowed: true, remaining: 1, resetSeconds: 60 })
  })

  it('counts each bucket on its own', async () => {
    const limiter = makeLimiter({ now: () => 0 })
    const [a, b] = [`a${++bucketRun}`, `b${bucketRun}`]
    await limiter.hit(a, 1)
    expect((await limiter.hit(a, 1)).allowed).toBe(false)
    expect((await limiter.hit(b, 1)).allowed).toBe(true)
  })
})

describe('the in-memory rate limiter', () => {
  it('keeps at most maxBuckets counters a window, forgetting the oldest', async () => {
    const limiter = fixedWindowRateLimiter({ now: () => 0, maxBuckets: 3 })
    for (const bucket of ['a', 'b', 'c']) await limiter.hit(bucket, 1)
    expect((await limiter.hit('b', 1)).allowed).toBe(false)
    await limiter.hit('d', 1)
    // 'a' was the oldest and is counted afresh; 'c' is still remembered.
    expect((await limiter.hit('a', 1)).allowed).toBe(true)
    expect((await limiter.hit('c', 1)).allowed).toBe(false)
  })
})

describe('the database rate limiter', () => {
  it('shares one count between limiters on one database, as replicas do', async () => {
    const [first, second] = [databaseRateLimiter(db, { now: () => 5_000 }), databaseRateLimiter(db, { now: () => 6_000 })]
    const hits = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? first : second).hit('shared', 7)))
    expect(hits.filter((hit) => hit.allowed)).toHaveLength(7)
    expect(hits.map((hit) => hit.remaining).sort((x, y) => x - y)).toEqual([0, 0, 0, 0, 1, 2, 3, 4, 5, 6])
  })

  it('sweeps the rows of windows long past', async () => {
    let time = 10 * 60_000
    const limiter = databaseRateLimiter(db, { now: () => time })
    await limiter.hit('old', 5)
    time += 3 * 60_000
    await limiter.hit('new', 5)
    await expect
      .poll(async () => (await db.selectFrom('rate_limit_windows').select('bucket').where('bucket', '=', 'old').execute()).length)
      .toBe(0)
  })
})
