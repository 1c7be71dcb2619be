/**
 * @module The authorization codes repository: codes stored as SHA-256,
 * found by the value presented, and used up once; the one module that
 * reads and writes the `authorization_codes` table.
 */
import type { Insertable, Kysely, Selectable } from 'kysely'
import type { AuthorizationCodesTable, Database } from '../db/schema.js'
import { hashToken } from './token-hash.js'
import { recordSessionClient } from './session-clients.js'

export type AuthorizationCodeRow = Selectable<AuthorizationCodesTable>

/**
 * Stores an issued code, given by its value (only its hash is kept), and
 * records that its session signed in to its client (told when the session ends).
 *
 * @example
 * await storeAuthorizationCode(db, code, { grant_id, client_id, user_id, … })
 */
export async function storeAuthorizationCode(
  db: Kysely<Database>,
  code: string,
  row: Omit<Insertable<AuthorizationCodesTable>, 'code_hash'>,
): Promise<void> {
  await db
    .insertInto('authorization_codes')
    .values({ ...row, code_hash: hashToken(code) })
    .execute()
  if (row.session_id !== null && row.session_id !== undefined)
    await recordSessionClient(db, { sessionId: row.session_id, clientId: row.client_id, at: new Date(row.created_at) })
}

/**
 * The stored code a presented value names, used or not, or `undefined`.
 *
 * @example
 * const stored = await authorizationCodeByValue(provider.db, code)
 */
export async function authorizationCodeByValue(db: Kysely<Database>, code: string): Promise<AuthorizationCodeRow | undefined> {
  return db.selectFrom('authorization_codes').selectAll().where('code_hash', '=', hashToken(code)).executeTakeFirst()
}

/**
 * Uses up a code unless it was used already; true when this call used it.
 *
 * @example
 * if (!(await consumeAuthorizationCode(trx, stored.id, now))) throw await replayed()
 */
export async function consumeAuthorizationCode(db: Kysely<Database>, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('authorization_codes')
    .set({ consumed_at: now.toISOString() })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/**
 * Uses up the code a presented value names, if it is still unused, so nobody can redeem it.
 *
 * @example
 * await spendAuthorizationCode(provider.db, code, provider.now())
 */
export async function spendAuthorizationCode(db: Kysely<Database>, code: string, now: Date): Promise<void> {
  await db
    .updateTable('authorization_codes')
    .set({ consumed_at: now.toISOString() })
    .where('code_hash', '=', hashToken(code))
    .where('consumed_at', 'is', null)
    .execute()
}

/**
 * Spends every unused code of some sessions, so none can be redeemed once
 * its sign-in is over: one session's (`sessionId`), or all of an account's
 * but `keepSessionId`'s (`userId`); `clientId` narrows to one client's
 * (consent revoked). Returns how many were spent.
 *
 * @example
 * await spendCodesOfSessions(trx, { userId: user.id }, now)
 */
export async function spendCodesOfSessions(
  db: Kysely<Database>,
  which: { sessionId: number } | { userId: number; keepSessionId?: number; clientId?: number },
  now: Date,
): Promise<number> {
  let query = db.updateTable('authorization_codes').set({ consumed_at: now.toISOString() }).where('consumed_at', 'is', null)
  if ('sessionId' in which) query = query.where('session_id', '=', which.sessionId)
  else {
    query = query.where('user_id', '=', which.userId)
    const { keepSessionId, clientId } = which
    if (keepSessionId !== undefined)
      query = query.where((eb) => eb.or([eb('session_id', 'is', null), eb('session_id', '!=', keepSessionId)]))
    if (clientId !== undefined) query = query.where('client_id', '=', clientId)
  }
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows)
}
