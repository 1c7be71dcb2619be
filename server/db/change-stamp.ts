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

/** How a database tells that another process may have committed: see {@link registerCommitNotices}. */
export interface CommitNotices {
  /** Calls `listener` at each notice; returns how to stop. */
  subscribe: (listener: () => void) => () => void
  /** Milliseconds since the last notice (`Infinity` before the first), or `undefined` once notices cannot be had: then anything may have changed unseen. */
  sinceLastNotice: () => number | undefined
}

const commitNotices = new WeakMap<Kysely<any>, CommitNotices>()

/**
 * Registers how a database reports that another process may have
 * committed (SQLite: a write to its log); called by the dialect set-up.
 * Without it (PostgreSQL), a reader cannot wait for a notice and must look.
 *
 * @example
 * registerCommitNotices(db, { subscribe: version.subscribe, sinceLastNotice: version.sinceLastNotice })
 */
export function registerCommitNotices(db: Kysely<any>, notices: CommitNotices): void {
  commitNotices.set(db, notices)
}

/**
 * The database's commit notices, or `undefined` when its dialect gives none.
 *
 * @example
 * const stop = commitNoticesOf(db)?.subscribe(() => loop.wake())
 */
export function commitNoticesOf(db: Kysely<any>): CommitNotices | undefined {
  return commitNotices.get(db)
}

/** Listeners of this process's writes, by table. Writes are counted process-wide (any connection), and so are these. */
const writeListeners = new Map<string, Set<() => void>>()

/**
 * Calls `listener` whenever a statement that may write `table` is run by
 * any SQLite connection of this process (before its transaction commits:
 * a reader on the same connection queues behind that transaction). Returns how to stop.
 *
 * @example
 * const stop = onTableWrite('webhook_deliveries', () => loop.wake())
 */
export function onTableWrite(table: string, listener: () => void): () => void {
  let listeners = writeListeners.get(table)
  if (listeners === undefined) writeListeners.set(table, (listeners = new Set()))
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Tells the listeners of `table` (every table's when `undefined`: a statement that may write several) that it was written; called by the dialect set-up.
 *
 * @example
 * tableWritten('mail_outbox')
 */
export function tableWritten(table: string | undefined): void {
  if (writeListeners.size === 0) return
  if (table !== undefined) {
    const listeners = writeListeners.get(table)
    if (listeners !== undefined) for (const listener of listeners) listener()
    return
  }
  for (const listeners of writeListeners.values()) for (const listener of listeners) listener()
}
