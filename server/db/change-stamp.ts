/**
 * @module Change stamps: a cheap value that differs whenever anything in a
 * database may have changed, by this process or another. Read paths cache
 * what they load under the stamp and reload when it moves. A dialect that
 * cannot provide one (none is registered) simply gets no caching.
 */
import type { Kysely } from 'kysely'

const stamps = new WeakMap<Kysely<any>, () => string>()
const tableStamps = new WeakMap<Kysely<any>, (table: string) => string>()

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

/**
 * Registers how to read one table's change stamp: like the database's, but
 * it stays put while this process writes other tables, so a cache of a
 * rarely written table (clients, accounts, keys) survives the token writes
 * of every grant. Another process's commit moves every table's stamp.
 *
 * @example
 * registerTableChangeStamp(db, (table) => `${dataVersion()}:${writesTo(table)}`)
 */
export function registerTableChangeStamp(db: Kysely<any>, read: (table: string) => string): void {
  tableStamps.set(db, read)
}

/**
 * The reader of `table`'s change stamp, or `undefined` when the database's dialect has none.
 *
 * @example
 * const clientsStamp = tableChangeStampOf(db, 'clients')
 * if (cached.stamp === clientsStamp?.()) return cached.client
 */
export function tableChangeStampOf(db: Kysely<any>, table: string): (() => string) | undefined {
  const read = tableStamps.get(db)
  return read && (() => read(table))
}
