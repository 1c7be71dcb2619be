/**
 * @module A refresh token's rotation: retiring the presented token and
 * storing its successors commit together, and the guard on `retired_at`
 * makes two concurrent uses of one token rotate it once. On SQLite the
 * rotations that become ready in the same turn of the event loop commit in
 * one transaction (group commit): a commit (a WAL write) cost a grant more
 * than all its other statements together, and each grant is still answered
 * only once its rotation is committed. On PostgreSQL, whose pool runs
 * transactions side by side, each rotation is its own transaction.
 */
import type { Kysely } from 'kysely'
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

interface Waiting extends Rotation {
  resolve: (rotated: boolean) => void
  reject: (error: unknown) => void
}

const waitingByDatabase = new WeakMap<Kysely<Database>, Waiting[]>()

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
  if (isPostgres(db)) return rotateAlone(db, rotation)
  return new Promise((resolve, reject) => {
    let waiting = waitingByDatabase.get(db)
    if (!waiting) {
      waiting = []
      waitingByDatabase.set(db, waiting)
      // After this turn's I/O callbacks: the grants whose signatures came back together commit together.
      setImmediate(() => {
        waitingByDatabase.delete(db)
        void commitTogether(db, waiting!)
      })
    }
    waiting.push({ ...rotation, resolve, reject })
  })
}

async function rotateAlone(db: Kysely<Database>, rotation: Rotation): Promise<boolean> {
  return db.transaction().execute((trx) => retireAndStore(trx, rotation))
}

async function retireAndStore(trx: Kysely<Database>, { tokenId, at, store }: Rotation): Promise<boolean> {
  const retired = await retireRefreshToken(trx, { id: tokenId, at: at.toISOString() })
  // Anything but exactly one retired row (none: a concurrent use won) is not a rotation.
  if (retired.numAffectedRows !== 1n) return false
  await store(trx)
  return true
}

async function commitTogether(db: Kysely<Database>, batch: Waiting[]): Promise<void> {
  if (batch.length === 1) {
    rotateAlone(db, batch[0]!).then(batch[0]!.resolve, batch[0]!.reject)
    return
  }
  let outcomes: boolean[]
  try {
    outcomes = await db.transaction().execute(async (trx) => {
      const rotated: boolean[] = []
      for (const rotation of batch) rotated.push(await retireAndStore(trx, rotation))
      return rotated
    })
  } catch {
    // One rotation's failure rolled back the others: each again alone, so only the failing one fails.
    for (const rotation of batch) rotateAlone(db, rotation).then(rotation.resolve, rotation.reject)
    return
  }
  batch.forEach((rotation, index) => rotation.resolve(outcomes[index]!))
}
