/**
 * @module A SQLite database's connection for statements run synchronously,
 * without Kysely's promise per statement: the refresh rotation's group
 * commit runs its batch this way, since Kysely and its promises cost the
 * batch more than SQLite takes to run it. Statements are prepared through
 * the same statement cache as Kysely's (so a write moves the change stamps
 * alike), and only while no Kysely transaction is open on the connection:
 * a transaction awaiting between its statements would otherwise take in
 * these. PostgreSQL registers nothing, and its callers keep Kysely.
 */
import type { Kysely } from 'kysely'

/** The synchronous connection of one SQLite database. */
export interface DirectSqlite {
  /** A prepared statement for `sql`, from the connection's statement cache. */
  prepare(sql: string): { run(...parameters: unknown[]): { changes: number } }
  /** True while a transaction (Kysely's, or one begun here) is open on the connection. */
  readonly inTransaction: boolean
}

const connections = new WeakMap<Kysely<any>, DirectSqlite>()

/**
 * Registers a SQLite database's synchronous connection; called when the database is opened.
 *
 * @example
 * registerDirectSqlite(db, { prepare: (sql) => cache.prepare(sql), get inTransaction() { return sqlite.inTransaction } })
 */
export function registerDirectSqlite(db: Kysely<any>, connection: DirectSqlite): void {
  connections.set(db, connection)
}

/**
 * The database's synchronous connection, or `undefined` for PostgreSQL and
 * for a transaction (whose statements must stay in Kysely's order).
 *
 * @example
 * const direct = directSqliteOf(db)
 * if (direct && !direct.inTransaction) direct.prepare('begin immediate').run()
 */
export function directSqliteOf(db: Kysely<any>): DirectSqlite | undefined {
  return db.isTransaction ? undefined : connections.get(db)
}
