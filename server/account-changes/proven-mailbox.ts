/**
 * @module What happens when an account's mailbox is proven for the first
 * time (its sign-up link followed): whatever the account held before,
 * sessions, codes, tokens and external links, may be the work of whoever
 * typed the address, so it ends, in the confirmation's transaction.
 */
import type { Kysely } from 'kysely'
import type { AccountEvents } from '../accounts/account-events.js'
import { unlinkEveryProvider } from '../accounts/account-links.js'
import type { Database, UserRow } from '../db/schema.js'
import { signOutEverywhere } from './sign-out-everywhere.js'

/**
 * Ends the sessions, codes and tokens of an account whose mailbox was just
 * proven, and removes its external links.
 *
 * @example
 * await confirmEmail(ctx, token, (trx, user, now) => endUnprovenAccess(trx, events, user, now))
 */
export async function endUnprovenAccess(db: Kysely<Database>, events: AccountEvents, user: UserRow, now: Date): Promise<void> {
  await signOutEverywhere(db, events, user, now, { reason: 'address confirmed' })
  await unlinkEveryProvider(db, events, user)
}
