/**
 * @module The state of an account as the People page and `user list`
 * show it: `disabled` (an operator or admin turned it off), `invited` (an
 * invitation's account whose password was never chosen), `unconfirmed`
 * (signed up, the mailed link not followed yet) or `active`.
 */
import type { UserRow } from '../db/schema.js'
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

/**
 * The account's state; disabled wins over everything else.
 *
 * @example
 * accountState(user) // 'invited'
 */
export function accountState(user: Pick<UserRow, 'disabled_at' | 'email_verified' | 'password_hash'>): AccountState {
  if (isDisabled(user)) return 'disabled'
  if (user.email_verified === 1) return 'active'
  return hasNoPassword(user.password_hash) ? 'invited' : 'unconfirmed'
}
