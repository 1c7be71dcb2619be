/**
 * @module A refresh token's rotation: retiring the presented token and
 * storing its successors commit together, and the guard on `retired_at`
 * makes two concurrent uses of one token rotate it once. On SQLite the
 * rotations that become ready in the same turn of the event loop commit in
 * one transaction (`db/group-commit.ts`): a commit (a WAL write) cost a grant more
 * than all its other statements together, and each grant is still answered
 * only once its rotation is committed. On PostgreSQL, whose pool runs
 * transactions side by side, each rotation is its own transaction.
 */
import type { Kysely } from 'kysely'
import { groupCommit, type InBatch } from '../db/group-commit.js'
import { isPostgres } from '../db/open-database.js'
import type { Database } from '../db/schema.js'
import type { IdentityProviderContext } from './identity-provider-context.js'
import { retireRefreshToken } from './tokens.js'

/** One rotation: the presented token's row id, when, and how to store what replaces it. */
export interface Rotation {
  tokenId: number
  at: Date
  store: (db: Kysely<Database>) => Promise<void>
}

/** Each database's group commit of rotations, made on its first rotation. */
const batchesByDatabase = new WeakMap<Kysely<Database>, InBatch<Database>>()

/**
 * Retires the refresh token and stores its successors in one commit; true
 * when this call rotated it, false when it was retired or revoked already
 * (a concurrent use won, or the chain was revoked).
 *
 * @example
 * if (!(await rotateRefreshToken(provider, { tokenId: token.id, at: now, store }))) throw reused()
 */
export function rotateRefreshToken(provider: IdentityProviderContext, rotation: Rotation): Promise<boolean> {
  const { db } = provider
  if (isPostgres(db)) return db.transaction().execute((trx) => retireAndStore(trx, rotation))
  let inBatch = batchesByDatabase.get(db)
  // The grants whose signatures came back in one turn commit together, even while an earlier batch commits.
  if (!inBatch) batchesByDatabase.set(db, (inBatch = groupCommit(db, { start: 'next-turn' })))
  return inBatch((trx) => retireAndStore(trx, rotation))
}

async function retireAndStore(trx: Kysely<Database>, { tokenId, at, store }: Rotation): Promise<boolean> {
  const retired = await retireRefreshToken(trx, { id: tokenId, at: at.toISOString() })
  // Anything but exactly one retired row (none: a concurrent use won) is not a rotation.
  if (retired.numAffectedRows !== 1n) return false
  await store(trx)
  return true
}
