/**
 * @module The order in which a capped table forgets its keys: the keys as
 * they were first added, kept round a ring, so that once the table is full
 * the oldest is named by its value. Taking a `Map`'s or `Set`'s first key
 * instead walks past every key deleted since the table was last compacted,
 * a walk that a flood of fresh keys makes long (8 to 68 µs a call, measured
 * on the events endpoint's memory of 100,000 batch ids).
 */

/**
 * Makes the order of a table of at most `max` keys. `add` is told each key
 * the table takes for the first time, and answers the key the table must
 * now forget to stay at `max`, if any.
 *
 * @example
 * const order = forgettingOrder<string>(2)
 * order.add('a') // undefined
 * order.add('b') // undefined
 * order.add('c') // 'a'
 */
export function forgettingOrder<Key>(max: number): { add(key: Key): Key | undefined } {
  const keys: Key[] = []
  let oldest = 0
  return {
    add(key) {
      if (keys.length < max) {
        keys.push(key)
        return undefined
      }
      const forgotten = keys[oldest]!
      keys[oldest] = key
      oldest = (oldest + 1) % max
      return forgotten
    },
  }
}
