/**
 * @module The state of an account as the People page and `user list`
 * show it: `disabled` (an operator or admin turned it off), `invited` (an
 * invitation's account whose password was never chosen), `unconfirmed`
 * (signed up, with a password or a passkey, the mailed link not followed
 * yet) or `active`.
 */
import type { Kysely } from 'kysely'
import type { Database, UserRow } from '../db/schema.js'
import { passkeyHolders } from './passkeys.js'
import { isDisabled } from './users.js'

export type AccountState = 'active' | 'invited' | 'unconfirmed' | 'disabled'

/**
 * An invitation's account holds the hash that matches no password
 * (`UNUSABLE_PASSWORD_HASH`): zero salt and zero key, whatever scrypt
 * cost the process that made it ran with; so does an account whose owner
 * removed its password to sign in with passkeys only.
 *
 * @example
 * hasNoPassword(UNUSABLE_PASSWORD_HASH) // true
 */
export const hasNoPassword = (hash: string): boolean => {
  const secret = hash.split('$').slice(4)
  return secret.length === 2 && secret.every((part) => /^A+$/.test(part))
}

/** What an account's state is read from: its row and, for one with no password, whether it holds a passkey. */
export type StateFields = Pick<UserRow, 'id' | 'disabled_at' | 'email_verified' | 'password_hash'>

/**
 * The account's state; disabled wins over everything else. `passkeyHolders`
 * holds the ids of the accounts with a passkey (from
 * {@link passkeyHoldersAmong}): an unconfirmed account with no password
 * but a passkey signed up with it and waits for its mailed link like one
 * that signed up with a password; only one with neither is an invitation's.
 *
 * @example
 * accountState(user, await passkeyHoldersAmong(db, [user])) // 'invited'
 */
export function accountState(user: StateFields, passkeyHolders: ReadonlySet<number>): AccountState {
  if (isDisabled(user)) return 'disabled'
  if (user.email_verified === 1) return 'active'
  return hasNoPassword(user.password_hash) && !passkeyHolders.has(user.id) ? 'invited' : 'unconfirmed'
}

/**
 * Of `users`, the ones whose state hangs on a passkey (unconfirmed, with no
 * password) and that hold one: the passkeys table is asked about those only.
 *
 * @example
 * const holders = await passkeyHoldersAmong(db, users)
 * users.map((user) => accountState(user, holders))
 */
export async function passkeyHoldersAmong(db: Kysely<Database>, users: readonly StateFields[]): Promise<ReadonlySet<number>> {
  const undecided = users.filter((user) => !isDisabled(user) && user.email_verified !== 1 && hasNoPassword(user.password_hash))
  return passkeyHolders(
    db,
    undecided.map((user) => user.id),
  )
}

/**
 * One account's state, asking the passkeys table when it needs to.
 *
 * @example
 * if ((await stateOfAccount(db, person)) === 'invited') resendInvitation()
 */
export async function stateOfAccount(db: Kysely<Database>, user: StateFields): Promise<AccountState> {
  return accountState(user, await passkeyHoldersAmong(db, [user]))
}
