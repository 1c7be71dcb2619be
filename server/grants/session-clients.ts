/**
 * @module The session clients repository, the one module that reads and
 * writes the `session_clients` table: which clients each browser session
 * signed in to (an authorization code or a FedCM id_token issued in it),
 * so that when the session ends, those clients and only those are sent a
 * back-channel logout token.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'

/**
 * Records that a session signed in to a client; once per pair, later sign-ins change nothing.
 *
 * @example
 * await recordSessionClient(db, { sessionId: session.id, clientId: client.id, at: new Date() })
 */
export async function recordSessionClient(
  db: Kysely<Database>,
  { sessionId, clientId, at }: { sessionId: number; clientId: number; at: Date },
): Promise<void> {
  await db
    .insertInto('session_clients')
    .values({ session_id: sessionId, client_id: clientId, created_at: at.toISOString() })
    .onConflict((conflict) => conflict.columns(['session_id', 'client_id']).doNothing())
    .execute()
}

/** A client a session signed in to that registered a back-channel logout URI, with what its logout token names. */
export interface SessionLogoutTarget {
  /** The client's row id. */
  clientRowId: number
  /** Where the client takes logout tokens. */
  backchannelLogoutUri: string
  /** The account's `sub`. */
  sub: string
  /** The session's `sid`. */
  sid: string
}

/**
 * The clients these sessions signed in to that take back-channel logout
 * tokens, one entry per session and client; a session without a `sid`
 * (none is made without one since migration 0030) is skipped.
 *
 * @example
 * const targets = await logoutTargetsOfSessions(trx, [session.id])
 */
export async function logoutTargetsOfSessions(db: Kysely<Database>, sessionIds: readonly number[]): Promise<SessionLogoutTarget[]> {
  if (sessionIds.length === 0) return []
  const rows = await db
    .selectFrom('session_clients')
    .innerJoin('sessions', 'sessions.id', 'session_clients.session_id')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('clients', 'clients.id', 'session_clients.client_id')
    .select(['clients.id as client_row_id', 'clients.backchannel_logout_uri', 'users.sub', 'sessions.sid'])
    .where('session_clients.session_id', 'in', [...sessionIds])
    .where('clients.backchannel_logout_uri', 'is not', null)
    .orderBy('session_clients.session_id')
    .orderBy('session_clients.client_id')
    .execute()
  return rows.flatMap((row) =>
    row.backchannel_logout_uri === null || row.sid === null
      ? []
      : [{ clientRowId: row.client_row_id, backchannelLogoutUri: row.backchannel_logout_uri, sub: row.sub, sid: row.sid }],
  )
}
