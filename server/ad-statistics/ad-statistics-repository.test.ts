/**
 * @module The ad statistics repository's SQL against the dialect under
 * test: counts added (never set) to hourly rows, read over an hour range
 * and summed for reports, as the event counter and the reports rely on.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { type AdCounts, adCountTotals, addAdCounts, adStatisticsFor } from './ad-statistics-repository.js'

const H13 = '2025-05-01T13:00:00.000Z'
const H14 = '2025-05-01T14:00:00.000Z'
const H15 = '2025-05-01T15:00:00.000Z'

let db: Kysely<Database>
beforeEach(async () => {
  db = await openTestDatabase()
})
afterEach(() => db.destroy())

const counts = (hour: string, ad_code: string, slot: string, served: number, viewable = 0, clicks = 0, organisation_id = 1): AdCounts => ({
  organisation_id,
  hour,
  ad_code,
  slot,
  served,
  viewable,
  clicks,
})

describe('addAdCounts', () => {
  it('adds to the stored row of the same organisation, hour, ad and slot, and makes a row for a new one', async () => {
    await addAdCounts(db, [counts(H13, 'ADS1', 'home', 3, 2, 1)])
    await addAdCounts(db, [counts(H13, 'ADS1', 'home', 4, 1, 0), counts(H13, 'ADS1', 'side', 1), counts(H13, 'ADS1', 'home', 1, 0, 0, 2)])
    expect(await adStatisticsFor(db, 1, H13, H14)).toEqual([counts(H13, 'ADS1', 'home', 7, 3, 1), counts(H13, 'ADS1', 'side', 1)])
    expect(await adStatisticsFor(db, 2, H13, H14)).toEqual([counts(H13, 'ADS1', 'home', 1, 0, 0, 2)])
  })

  // The writer sums a key's counts before it calls, so a key comes twice only in different statements (PostgreSQL refuses it twice in one).
  it('adds more rows than one statement holds in one call, and a key again in a later statement of it, without losing a count', async () => {
    const many = Array.from({ length: 1_201 }, (_, index) => counts(H13, `ADS${index}`, 'home', 1))
    await addAdCounts(db, [...many, counts(H13, 'ADS0', 'home', 5)])
    const rows = await adStatisticsFor(db, 1, H13, H14)
    expect(rows).toHaveLength(1_201)
    expect(rows.reduce((sum, row) => sum + row.served, 0)).toBe(1_206)
  })

  it('does nothing for no rows', async () => {
    await addAdCounts(db, [])
    expect(await adStatisticsFor(db, 1, H13, H15)).toEqual([])
  })
})

describe('adStatisticsFor', () => {
  it("reads one organisation's rows in [from, to), by hour, ad and slot", async () => {
    await addAdCounts(db, [
      counts(H15, 'ADS1', 'home', 1),
      counts(H14, 'ADS2', 'home', 2),
      counts(H14, 'ADS1', 'side', 3),
      counts(H14, 'ADS1', 'home', 4),
      counts(H13, 'ADS9', 'home', 5),
      counts(H14, 'ADS1', 'home', 6, 0, 0, 2),
    ])
    expect(await adStatisticsFor(db, 1, H14, H15)).toEqual([
      counts(H14, 'ADS1', 'home', 4),
      counts(H14, 'ADS1', 'side', 3),
      counts(H14, 'ADS2', 'home', 2),
    ])
    expect((await adStatisticsFor(db, 1, H13, '2025-05-01T16:00:00.000Z')).map((row) => row.hour)).toEqual([H13, H14, H14, H14, H15])
  })
})

describe('adCountTotals', () => {
  beforeEach(async () => {
    await addAdCounts(db, [
      counts(H13, 'ADS1', 'home', 10, 5, 1),
      counts(H13, 'ADS2', 'home', 20, 10, 2),
      counts(H14, 'ADS1', 'side', 30, 15, 3),
      counts(H14, 'ADS1', 'home', 40, 20, 4),
      counts(H15, 'ADS1', 'home', 1_000, 0, 0),
      counts(H13, 'ADS1', 'home', 500, 0, 0, 2),
    ])
  })

  it('sums per hour, ad or slot over [from, to), as numbers, in key order', async () => {
    expect(await adCountTotals(db, 1, H13, H15, 'hour')).toEqual([
      { key: H13, served: 30, viewable: 15, clicks: 3 },
      { key: H14, served: 70, viewable: 35, clicks: 7 },
    ])
    expect(await adCountTotals(db, 1, H13, H15, 'ad_code')).toEqual([
      { key: 'ADS1', served: 80, viewable: 40, clicks: 8 },
      { key: 'ADS2', served: 20, viewable: 10, clicks: 2 },
    ])
    expect(await adCountTotals(db, 1, H13, H15, 'slot')).toEqual([
      { key: 'home', served: 70, viewable: 35, clicks: 7 },
      { key: 'side', served: 30, viewable: 15, clicks: 3 },
    ])
  })

  it('sums only one ad, one slot or both when asked, and gives no groups where there are no rows', async () => {
    expect(await adCountTotals(db, 1, H13, H15, 'hour', { ad: 'ADS1' })).toEqual([
      { key: H13, served: 10, viewable: 5, clicks: 1 },
      { key: H14, served: 70, viewable: 35, clicks: 7 },
    ])
    expect(await adCountTotals(db, 1, H13, H15, 'ad_code', { slot: 'side' })).toEqual([
      { key: 'ADS1', served: 30, viewable: 15, clicks: 3 },
    ])
    expect(await adCountTotals(db, 1, H13, H15, 'slot', { ad: 'ADS2', slot: 'home' })).toEqual([
      { key: 'home', served: 20, viewable: 10, clicks: 2 },
    ])
    expect(await adCountTotals(db, 1, H13, H15, 'slot', { ad: 'ADS3' })).toEqual([])
    expect(await adCountTotals(db, 3, H13, H15, 'hour')).toEqual([])
  })
})
