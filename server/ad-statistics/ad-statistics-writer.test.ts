import { beforeEach, describe, expect, it } from 'vitest'
import type { AdRow } from '../db/schema.js'
import { type Publisher, publisherFixture } from '../testing/publisher.js'
import { adStatisticsWriter } from './ad-statistics-writer.js'
import { adStatisticsFor } from './ad-statistics-repository.js'

let publisher: Publisher
let ad: AdRow
let clock: Date

const stored = () => adStatisticsFor(publisher.db, publisher.organisation.id, '2000-01-01T00:00:00.000Z', '3000-01-01T00:00:00.000Z')
const counted = () => ({ id: ad.id, code: ad.code, organisationId: publisher.organisation.id })
const home = { id: 1, slug: 'home' }

beforeEach(async () => {
  publisher = await publisherFixture()
  ad = await publisher.addAd()
  clock = new Date('2026-11-28T09:59:59.000Z')
})

describe('counts found by numbers', () => {
  it('land in the same row as counts of the same ad and slot found by code and slug', async () => {
    const writer = adStatisticsWriter({ db: publisher.db, now: () => clock })
    writer.countKnown(counted(), home, 'served')
    writer.count({ organisationId: publisher.organisation.id, adCode: ad.code, slot: 'home' }, 'served')
    writer.countKnown(counted(), { id: 2, slug: 'home' }, 'viewable')
    writer.countKnown(counted(), home, 'clicks')
    await writer.flush()
    expect(await stored()).toEqual([expect.objectContaining({ ad_code: ad.code, slot: 'home', served: 2, viewable: 1, clicks: 1 })])
  })

  it('count after a flush into new rows, not into the rows written', async () => {
    const writer = adStatisticsWriter({ db: publisher.db, now: () => clock })
    writer.countKnown(counted(), home, 'served')
    await writer.flush()
    writer.countKnown(counted(), home, 'served')
    writer.countKnown(counted(), home, 'served')
    await writer.flush()
    expect(await stored()).toEqual([expect.objectContaining({ served: 3 })])
  })

  it('count in the hour they happen in, across the hour', async () => {
    const writer = adStatisticsWriter({ db: publisher.db, now: () => clock })
    writer.countKnown(counted(), home, 'served')
    clock = new Date('2026-11-28T10:00:00.000Z')
    writer.countKnown(counted(), home, 'served')
    writer.countKnown(counted(), home, 'clicks')
    await writer.flush()
    const rows = (await stored()).map(({ hour, served, clicks }) => ({ hour, served, clicks }))
    expect(rows).toEqual([
      { hour: '2026-11-28T09:00:00.000Z', served: 1, clicks: 0 },
      { hour: '2026-11-28T10:00:00.000Z', served: 1, clicks: 1 },
    ])
  })

  it('are dropped past the cap of pending rows, as counts by code are', async () => {
    const writer = adStatisticsWriter({ db: publisher.db, now: () => clock, maxPendingRows: 1 })
    expect(writer.countKnown(counted(), home, 'served')).toBe(true)
    expect(writer.countKnown(counted(), { id: 2, slug: 'side' }, 'served')).toBe(false)
    expect(writer.countKnown(counted(), home, 'served')).toBe(true)
    await writer.flush()
    expect(await stored()).toEqual([expect.objectContaining({ slot: 'home', served: 2 })])
  })
})
