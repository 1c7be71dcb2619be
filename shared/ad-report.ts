/**
 * @module Ad reports on the wire and on paper: the report's shape (rows
 * grouped by day, ad or slot, and the per-day series a chart draws), the
 * two rates and how they are written, and the CSV of a report's table.
 * The console page, its CSV download and `svc-bff report` all print
 * through these functions, so the three never disagree on a number.
 */

/** What the rows are grouped by. */
export type ReportGrouping = 'day' | 'ad' | 'slot'

export const REPORT_GROUPINGS: readonly ReportGrouping[] = ['day', 'ad', 'slot']

/** The most days one report covers: the API refuses a longer range, and the console's page checks it before asking. */
export const MAX_REPORT_DAYS = 366

/** One row of a report: the counts of one day, ad or slot, and its rates. */
export interface AdReportRow {
  /** The day (`2025-05-01`, in the report's zone), the ad's code or the slot's slug. */
  key: string
  /** The ad's title when the row is an ad that still exists; the slot's name when the row is a slot an ad still names. */
  title?: string
  impressions: number
  viewable: number
  clicks: number
  /** viewable / impressions, in percent with one decimal; `null` without impressions. */
  viewable_rate: number | null
  /** clicks / impressions, in percent with one decimal; `null` without impressions. */
  ctr: number | null
}

/** What a report covers, checked: the range, its zone, the grouping and what it narrows to. */
export interface ReportRange {
  /** First and last day of the range, both included, in `tz`. */
  from: string
  to: string
  tz: string
  by: ReportGrouping
  /** Only this ad's or this slot's counts, when asked. */
  ad?: string
  slot?: string
}

/** `GET /console/api/reports` and `svc-bff report --json`: the range answered, and its numbers. */
export interface AdReport extends ReportRange {
  organisation: string
  rows: AdReportRow[]
  totals: Omit<AdReportRow, 'key' | 'title'>
  /** Every day of the range, oldest first, with the day's totals: what the chart draws. */
  series: {
    days: string[]
    impressions: number[]
    viewable: number[]
    clicks: number[]
    viewable_rate: (number | null)[]
    ctr: (number | null)[]
  }
}

/**
 * A rate in percent with one decimal, or `null` when there were no
 * impressions (a rate of nothing is not zero).
 *
 * @example
 * reportRate(1, 3) // 33.3
 * reportRate(0, 0) // null
 */
export function reportRate(count: number, impressions: number): number | null {
  return impressions > 0 ? Number(((count / impressions) * 100).toFixed(1)) : null
}

/**
 * A rate as the table shows it: one decimal, "—" without impressions.
 *
 * @example
 * shownRate(33.3) // '33.3%'
 * shownRate(null) // '—'
 */
export const shownRate = (rate: number | null): string => (rate === null ? '—' : `${rate.toFixed(1)}%`)

/**
 * The report as CSV, the table's rows then a `total` row: the numbers the
 * page shows (rates without `%`, empty where it shows —), ads with their
 * titles beside their codes and slots with their names beside their slugs; keys that look like spreadsheet formulas
 * are defused.
 *
 * @example
 * reportCsv(report) // 'date,impressions,viewable,clicks,viewable_rate,ctr\r\n2025-05-01,12,9,1,75.0,8.3\r\ntotal,12,9,1,75.0,8.3\r\n'
 */
export function reportCsv(report: Pick<AdReport, 'by' | 'rows' | 'totals'>): string {
  const titled = report.by !== 'day'
  const header = [
    report.by === 'day' ? 'date' : report.by,
    ...(titled ? [report.by === 'ad' ? 'title' : 'name'] : []),
    'impressions',
    'viewable',
    'clicks',
    'viewable_rate',
    'ctr',
  ]
  const rate = (value: number | null) => (value === null ? '' : value.toFixed(1))
  const line = (key: string, title: string | undefined, row: Omit<AdReportRow, 'key' | 'title'>) =>
    [
      csvText(key),
      ...(titled ? [csvText(title ?? '')] : []),
      row.impressions,
      row.viewable,
      row.clicks,
      rate(row.viewable_rate),
      rate(row.ctr),
    ].join(',')
  const lines = [...report.rows.map((row) => line(row.key, row.title, row)), line('total', undefined, report.totals)]
  return [header.join(','), ...lines].map((text) => `${text}\r\n`).join('')
}

function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}
