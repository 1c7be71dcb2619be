/**
 * @module Disabling an account and enabling it again (the console's
 * People page and `user update --disable|--enable`). Disabling marks the
 * row, voids every link mailed to it, ends its sessions (the console's
 * with them) and revokes the tokens its clients hold, each client told
 * with `tokens.revoked` (reason `account disabled`; there is no event of
 * its own), in one transaction. Enabling only clears the mark: what
 * disabling ended stays ended, so the person signs in afresh.
 */
import type { Kysely } from 'kysely'
import type { AccountEvents } from '../accounts/account-events.js'
import { voidEveryLink } from '../accounts/account-tokens.js'
import { enabledOperatorCount, isDisabled, setDisabledAt, userById } from '../accounts/users.js'
import { inTransaction } from '../db/in-transaction.js'
import type { Database, UserRow } from '../db/schema.js'
import { Refusal } from '../refusal.js'
import { signOutEverywhere } from './sign-out-everywhere.js'

/** A change that would leave svc without an operator who can sign in. */
export class LastOperator extends Refusal {
  override name = 'LastOperator'
  readonly status = 409
  constructor(user: Pick<UserRow, 'name'>, doing: string) {
    super(`${user.name} is the only operator who can sign in, so they cannot be ${doing}: make someone else an operator first.`)
  }
}

/**
 * Refuses, in the caller's transaction, when `user` is the last operator
 * who can sign in; checked where the change is made, so two changes at
 * once cannot both pass.
 *
 * @example
 * await refuseLastOperator(trx, user, 'disabled')
 */
export async function refuseLastOperator(db: Kysely<Database>, user: UserRow, doing: string): Promise<void> {
  if (user.svc_master === 1 && !isDisabled(user) && (await enabledOperatorCount(db)) <= 1) throw new LastOperator(user, doing)
}

/**
 * Disables the account at once: no sign-in by any path, no session, no
 * token works from the next request on. Disabling a disabled account changes nothing.
 *
 * @example
 * await disableAccount(db, events, user, new Date())
 */
export async function disableAccount(db: Kysely<Database>, events: AccountEvents, user: UserRow, now: Date): Promise<UserRow> {
  // The caller's transaction when it has one (a role change and a disabling sent together commit as one).
  return inTransaction(db, async (trx) => {
    const current = (await userById(trx, user.id)) ?? user
    if (isDisabled(current)) return current
    await refuseLastOperator(trx, current, 'disabled')
    await setDisabledAt(trx, current.id, now, now)
    // A reset or invitation link mailed before must not outlive the decision.
    await voidEveryLink(trx, current.id, now)
    await signOutEverywhere(trx, events, current, now, { reason: 'account disabled' })
    return (await userById(trx, current.id))!
  })
}

/**
 * Lets the account sign in again; its old sessions and tokens stay revoked.
 *
 * @example
 * await enableAccount(db, user, new Date())
 */
export async function enableAccount(db: Kysely<Database>, user: UserRow, now: Date): Promise<UserRow> {
  await setDisabledAt(db, user.id, null, now)
  return (await userById(db, user.id))!
}
