/**
 * @module A user (or an operator for them) revoking an application's
 * consent: the consent ends and so do the client's tokens and unused codes for the user,
 * with their account events in the same transaction. Used by the account
 * page, FedCM's disconnect and `user revoke-consent`.
 */
import type { Kysely } from 'kysely'
import type { AccountEvents } from '../accounts/account-events.js'
import { liveConsent, markConsentRevoked } from '../accounts/consents.js'
import type { ClientRow, Database, UserRow } from '../db/schema.js'
import { InvalidInput } from '../invalid-input.js'
import { revokeTokensOfClientForUser } from '../grants/tokens.js'
import { spendCodesOfSessions } from '../grants/authorization-codes.js'

/**
 * Revokes the user's consent to a client and the client's tokens for the user.
 *
 * @example
 * await revokeConsent(db, events, user, client)
 */
export async function revokeConsent(
  db: Kysely<Database>,
  events: AccountEvents,
  user: UserRow,
  client: ClientRow,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const consent = await liveConsent(trx, user.id, client.id)
    if (!consent) throw new InvalidInput('client', `${user.email} has not consented to ${client.client_id}`)
    await markConsentRevoked(trx, consent.id, now)
    // A code issued a moment ago would otherwise still buy a refresh token the person can no longer see.
    await spendCodesOfSessions(trx, { userId: user.id, clientId: client.id }, now)
    await events.record(trx, 'account.consent_revoked', client.client_id, { account: user.sub, scopes: consent.scopes })
    const count = await revokeTokensOfClientForUser(trx, client.id, user.id, now)
    if (count > 0)
      await events.record(trx, 'tokens.revoked', client.client_id, { account: user.sub, tokens: count, reason: 'consent revoked' })
  })
}
