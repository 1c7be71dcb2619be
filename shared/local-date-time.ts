/**
 * @module The ad editor's date and time conversions: a stored UTC instant
 * to the value of a `datetime-local` input in the browser's time zone, and
 * back. Seconds are shown only when the instant has them, so a time set to
 * the second on the command line is not rounded away by opening the form.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/**
 * The `datetime-local` value of a UTC instant, in the browser's zone; `''` for none.
 *
 * @example
 * localInputValue('2030-06-01T09:00:00.000Z') // '2030-06-01T11:00' in Europe/Berlin
 */
export function localInputValue(utc: string | null): string {
  if (!utc) return ''
  const at = new Date(utc)
  if (Number.isNaN(at.getTime())) return ''
  const minutes = `${pad(at.getFullYear(), 4)}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`
  if (at.getMilliseconds()) return `${minutes}:${pad(at.getSeconds())}.${pad(at.getMilliseconds(), 3)}`
  return at.getSeconds() ? `${minutes}:${pad(at.getSeconds())}` : minutes
}

/**
 * The UTC instant of a `datetime-local` value read in the browser's zone; null for an empty one.
 *
 * @example
 * utcOfLocalInput('2030-06-01T11:00') // '2030-06-01T09:00:00.000Z' in Europe/Berlin
 */
export function utcOfLocalInput(value: string): string | null {
  // A date and time without an offset is local time (ECMAScript Date Time String Format).
  const at = value ? new Date(value) : undefined
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : null
}

/**
 * The browser's time zone, as people know it (`Europe/Berlin`).
 *
 * @example
 * html`Times are in ${browserTimeZone()}.`
 */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}

/**
 * A stored time (UTC, ISO 8601) as every console page shows it: in the
 * viewer's language and time zone, with the zone named, since replicas,
 * operators and marketers may sit in different ones.
 *
 * @example
 * readableTime('2026-01-02T03:04:05.000Z') // 'Jan 2, 2026, 04:04 AM GMT+1' in Berlin
 */
export function readableTime(iso: string, { seconds = false } = {}): string {
  return new Date(iso).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    timeZoneName: 'short',
  })
}
