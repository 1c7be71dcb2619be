/**
 * @module A capped table of entries that hold only under the change stamp
 * they were made at: the shape of the ads API's kept calls and the events'
 * kept keys. A read at another stamp misses (a revoked key, an archived
 * organisation or a changed ad moved it), and once full the table forgets
 * its oldest key first, so that a caller inventing keys cannot grow it.
 */
import { forgettingOrder } from './forgetting-order.js'

export interface KeptUnderStamp<Entry extends { stamp: string }> {
  /** The entry kept under `key`, if it was kept at `stamp`. */
  get(key: string, stamp: string): Entry | undefined
  keep(key: string, entry: Entry): void
  /** Entries kept now. */
  readonly size: number
}

/**
 * Makes an empty table of at most `max` entries.
 *
 * @example
 * const kept = keptUnderStamp<{ stamp: string; grant: ApiKeyGrant }>(10_000)
 * kept.keep(key, { stamp, grant })
 * kept.get(key, stamp) // the entry while the stamp stays
 */
export function keptUnderStamp<Entry extends { stamp: string }>(max: number): KeptUnderStamp<Entry> {
  const entries = new Map<string, Entry>()
  const order = forgettingOrder<string>(max)
  return {
    get(key, stamp) {
      const entry = entries.get(key)
      return entry !== undefined && entry.stamp === stamp ? entry : undefined
    },
    keep(key, entry) {
      if (!entries.has(key)) {
        const forgotten = order.add(key)
        if (forgotten !== undefined) entries.delete(forgotten)
      }
      entries.set(key, entry)
    },
    get size() {
      return entries.size
    },
  }
}
