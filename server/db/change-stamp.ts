/**
 * @module Change stamps: a cheap value that differs whenever anything in a
 * database may have changed, by this process or another. Read paths cache
 * what they load under the stamp and reload when it moves. A dialect that
 * cannot provide one (none is registered) simply gets no caching.
 */
import type { Kysely } from 'kysely'

const stamps = new WeakMap<Kysely<any>, () => string>()

/**
 * Registers how to read a database's change stamp; called by the dialect set-up.
 *
 * @example
 * registerChangeStamp(db, () => String(dataVersion()))
 */
export function registerChangeStamp(db: Kysely<any>, read: () => string): void {
  stamps.set(db, read)
}

/**
 * The database's change-stamp reader, or `undefined` when its dialect has none.
 *
 * @example
 * const stamp = changeStampOf(db)?.()
 */
export function changeStampOf(db: Kysely<any>): (() => string) | undefined {
  return stamps.get(db)
}
