/**
 * @module The ids of recently counted event batches, so a replayed batch is
 * refused rather than counted twice. Capped: when full, the oldest id is
 * forgotten, so a stranger sending fresh ids cannot grow memory; a replay
 * of a batch that old counts again, which the cap makes rare and the rate
 * limit keeps small.
 */

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
  // A Set iterates in insertion order, so its first value is the oldest id.
  const ids = new Set<string>()
  return {
    firstTime(id) {
      if (ids.has(id)) return false
      if (ids.size >= max) ids.delete(ids.values().next().value!)
      ids.add(id)
      return true
    },
  }
}
