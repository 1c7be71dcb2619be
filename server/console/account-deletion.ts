/**
 * @module Deleting an account: its sessions, consents and tokens go with
 * it (the database cascades), its console sessions end, and every client
 * the user had consented to or held tokens for is told, in the same
 * transaction. Its live sessions end first, so the clients they signed in
 * to get their back-channel logout tokens before the rows go. It lives with the console, the highest room whose data it
 * removes; the account page and `user delete` call it.
 */
import type { Kysely } from 'kysely'
import type { AccountEvents } from '../accounts/account-events.js'
import { clientsEverConsentedTo } from '../accounts/consents.js'
import { deleteUser } from '../accounts/users.js'
import { publicClientIds } from '../clients/clients.js'
import type { Database, UserRow } from '../db/schema.js'
import { clientsHoldingTokensOf } from '../grants/tokens.js'
import { endSessionsOfUser } from '../grants/sessions.js'
import { endConsoleSessionsOf } from './console-sessions.js'

/**
 * Deletes the account with its sessions, consents and tokens, telling
 * every client the user had consented to or held tokens for.
 *
 * @example
 * await deleteAccount(db, events, user)
 */
export async function deleteAccount(db: Kysely<Database>, events: AccountEvents, user: UserRow, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const consented = await clientsEverConsentedTo(trx, user.id)
    const holding = await clientsHoldingTokensOf(trx, user.id)
    for (const clientId of await publicClientIds(trx, [...consented, ...holding]))
      await events.record(trx, 'account.deleted', clientId, { account: user.sub })
    await endConsoleSessionsOf(trx, user.sub)
    await endSessionsOfUser(trx, user.id, now)
    await deleteUser(trx, user.id)
  })
}
