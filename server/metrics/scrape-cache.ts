/**
 * @module Keeps a reading made for a scrape for a few seconds, so that
 * Prometheus scraping often, several Prometheus servers, or someone
 * reloading `/metrics` in a loop cost the database one query per period.
 * Scrapes arriving while a reading is under way share it; a failed one is
 * not kept, so the next scrape tries again.
 */

/**
 * Wraps `read` so that its result serves every call for `ms` milliseconds.
 *
 * @example
 * const backlog = cachedFor(5000, () => deliveryBacklog(db))
 * const { pending } = await backlog()
 */
export function cachedFor<T>(ms: number, read: () => Promise<T>, clock: () => number = () => performance.now()): () => Promise<T> {
  let kept: { at: number; value: Promise<T> } | undefined
  return () => {
    const time = clock()
    if (kept && time - kept.at < ms) return kept.value
    const value = read()
    const reading = { at: time, value }
    kept = reading
    value.catch(() => {
      if (kept === reading) kept = undefined
    })
    return value
  }
}
