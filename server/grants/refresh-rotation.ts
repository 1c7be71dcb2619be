/**
 * @module A refresh token's rotation: retiring the presented token and
 * storing its successors commit together, and the guard on `retired_at`
 * makes two concurrent uses of one token rotate it once. On SQLite the
 * rotations that become ready in the same turn of the event loop commit in
 * one transaction (group commit): a commit (a WAL write) cost a grant more
 * than all its other statements together, and each grant is still answered
 * only once its rotation is committed. The batch runs on SQLite's
 * synchronous connection (`db/direct-sqlite.ts`), begun, run and committed
 * in one turn with no promise per statement, unless a Kysely transaction is
 * open on the connection; then it goes through Kysely as before. On
 * PostgreSQL, whose pool runs transactions side by side, each rotation is
 * its own transaction.
 */
import type { Kysely } from 'kysely'
import { isPostgres } from '../db/open-database.js'
import type { Database } from '../db/schema.js'
import type { IdentityProviderContext } from './identity-provider-context.js'
import { type DirectSqlite, directSqliteOf } from '../db/direct-sqlite.js'
import { type PreparedTokens, retireRefreshToken, retireRefreshTokenNow } from './tokens.js'

/** One rotation: the presented token's row id, when, and how to store what replaces it. */
export interface Rotation extends Pick<PreparedTokens, 'store' | 'storeNow'> {
  tokenId: number
  at: Date
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
 * if (!(await rotateRefreshToken(provider, { tokenId: token.id, at: now, store, storeNow }))) throw reused()
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
  // A Kysely transaction awaiting between its statements holds the connection: the batch then waits its turn through Kysely.
  const direct = directSqliteOf(db)
  const idle = direct?.inTransaction === false ? direct : undefined
  if (batch.length === 1) {
    const [rotation] = batch as [Waiting]
    if (idle) settleNow(rotation, () => commitNow(idle, batch)[0]!)
    else rotateAlone(db, rotation).then(rotation.resolve, rotation.reject)
    return
  }
  let outcomes: boolean[]
  try {
    outcomes = idle ? commitNow(idle, batch) : await commitThroughKysely(db, batch)
  } catch {
    // One rotation's failure rolled back the others: each again alone, so only the failing one fails.
    for (const rotation of batch) rotateAlone(db, rotation).then(rotation.resolve, rotation.reject)
    return
  }
  batch.forEach((rotation, index) => rotation.resolve(outcomes[index]!))
}

function commitThroughKysely(db: Kysely<Database>, batch: Rotation[]): Promise<boolean[]> {
  return db.transaction().execute(async (trx) => {
    const rotated: boolean[] = []
    for (const rotation of batch) rotated.push(await retireAndStore(trx, rotation))
    return rotated
  })
}

function settleNow(rotation: Waiting, rotate: () => boolean): void {
  try {
    rotation.resolve(rotate())
  } catch (error) {
    rotation.reject(error)
  }
}

/** The batch in one IMMEDIATE transaction, begun and committed within this call (nothing else runs in between). */
function commitNow(direct: DirectSqlite, batch: Rotation[]): boolean[] {
  direct.prepare('begin immediate').run()
  try {
    const rotated = batch.map((rotation) => retireAndStoreNow(direct, rotation))
    direct.prepare('commit').run()
    return rotated
  } catch (error) {
    // A failed COMMIT may have ended the transaction already (SQLite rolls some errors back itself).
    if (direct.inTransaction) direct.prepare('rollback').run()
    throw error
  }
}

function retireAndStoreNow(direct: DirectSqlite, { tokenId, at, storeNow }: Rotation): boolean {
  // Anything but exactly one retired row (none: a concurrent use won) is not a rotation.
  if (!retireRefreshTokenNow(direct, { id: tokenId, at: at.toISOString() })) return false
  storeNow(direct)
  return true
}
