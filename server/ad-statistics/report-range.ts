/**
 * @module What a report asks for, checked: a range of calendar dates
 * (`from` and `to`, both included, ISO `YYYY-MM-DD`) in an IANA time zone,
 * the last 7 days by default, at most 366 days; the grouping; and the
 * optional ad or slot to narrow to. Each refusal names its field.
 */
import { MAX_REPORT_DAYS, REPORT_GROUPINGS, type ReportGrouping, type ReportRange } from '../../shared/ad-report.js'
import { InvalidInput } from '../invalid-input.js'

/** The days a report covers when it names no dates, up to today. */
export const DEFAULT_REPORT_DAYS = 7

/** A report request that cannot be answered; `field` names the parameter. A query, not a write: 400, not 422. */
export class InvalidReportRequest extends InvalidInput {
  override name = 'InvalidReportRequest'
  override readonly status = 400
}

/** What a caller sent, every part optional. */
export interface ReportQuery {
  from?: string | undefined
  to?: string | undefined
  tz?: string | undefined
  by?: string | undefined
  ad?: string | undefined
  slot?: string | undefined
}

const DAY_MS = 86_400_000
const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * The calendar date `at` falls on in `tz`, as `YYYY-MM-DD`.
 *
 * @example
 * dateIn(new Date('2025-05-02T03:00:00Z'), 'America/New_York') // '2025-05-01'
 */
export function dateIn(at: Date, tz: string): string {
  let format = formatters.get(tz)
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })
    formatters.set(tz, format)
  }
  return format.format(at)
}

/** Days since 1970-01-01 of an ISO date that was checked already. */
export const dayNumber = (date: string): number => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS

/** The ISO date of a day number. */
export const dateOfDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10)

function checkedZone(tz: string | undefined): string {
  if (tz === undefined || tz === '') return 'UTC'
  try {
    // Intl knows every IANA zone and refuses anything else with a RangeError.
    return new Intl.DateTimeFormat('en', { timeZone: tz }).resolvedOptions().timeZone
  } catch {
    throw new InvalidReportRequest(
      'tz',
      `tz must be an IANA time zone such as Europe/Berlin or UTC, not ${JSON.stringify(tz.slice(0, 60))}`,
    )
  }
}

function checkedDate(field: 'from' | 'to', value: string): string {
  const shape = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  // A date the calendar lacks (2025-02-30) comes back as another day.
  if (!shape || shape[1]! < '1970' || dateOfDay(dayNumber(value)) !== value)
    throw new InvalidReportRequest(
      field,
      `${field} must be a date written YYYY-MM-DD, such as 2025-05-01, not ${JSON.stringify(value.slice(0, 40))}`,
    )
  return value
}

/**
 * Checks a report request; without dates, the last 7 days up to today in
 * the zone. Throws {@link InvalidReportRequest}.
 *
 * @example
 * reportRangeOf({ from: '2025-05-01', to: '2025-05-07', tz: 'Europe/Berlin', by: 'ad' })
 */
export function reportRangeOf(query: ReportQuery, now = new Date()): ReportRange {
  const tz = checkedZone(query.tz)
  const by = (query.by === undefined || query.by === '' ? 'day' : query.by) as ReportGrouping
  if (!REPORT_GROUPINGS.includes(by)) throw new InvalidReportRequest('by', 'by must be day, ad or slot')
  const today = dateIn(now, tz)
  const to = query.to ? checkedDate('to', query.to) : today
  const from = query.from ? checkedDate('from', query.from) : dateOfDay(dayNumber(to) - (DEFAULT_REPORT_DAYS - 1))
  if (from > to) throw new InvalidReportRequest('from', `from (${from}) must not be after to (${to})`)
  const days = dayNumber(to) - dayNumber(from) + 1
  if (days > MAX_REPORT_DAYS)
    throw new InvalidReportRequest('to', `a report covers at most ${MAX_REPORT_DAYS} days; ${from} to ${to} is ${days}`)
  const range: ReportRange = { from, to, tz, by }
  if (query.ad) range.ad = query.ad.slice(0, 100)
  if (query.slot) range.slot = query.slot.slice(0, 200)
  return range
}
