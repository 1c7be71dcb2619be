/**
 * @module What a user (or an operator for them) does to an account beyond
 * signing in: revoke an application's consent, delete the account. Each
 * records its account events in the same transaction as the change.
 */
import type { Kysely } from 'kysely'
import { publicClientIds } from '../clients/clients.js'
import { endConsoleSessionsOf } from '../console/console-sessions.js'
import type { ClientRow, Database, UserRow } from '../db/schema.js'
import { InvalidInput } from '../invalid-input.js'
import type { AccountEvents } from '../oidc/account-events.js'
import { clientsHoldingTokensOf, revokeTokensOfClientForUser } from '../oidc/tokens.js'
import { clientsEverConsentedTo, liveConsent, markConsentRevoked } from './consents.js'
import { deleteUser } from './users.js'

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
    await events.record(trx, 'account.consent_revoked', client.client_id, { account: user.sub, scopes: consent.scopes })
    const count = await revokeTokensOfClientForUser(trx, client.id, user.id, now)
    if (count > 0)
      await events.record(trx, 'tokens.revoked', client.client_id, { account: user.sub, tokens: count, reason: 'consent revoked' })
  })
}

/**
 * Deletes the account with its sessions, consents and tokens, telling
 * every client the user had consented to or held tokens for.
 *
 * @example
 * await deleteAccount(db, events, user)
 */
export async function deleteAccount(db: Kysely<Database>, events: AccountEvents, user: UserRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const consented = await clientsEverConsentedTo(trx, user.id)
    const holding = await clientsHoldingTokensOf(trx, user.id)
    for (const clientId of await publicClientIds(trx, [...consented, ...holding]))
      await events.record(trx, 'account.deleted', clientId, { account: user.sub })
    await endConsoleSessionsOf(trx, user.sub)
    await deleteUser(trx, user.id)
  })
}
