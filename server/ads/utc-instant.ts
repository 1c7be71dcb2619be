/**
 * @module Reads an ISO 8601 date and time with its time zone (what `--starts`,
 * `--ends` and the console send) as the UTC instant svc stores. Strict:
 * `Date.parse` would take February 30 as March 2 and a time without a zone
 * as the server's local time, both silent surprises for a schedule.
 */

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))$/

/** What a refusal of a date and time says after the field's name. */
export const UTC_INSTANT_RULE = 'must be an ISO 8601 date and time with a time zone, e.g. 2025-06-01T09:00:00Z or 2025-06-01T11:00:00+02:00'

/**
 * The instant as `toISOString()` writes it (UTC, milliseconds), or
 * `undefined` when the text is not a real ISO 8601 date and time with a zone.
 *
 * @example
 * utcInstantOf('2025-06-01T11:00+02:00') // '2025-06-01T09:00:00.000Z'
 * utcInstantOf('2025-02-30T00:00:00Z') // undefined
 */
export function utcInstantOf(text: string): string | undefined {
  const match = ISO_DATE_TIME.exec(text)
  if (!match) return undefined
  const [, year, month, day, hour, minute, second = '0', fraction = '', zulu, sign, offsetHours = '0', offsetMinutes = '0'] = match
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map(Number) as [number, number, number, number, number, number]
  if (mo < 1 || mo > 12 || h > 23 || mi > 59 || s > 59 || Number(offsetHours) > 23 || Number(offsetMinutes) > 59) return undefined
  const local = new Date(0)
  local.setUTCFullYear(y, mo - 1, d)
  local.setUTCHours(h, mi, s, Number(fraction.padEnd(3, '0').slice(0, 3)))
  // A day past the month's end rolls over into the next month: not a real date.
  if (local.getUTCDate() !== d || local.getUTCMonth() !== mo - 1) return undefined
  const offsetMs = zulu ? 0 : (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000
  const instant = new Date(local.getTime() - offsetMs)
  const utcYear = instant.getUTCFullYear()
  // toISOString writes other years with six digits and a sign, which would not sort as text.
  if (utcYear < 1 || utcYear > 9999) return undefined
  return instant.toISOString()
}
