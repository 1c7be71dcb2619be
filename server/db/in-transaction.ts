/**
 * @module Work that must commit as one, whether or not its caller has a
 * transaction open already. Kysely refuses to open a transaction inside
 * another, so a step that is also part of a larger change (a role change
 * and a disabling sent in one request) joins the caller's instead of
 * opening its own: the larger change then commits or rolls back whole.
 */
import type { Kysely } from 'kysely'
import type { Database } from './schema.js'

/**
 * Runs `work` in `db` if it is a transaction already, else in a new one.
 *
 * @example
 * return inTransaction(db, async (trx) => { await changeAccount(trx, …); await recordPersonChange(trx, …) })
 */
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work)
}
