/**
 * @module A person ending their own sessions from the account page: one
 * other session, or every session but the one they are using. Ending a
 * session does what signing out everywhere does, for that session only:
 * the session ends (its cookie stops working, FedCM's accounts list no
 * longer names the account to that browser, a console session signed in
 * with it ends on its next request), the codes issued in it are spent and
 * the tokens issued in it are revoked, each client told with
 * `tokens.revoked`. "Every other session" is `signOutEverywhere` keeping
 * the current one, as a password change is. Both go to the audit log, in
 * the change's transaction.
 */
import type { Kysely } from 'kysely'
import type { AccountEvents } from '../accounts/account-events.js'
import type { AuditActor } from '../audit/audit-actions.js'
import { recordAuditEvent } from '../audit/audit-events.js'
import { personTarget } from '../audit/audit-targets.js'
import { clientById } from '../clients/clients.js'
import { inTransaction } from '../db/in-transaction.js'
import type { Database, UserRow } from '../db/schema.js'
import { endSessionOfUser, type ListedSession, liveSessionsOf } from '../grants/sessions.js'
import { sessionDevice } from '../grants/session-device.js'
import { revokeTokensOfSession } from '../grants/tokens.js'
import { signOutEverywhere } from './sign-out-everywhere.js'

/** The session in the audit log's words: its browser and system, and when it signed in. */
function sessionDetail(session: ListedSession): Record<string, string> {
  const { browser, system } = sessionDevice(session.userAgent)
  return { device: [browser ?? 'unknown browser', system ?? 'unknown system'].join(' on '), signed_in: session.createdAt }
}

/**
 * Ends `sessionId` when it is one of `user`'s live sessions and revokes
 * what was issued in it; false (and nothing changed) when it is not:
 * another account's, ended already, or no session at all.
 *
 * @example
 * if (!(await signOutSession(db, events, actor, user, 42, new Date()))) return notFound()
 */
export async function signOutSession(
  db: Kysely<Database>,
  events: AccountEvents,
  actor: AuditActor,
  user: UserRow,
  sessionId: number,
  now: Date,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const session = (await liveSessionsOf(trx, user.id, now)).find((candidate) => candidate.id === sessionId)
    if (!session || !(await endSessionOfUser(trx, user.id, sessionId, now))) return false
    for (const [clientRowId, count] of await revokeTokensOfSession(trx, sessionId, now)) {
      const client = await clientById(trx, clientRowId)
      if (client)
        await events.record(trx, 'tokens.revoked', client.client_id, { account: user.sub, tokens: count, reason: 'session signed out' })
    }
    await recordAuditEvent(trx, {
      actor,
      action: 'account.session_ended',
      target: personTarget(user),
      organisation: user.svc_app,
      detail: sessionDetail(session),
    })
    return true
  })
}

/**
 * Ends every live session of `user` but `keepSessionId` (the one they use)
 * and revokes their tokens but those issued in it; returns how many
 * sessions ended.
 *
 * @example
 * const ended = await signOutOtherSessions(db, events, actor, user, session.svcSessionId, new Date())
 */
export async function signOutOtherSessions(
  db: Kysely<Database>,
  events: AccountEvents,
  actor: AuditActor,
  user: UserRow,
  keepSessionId: number,
  now: Date,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const ended = (await liveSessionsOf(trx, user.id, now)).filter((session) => session.id !== keepSessionId).length
    await signOutEverywhere(trx, events, user, now, { reason: 'other sessions signed out', keepSessionId })
    await recordAuditEvent(trx, {
      actor,
      action: 'account.other_sessions_ended',
      target: personTarget(user),
      organisation: user.svc_app,
      detail: { sessions: ended },
    })
    return ended
  })
}
