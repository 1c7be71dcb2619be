/** @module Tests of ad reports: hours bucketed into days of the reader's zone, grouping by day, ad and slot, the rates, the range's checks and the CSV. */
import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { reportCsv, shownRate } from '../../shared/ad-report.js'
import { createAd } from '../ads/ads-repository.js'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { createOrganisation } from '../orgs/organisations.js'
import { addAdCounts } from './ad-statistics-repository.js'
import { adReport, firstHourOn } from './ad-reports.js'
import { reportRangeOf } from './report-range.js'

let db: Kysely<Database>
beforeEach(async () => {
  db = await openTestDatabase()
})
afterEach(() => db.destroy())

/** An organisation with two ads, and counts around midnight in New York (UTC-4 in May). */
async function seeded() {
  const org = await createOrganisation(db, { name: 'Mine' })
  const other = await createOrganisation(db, { name: 'Theirs' })
  const spring = await createAd(db, org.id, { title: 'Spring sale', display: 'Home' })
  const winter = await createAd(db, org.id, { title: 'Winter shelter', display: 'Donation Stories' })
  const row = (hour: string, ad: string, slot: string, served: number, viewable: number, clicks: number) => ({
    organisation_id: org.id,
    hour,
    ad_code: ad,
    slot,
    served,
    viewable,
    clicks,
  })
  await addAdCounts(db, [
    // 23:00 on 30 April in New York.
    row('2025-05-01T03:00:00.000Z', spring.code, 'home', 100, 100, 100),
    // 23:00 on 1 May in New York, 03:00 on 2 May in UTC.
    row('2025-05-02T03:00:00.000Z', spring.code, 'home', 3, 1, 1),
    // Midnight starting 2 May in New York.
    row('2025-05-02T04:00:00.000Z', spring.code, 'home', 10, 5, 1),
    row('2025-05-02T04:00:00.000Z', winter.code, 'donation-stories', 4, 4, 0),
    row('2025-05-02T05:00:00.000Z', spring.code, 'donation-stories', 7, 0, 0),
    // A deleted ad's counts stay; clicks without impressions have no rate.
    row('2025-05-02T06:00:00.000Z', 'ADS0000000001', 'home', 0, 0, 2),
    { ...row('2025-05-02T04:00:00.000Z', spring.code, 'home', 1000, 1000, 1000), organisation_id: other.id },
  ])
  return { org, other, spring, winter }
}

describe('ad reports', () => {
  it("puts each hour on the day it starts in the reader's zone, every day of the range included", async () => {
    const { org } = await seeded()
    const newYork = await adReport(db, org, reportRangeOf({ from: '2025-05-01', to: '2025-05-03', tz: 'America/New_York' }))
    expect(newYork.rows).toEqual([
      { key: '2025-05-01', impressions: 3, viewable: 1, clicks: 1, viewable_rate: 33.3, ctr: 33.3 },
      { key: '2025-05-02', impressions: 21, viewable: 9, clicks: 3, viewable_rate: 42.9, ctr: 14.3 },
      { key: '2025-05-03', impressions: 0, viewable: 0, clicks: 0, viewable_rate: null, ctr: null },
    ])
    expect(newYork.series).toEqual({
      days: ['2025-05-01', '2025-05-02', '2025-05-03'],
      impressions: [3, 21, 0],
      viewable: [1, 9, 0],
      clicks: [1, 3, 0],
      viewable_rate: [33.3, 42.9, null],
      ctr: [33.3, 14.3, null],
    })
    expect(newYork.totals).toEqual({ impressions: 24, viewable: 10, clicks: 4, viewable_rate: 41.7, ctr: 16.7 })

    const utc = await adReport(db, org, reportRangeOf({ from: '2025-05-01', to: '2025-05-02', tz: 'UTC' }))
    expect(utc.series.impressions).toEqual([100, 24])
  })

  it('sums per ad, most impressions first, with titles, and a deleted ad under its code', async () => {
    const { org, spring, winter } = await seeded()
    const report = await adReport(db, org, reportRangeOf({ from: '2025-05-01', to: '2025-05-02', tz: 'America/New_York', by: 'ad' }))
    expect(report.rows).toEqual([
      { key: spring.code, title: 'Spring sale', impressions: 20, viewable: 6, clicks: 2, viewable_rate: 30, ctr: 10 },
      { key: winter.code, title: 'Winter shelter', impressions: 4, viewable: 4, clicks: 0, viewable_rate: 100, ctr: 0 },
      { key: 'ADS0000000001', impressions: 0, viewable: 0, clicks: 2, viewable_rate: null, ctr: null },
    ])
    expect(report.rows.map((row) => shownRate(row.viewable_rate))).toEqual(['30.0%', '100.0%', '—'])
  })

  it('sums per slot, and narrows to one ad or one slot', async () => {
    const { org, spring } = await seeded()
    const range = { from: '2025-05-02', to: '2025-05-02', tz: 'America/New_York', by: 'slot' }
    // Slots by their slug, named as their ads spell them.
    expect((await adReport(db, org, reportRangeOf(range))).rows.map(({ key, title, impressions }) => [key, title, impressions])).toEqual([
      ['donation-stories', 'Donation Stories', 11],
      ['home', 'Home', 10],
    ])
    // A newer ad's spelling of the slot names it.
    await createAd(db, org.id, { title: 'Later', display: 'HOME' })
    expect((await adReport(db, org, reportRangeOf(range))).rows.map(({ title }) => title)).toEqual(['Donation Stories', 'HOME'])
    const oneAd = await adReport(db, org, reportRangeOf({ ...range, ad: spring.code }))
    expect(oneAd.rows.map(({ key, impressions }) => [key, impressions])).toEqual([
      ['home', 10],
      ['donation-stories', 7],
    ])
    expect(oneAd.ad).toBe(spring.code)
    const oneSlot = await adReport(db, org, reportRangeOf({ ...range, by: 'day', slot: 'donation-stories' }))
    expect(oneSlot.rows).toEqual([{ key: '2025-05-02', impressions: 11, viewable: 4, clicks: 0, viewable_rate: 36.4, ctr: 0 }])
  })

  it("never counts another organisation's rows", async () => {
    const { other } = await seeded()
    const report = await adReport(db, other, reportRangeOf({ from: '2025-05-02', to: '2025-05-02', tz: 'UTC', by: 'ad' }))
    expect(report.rows.map((row) => row.impressions)).toEqual([1000])
  })

  it('finds where a day starts across daylight saving time and in zones off by half an hour', () => {
    // New York springs forward on 9 March 2025: the day starts at UTC-5, the next at UTC-4.
    expect(firstHourOn('2025-03-09', 'America/New_York')).toBe('2025-03-09T05:00:00.000Z')
    expect(firstHourOn('2025-03-10', 'America/New_York')).toBe('2025-03-10T04:00:00.000Z')
    // Kolkata is UTC+5:30: the hour from 18:00 UTC starts at 23:30 on 30 April, so 1 May's first hour starts 19:00 UTC.
    expect(firstHourOn('2025-05-01', 'Asia/Kolkata')).toBe('2025-04-30T19:00:00.000Z')
    expect(firstHourOn('2025-05-01', 'Pacific/Kiritimati')).toBe('2025-04-30T10:00:00.000Z')
  })
})

describe('report ranges', () => {
  const now = new Date('2025-05-10T02:00:00Z')

  it('defaults to the last 7 days up to today in the zone, grouped by day', () => {
    expect(reportRangeOf({}, now)).toEqual({ from: '2025-05-04', to: '2025-05-10', tz: 'UTC', by: 'day' })
    expect(reportRangeOf({ tz: 'America/New_York' }, now)).toEqual({
      from: '2025-05-03',
      to: '2025-05-09',
      tz: 'America/New_York',
      by: 'day',
    })
    expect(reportRangeOf({ from: '2025-05-08' }, now)).toMatchObject({ from: '2025-05-08', to: '2025-05-10' })
  })

  it('refuses what it cannot answer, naming the field', () => {
    const refused = (query: Record<string, string>) => {
      try {
        reportRangeOf(query, now)
      } catch (error) {
        return {
          status: (error as { status: number }).status,
          field: (error as { field: string }).field,
          message: (error as Error).message,
        }
      }
      throw new Error('accepted')
    }
    expect(refused({ from: '2025-02-30' })).toEqual({
      status: 400,
      field: 'from',
      message: 'from must be a date written YYYY-MM-DD, such as 2025-05-01, not "2025-02-30"',
    })
    expect(refused({ to: '5/1/2025' }).field).toBe('to')
    expect(refused({ from: '2025-05-08', to: '2025-05-01' }).message).toBe('from (2025-05-08) must not be after to (2025-05-01)')
    expect(refused({ from: '2024-01-01', to: '2025-01-01' }).message).toBe(
      'a report covers at most 366 days; 2024-01-01 to 2025-01-01 is 367',
    )
    expect(reportRangeOf({ from: '2024-01-01', to: '2024-12-31' }, now).from).toBe('2024-01-01')
    expect(refused({ tz: 'Mars/Olympus' })).toMatchObject({
      field: 'tz',
      message: 'tz must be an IANA time zone such as Europe/Berlin or UTC, not "Mars/Olympus"',
    })
    expect(refused({ by: 'week' })).toMatchObject({ field: 'by', message: 'by must be day, ad or slot' })
  })
})

describe('report CSV', () => {
  it("writes the table's numbers, empty where the table shows —, and defuses formula-looking keys", () => {
    const csv = reportCsv({
      by: 'slot',
      rows: [
        { key: 'home', title: 'Home', impressions: 3, viewable: 1, clicks: 0, viewable_rate: 33.3, ctr: 0 },
        { key: '=cmd,"x"', impressions: 0, viewable: 0, clicks: 1, viewable_rate: null, ctr: null },
      ],
      totals: { impressions: 3, viewable: 1, clicks: 1, viewable_rate: 33.3, ctr: 33.3 },
    })
    expect(csv).toBe(
      'slot,name,impressions,viewable,clicks,viewable_rate,ctr\r\nhome,Home,3,1,0,33.3,0.0\r\n"\'=cmd,""x""",,0,0,1,,\r\ntotal,,3,1,1,33.3,33.3\r\n',
    )
  })

  it('gives ads their titles beside their codes, empty for a deleted ad', () => {
    const csv = reportCsv({
      by: 'ad',
      rows: [
        { key: 'AD1', title: 'Spring, sale', impressions: 2, viewable: 1, clicks: 1, viewable_rate: 50, ctr: 50 },
        { key: 'AD2', impressions: 1, viewable: 0, clicks: 0, viewable_rate: 0, ctr: 0 },
      ],
      totals: { impressions: 3, viewable: 1, clicks: 1, viewable_rate: 33.3, ctr: 33.3 },
    })
    expect(csv).toBe(
      'ad,title,impressions,viewable,clicks,viewable_rate,ctr\r\nAD1,"Spring, sale",2,1,1,50.0,50.0\r\nAD2,,1,0,0,0.0,0.0\r\ntotal,,3,1,1,33.3,33.3\r\n',
    )
  })
})
