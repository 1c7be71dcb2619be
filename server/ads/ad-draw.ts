/**
 * @module Which of a slot's published ads run at an instant, until when that
 * stays so, and the weighted random order the ads API draws them in. Pure
 * and cheap: the read path calls it on ads it already holds in memory.
 */

import { scheduleStateBetween } from '../../shared/ad-schedule.js'

/** An ad's window in epoch milliseconds (open ends as ±Infinity) and its weight. */
export interface AdSchedule {
  startsMs: number
  endsMs: number
  weight: number
}

/**
 * The schedule of stored columns (UTC ISO 8601 or null).
 *
 * @example
 * scheduleOf({ starts_at: '2025-06-01T09:00:00.000Z', ends_at: null, weight: 10 })
 */
export function scheduleOf(row: { starts_at: string | null; ends_at: string | null; weight: number }): AdSchedule {
  return {
    startsMs: row.starts_at === null ? -Infinity : Date.parse(row.starts_at),
    endsMs: row.ends_at === null ? Infinity : Date.parse(row.ends_at),
    weight: row.weight,
  }
}

/**
 * Whether the ad is served at `nowMs`: from its start (inclusive) to its end (exclusive).
 *
 * @example
 * isRunning(scheduleOf(row), Date.now())
 */
export function isRunning(ad: AdSchedule, nowMs: number): boolean {
  return scheduleStateBetween(ad.startsMs, ad.endsMs, nowMs) === 'running'
}

/**
 * The first start or end after `nowMs` among the ads, or Infinity: until
 * then, which of them run stays the same.
 *
 * @example
 * const maxAgeMs = nextEdgeAfter(ads, now) - now
 */
export function nextEdgeAfter(ads: readonly AdSchedule[], nowMs: number): number {
  let next = Infinity
  for (const ad of ads) {
    if (ad.startsMs > nowMs && ad.startsMs < next) next = ad.startsMs
    if (ad.endsMs > nowMs && ad.endsMs < next) next = ad.endsMs
  }
  return next
}

/**
 * `limit` indices of `items` in a weighted random order without
 * repetition (Efraimidis–Spirakis: each item's key is u^(1/w), largest
 * first; compared as ln(u)/w, which orders the same). An item of weight
 * 20 is twice as likely as one of weight 10 to come first, and so on for
 * every later place among the items left.
 *
 * @example
 * weightedOrder([{ weight: 10 }, { weight: 10 }, { weight: 80 }], 2, Math.random) // e.g. [2, 0]
 */
export function weightedOrder(items: readonly { weight: number }[], limit: number, random: () => number): number[] {
  const wanted = Math.min(limit, items.length)
  // The best `wanted` keys so far, largest first; `wanted` is at most 12, so insertion is cheapest.
  const keys: number[] = []
  const chosen: number[] = []
  for (let i = 0; i < items.length; i++) {
    const key = Math.log(random()) / items[i]!.weight
    if (chosen.length === wanted && key <= keys[wanted - 1]!) continue
    let at = Math.min(chosen.length, wanted - 1)
    while (at > 0 && keys[at - 1]! < key) {
      keys[at] = keys[at - 1]!
      chosen[at] = chosen[at - 1]!
      at--
    }
    keys[at] = key
    chosen[at] = i
  }
  return chosen
}
