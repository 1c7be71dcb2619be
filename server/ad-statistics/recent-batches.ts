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
  const ids = new Set<string>()
  // The ids in the order they came, round a ring: the oldest is deleted by its value. Taking a Set's first
  // value instead walks past every value deleted since the table was last compacted, which once the
  // memory is full cost 8 to 68 µs a batch, more than the bare server's whole answer.
  const order: string[] = []
  let oldest = 0
  return {
    firstTime(id) {
      if (ids.has(id)) return false
      if (order.length < max) order.push(id)
      else {
        ids.delete(order[oldest]!)
        order[oldest] = id
        oldest = (oldest + 1) % max
      }
      ids.add(id)
      return true
    },
  }
}
