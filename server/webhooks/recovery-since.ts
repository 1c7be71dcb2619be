/**
 * @module The time a recovery of an endpoint's failed deliveries starts
 * from, as the portal and `webhooks recover --since` take it: an ISO 8601
 * date (midnight UTC) or date and time with its zone, not in the future.
 * One check for both, so they refuse the same input with the same words.
 */
import { InvalidInput } from '../invalid-input.js'

const ISO = /^(\d{4}-\d{2}-\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/

/**
 * Where a recovery of an endpoint that has been failing since `failingSince`
 * should start, as the portal prefills it and the mail suggests it: a
 * whole minute, a minute before. The first failed delivery was queued
 * just before its first attempt failed, and a recovery picks deliveries by
 * when they were queued; the minute before catches it, and only failed or
 * held deliveries are recovered, so nothing delivered is sent twice.
 *
 * @example
 * recoveryStart('2026-11-20T08:00:00.007Z') // '2026-11-20T07:59:00.000Z'
 */
export function recoveryStart(failingSince: string): string {
  const minute = 60_000
  return new Date(Math.floor(Date.parse(failingSince) / minute) * minute - minute).toISOString()
}

/**
 * The time `text` names; throws {@link InvalidInput} under `field` for
 * anything that is not an ISO 8601 date or time, or a time after `now`.
 *
 * @example
 * recoverySince('--since', '2026-11-20T09:00:00Z', new Date()) // 2026-11-20T09:00:00.000Z
 */
export function recoverySince(field: string, text: unknown, now: Date): Date {
  const given = typeof text === 'string' ? text.trim() : ''
  const match = ISO.exec(given)
  const at = match ? new Date(given.length === 10 ? `${given}T00:00:00Z` : given) : undefined
  // A date the calendar lacks (2026-02-30) rolls over in Date; refuse it instead.
  const real = at !== undefined && !Number.isNaN(at.getTime()) && (given.length !== 10 || at.toISOString().slice(0, 10) === given)
  if (!real)
    throw new InvalidInput(field, `${field} must be an ISO 8601 date or time with its zone, like 2026-11-20 or 2026-11-20T09:00:00Z`)
  if (at.getTime() > now.getTime()) throw new InvalidInput(field, `${field} is in the future (${at.toISOString()}); give a time deliveries failed since`)
  return at
}

/**
 * The id of an endpoint's "disabled for failing" banner on the client's
 * page, the anchor the mail's link lands on; the portal's
 * `failingBanners` gives the banner the same id (the widget cannot import
 * server code; the e2e test of a failing endpoint follows the link).
 *
 * @example
 * failingBannerId('ep_6fOe') // 'failing-ep_6fOe'
 */
export const failingBannerId = (endpointId: string): string => `failing-${endpointId}`
