/**
 * @module Signing an account out everywhere after its password changed
 * (by a reset link, or on the account page, which keeps the session it was
 * changed in): its sessions end and the tokens its clients hold are
 * revoked, each client told with `tokens.revoked`, in the caller's transaction.
 */
import type { Kysely } from 'kysely'
import type { AccountEvents } from '../accounts/account-events.js'
import { clientById } from '../clients/clients.js'
import type { Database, UserRow } from '../db/schema.js'
import { endSessionsOfUser } from '../grants/sessions.js'
import { clientsHoldingTokensOf, revokeTokensOfClientForUser } from '../grants/tokens.js'

/**
 * Ends the account's sessions (but `keepSessionId`'s) and revokes its
 * tokens (but those issued in it); returns how many sessions ended.
 *
 * @example
 * await signOutEverywhere(trx, events, user, now, { reason: 'password reset' })
 */
export async function signOutEverywhere(
  db: Kysely<Database>,
  events: AccountEvents,
  user: UserRow,
  now: Date,
  { reason, keepSessionId }: { reason: string; keepSessionId?: number },
): Promise<number> {
  const ended = await endSessionsOfUser(db, user.id, now, keepSessionId)
  for (const clientRowId of new Set(await clientsHoldingTokensOf(db, user.id))) {
    const count = await revokeTokensOfClientForUser(db, clientRowId, user.id, now, keepSessionId)
    const client = await clientById(db, clientRowId)
    if (count > 0 && client) await events.record(db, 'tokens.revoked', client.client_id, { account: user.sub, tokens: count, reason })
  }
  return ended
}
