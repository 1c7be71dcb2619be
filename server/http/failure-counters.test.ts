import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { databaseFailureCounters } from './database-failure-counters.js'
import { type FailureCounterOptions, type FailureCounters, memoryFailureCounters } from './failure-counters.js'

let db: Kysely<Database>
beforeEach(async () => {
  db = await openTestDatabase()
})
afterEach(() => db.destroy())

const HOUR = 3_600_000

describe.each([
  ['in memory', (options: FailureCounterOptions) => memoryFailureCounters(options)],
  ['in the database', (options: FailureCounterOptions) => databaseFailureCounters(db, options)],
] as const)('failure counters %s', (_where, make: (options: FailureCounterOptions) => FailureCounters) => {
  it('count failures per bucket with the time of the last one', async () => {
    let time = 1_000_000
    const counters = make({ forgetAfterMs: HOUR, now: () => time })
    await counters.add(['a', 'b'])
    time += 5_000
    await counters.add(['a'])
    expect(await counters.read(['a', 'b', 'c'])).toEqual([
      { failures: 2, lastFailureAt: 1_005_000 },
      { failures: 1, lastFailureAt: 1_000_000 },
      { failures: 0, lastFailureAt: 0 },
    ])
  })

  it('forget a bucket quiet for the forgetting time, and start it again from one', async () => {
    let time = 1_000_000
    const counters = make({ forgetAfterMs: HOUR, now: () => time })
    await counters.add(['a'])
    await counters.add(['a'])
    time += HOUR
    expect(await counters.read(['a'])).toEqual([{ failures: 0, lastFailureAt: 0 }])
    await counters.add(['a'])
    expect(await counters.read(['a'])).toEqual([{ failures: 1, lastFailureAt: time }])
  })

  it('clear buckets on request', async () => {
    const counters = make({ forgetAfterMs: HOUR, now: () => 5 })
    await counters.add(['a', 'b'])
    await counters.clear(['a'])
    expect((await counters.read(['a', 'b'])).map((count) => count.failures)).toEqual([0, 1])
  })
})

describe('failure counters in memory', () => {
  it('keep at most maxBuckets, forgetting the longest quiet first', async () => {
    let time = 0
    const counters = memoryFailureCounters({ forgetAfterMs: HOUR, now: () => time, maxBuckets: 2 })
    await counters.add(['a'])
    time++
    await counters.add(['b'])
    time++
    await counters.add(['a'])
    time++
    await counters.add(['c'])
    expect((await counters.read(['a', 'b', 'c'])).map((count) => count.failures)).toEqual([2, 0, 1])
  })
})

describe('failure counters in the database', () => {
  it('are shared between replicas, and concurrent failures are all counted', async () => {
    const [first, second] = [databaseFailureCounters(db, { forgetAfterMs: HOUR }), databaseFailureCounters(db, { forgetAfterMs: HOUR })]
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? first : second).add(['shared', `own${i % 2}`])))
    expect((await first.read(['shared', 'own0', 'own1'])).map((count) => count.failures)).toEqual([10, 5, 5])
  })

  it('sweep rows quiet for the forgetting time', async () => {
    let time = 10 * HOUR
    const counters = databaseFailureCounters(db, { forgetAfterMs: HOUR, now: () => time })
    await counters.add(['old'])
    time += 2 * HOUR
    await counters.add(['new'])
    await expect
      .poll(async () => (await db.selectFrom('failure_counters').select('bucket').execute()).map((row) => row.bucket))
      .toEqual(['new'])
  })

  it('keep at most maxBuckets rows, forgetting the longest quiet first', async () => {
    let time = 10 * HOUR
    const counters = databaseFailureCounters(db, { forgetAfterMs: HOUR, now: () => time, maxBuckets: 3 })
    for (const bucket of ['a', 'b', 'c', 'd']) {
      time += 1_000
      await counters.add([bucket])
    }
    // The sweep runs at most once a minute.
    time += 60_000
    await counters.add(['e'])
    await expect
      .poll(async () => (await db.selectFrom('failure_counters').select('bucket').orderBy('bucket').execute()).map((row) => row.bucket))
      .toEqual(['c', 'd', 'e'])
  })
})
