/**
 * @module The ids of recently counted event batches, so a replayed batch is
 * refused rather than counted twice. Capped: when full, the oldest id is
 * forgotten, so a stranger sending fresh ids cannot grow memory; a replay
 * of a batch that old counts again, which the cap makes rare and the rate
 * limit keeps small.
 */
import { forgettingOrder } from '../forgetting-order.js'

/** Ids kept at most: about 10 MB. */
export const MAX_REMEMBERED_BATCHES = 100_000

/**
 * Makes an empty memory of batch ids.
 *
 * @example
 * const recent = recentBatches()
 * recent.firstTime('key:7:b7Jx0e3Rk2mQ9vT1') // true, then false
 */
export function recentBatches(max = MAX_REMEMBERED_BATCHES): { firstTime(id: string): boolean } {
  const ids = new Set<string>()
  const order = forgettingOrder<string>(max)
  return {
    firstTime(id) {
      if (ids.has(id)) return false
      const forgotten = order.add(id)
      if (forgotten !== undefined) ids.delete(forgotten)
      ids.add(id)
      return true
    },
  }
}
