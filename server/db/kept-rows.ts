/**
 * @module Rows of a rarely written table kept in memory under that table's
 * change stamp (`tableChangeStampOf`): a hot path (a refresh grant, a
 * userinfo request) reads its client, account and session without a query,
 * and any write to the table, by this process or another, makes the next
 * call read again. Without a stamp (PostgreSQL, shared by replicas) every
 * call reads. What is worked out from a kept row (an id_token's claims,
 * serialised) can be kept beside it, for as long as the row is.
 */
import type { Kysely } from 'kysely'
import { tableChangeStampOf } from './change-stamp.js'
import type { Database } from './schema.js'

const MAX_KEPT = 10_000
const MAX_VARIANTS = 32

/**
 * Wraps `read` (a repository's lookup by key) so that its found rows are
 * kept until `table`'s stamp moves. Rows not found are not kept, so
 * guessing keys cannot fill the memory. Callers must not change a kept row.
 *
 * @example
 * const keptUserById = keptRows('users', userById)
 * const user = await keptUserById(provider.db, token.user_id)
 */
export function keptRows<Key, Row>(
  table: keyof Database & string,
  read: (db: Kysely<Database>, key: Key) => Promise<Row | undefined>,
): (db: Kysely<Database>, key: Key) => Promise<Row | undefined> {
  const keptByDatabase = new WeakMap<Kysely<Database>, Map<Key, { stamp: string; row: Row }>>()
  return async function keptRead(db, key) {
    const stamp = tableChangeStampOf(db, table)?.()
    if (stamp === undefined) return read(db, key)
    let kept = keptByDatabase.get(db)
    if (!kept) keptByDatabase.set(db, (kept = new Map()))
    const hit = kept.get(key)
    if (hit && hit.stamp === stamp) return hit.row
    // The stamp was read before the query: a write meanwhile leaves this row kept under an old stamp, never used.
    const row = await read(db, key)
    if (row === undefined) kept.delete(key)
    else {
      if (kept.size >= MAX_KEPT) kept.clear()
      kept.set(key, { stamp, row })
    }
    return row
  }
}

/**
 * Wraps `derive` so that what it works out from a row (a token's claims
 * serialised, say) is worked out once per row object and variant. Rows
 * from {@link keptRows} are the same object until their table's stamp
 * moves, so the derived value is kept exactly as long as its row; a row
 * read afresh (PostgreSQL, or a lookup that keeps nothing) derives afresh.
 * Callers must not change the row.
 *
 * @example
 * const audience = keptPerRow((client: ClientRow, issuer: string) => `${issuer} ${client.client_id}`)
 * audience(client, provider.issuer)
 */
export function keptPerRow<Row extends object, Variant, Value>(
  derive: (row: Row, variant: Variant) => Value,
): (row: Row, variant: Variant) => Value {
  const keptByRow = new WeakMap<Row, Map<Variant, Value>>()
  return function keptDerivation(row, variant) {
    let kept = keptByRow.get(row)
    if (!kept) keptByRow.set(row, (kept = new Map()))
    let value = kept.get(variant)
    if (value === undefined) {
      // Variants can come from callers (a client's scope lists): bounded, so that sending many cannot fill the memory.
      if (kept.size >= MAX_VARIANTS) kept.clear()
      value = derive(row, variant)
      kept.set(variant, value)
    }
    return value
  }
}
