/**
 * @module An organisation's ad report: the hourly counts of a range of
 * dates in a time zone, summed per day, ad or slot, with the viewable rate
 * and click-through rate, and the per-day series a chart draws. An hour
 * belongs to the day its start falls on in the zone (in zones half an hour
 * off UTC, the hour from 23:30 to 00:30 counts on the first day). The
 * console's Reports page and `svc-bff report` both call {@link adReport}.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { type AdReport, type AdReportRow, type ReportRange, reportRate } from '../../shared/ad-report.js'
import { listAds } from '../ads/ads-repository.js'
import { slugOfSlot } from '../../shared/slug.js'
import { type AdCountTotals, adCountTotals } from './ad-statistics-repository.js'
import { dateIn, dateOfDay, dayNumber } from './report-range.js'

const HOUR_MS = 3_600_000

/**
 * The first stored hour (UTC hour start, ISO) whose start falls on `date`
 * or later in `tz`. Zones are 12 hours behind UTC to 14 ahead, so it lies
 * within 26 hours after 14:00 UTC the day before.
 */
export function firstHourOn(date: string, tz: string): string {
  let at = dayNumber(date) * 86_400_000 - 14 * HOUR_MS
  while (dateIn(new Date(at), tz) < date) at += HOUR_MS
  return new Date(at).toISOString()
}

function rowOf(key: string, counts: Omit<AdCountTotals, 'key'>, title?: string): AdReportRow {
  return {
    key,
    ...(title === undefined ? {} : { title }),
    impressions: counts.served,
    viewable: counts.viewable,
    clicks: counts.clicks,
    viewable_rate: reportRate(counts.viewable, counts.served),
    ctr: reportRate(counts.clicks, counts.served),
  }
}

/** Ads' titles by code, or slots' names by slug as the organisation's ads spell them (the newest ad's spelling). */
async function titlesOf(db: Kysely<Database>, organisationId: number, by: 'ad' | 'slot'): Promise<Map<string, string>> {
  const ads = await listAds(db, { organisationId })
  if (by === 'ad') return new Map(ads.map((ad) => [ad.code, ad.title]))
  const names = new Map<string, string>()
  // listAds gives the newest first, so the first spelling kept is the newest ad's.
  for (const ad of ads) {
    const slug = slugOfSlot(ad.display)
    if (!names.has(slug)) names.set(slug, ad.display)
  }
  return names
}

/**
 * The report of one organisation over a checked range. `by: 'day'` has a
 * row for every day of the range, quiet days included; `ad` and `slot`
 * one row each that has counts, most impressions first.
 *
 * @example
 * const report = await adReport(db, org, reportRangeOf({ from: '2025-05-01', to: '2025-05-07', tz: 'America/New_York', by: 'ad' }))
 */
export async function adReport(db: Kysely<Database>, organisation: { id: number; code: string }, range: ReportRange): Promise<AdReport> {
  const fromHour = firstHourOn(range.from, range.tz)
  const toHour = firstHourOn(dateOfDay(dayNumber(range.to) + 1), range.tz)
  const only = { ad: range.ad, slot: range.slot }

  const days: string[] = []
  for (let day = dayNumber(range.from); day <= dayNumber(range.to); day++) days.push(dateOfDay(day))
  const perDay = new Map(days.map((day) => [day, { served: 0, viewable: 0, clicks: 0 }]))
  for (const hour of await adCountTotals(db, organisation.id, fromHour, toHour, 'hour', only)) {
    const day = perDay.get(dateIn(new Date(hour.key), range.tz))
    if (!day) continue
    day.served += hour.served
    day.viewable += hour.viewable
    day.clicks += hour.clicks
  }
  const daily = days.map((day) => perDay.get(day)!)
  const sum = (pick: (counts: Omit<AdCountTotals, 'key'>) => number) => daily.reduce((total, counts) => total + pick(counts), 0)
  const totals = { served: sum((c) => c.served), viewable: sum((c) => c.viewable), clicks: sum((c) => c.clicks) }

  let rows: AdReportRow[]
  if (range.by === 'day') rows = days.map((day, index) => rowOf(day, daily[index]!))
  else {
    const groups = await adCountTotals(db, organisation.id, fromHour, toHour, range.by === 'ad' ? 'ad_code' : 'slot', only)
    // Counts outlive a deleted ad (or the last ad of a slot); its row then shows the code (the slug) alone.
    const titles = await titlesOf(db, organisation.id, range.by)
    rows = groups
      .sort((a, b) => b.served - a.served || (a.key < b.key ? -1 : 1))
      .map((group) => rowOf(group.key, group, titles?.get(group.key)))
  }
  const { key: _key, ...total } = rowOf('', totals)
  return {
    organisation: organisation.code,
    from: range.from,
    to: range.to,
    tz: range.tz,
    by: range.by,
    ...(range.ad ? { ad: range.ad } : {}),
    ...(range.slot ? { slot: range.slot } : {}),
    rows,
    totals: total,
    series: {
      days,
      impressions: daily.map((c) => c.served),
      viewable: daily.map((c) => c.viewable),
      clicks: daily.map((c) => c.clicks),
      viewable_rate: daily.map((c) => reportRate(c.viewable, c.served)),
      ctr: daily.map((c) => reportRate(c.clicks, c.served)),
    },
  }
}
