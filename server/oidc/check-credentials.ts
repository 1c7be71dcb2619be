/**
 * @module Checks an e-mail address and password typed into one of svc's
 * sign-in forms, throttled per account and address; a missing account
 * costs the same scrypt work as a wrong password, so timing tells nothing.
 */
import type { Context } from 'hono'
import { UNUSABLE_PASSWORD_HASH, verifyPassword } from '../accounts/passwords.js'
import { userByLogin } from '../accounts/users.js'
import type { UserRow } from '../db/schema.js'
import { clientAddress } from '../http/client-address.js'
import type { LoginThrottle } from './authorize/login-throttle.js'
import type { Provider } from './provider.js'

export type CredentialsCheck = { user: UserRow } | { status: 401 | 429; error: string }

/**
 * The account the credentials open, or the refusal to show beside the form.
 *
 * @example
 * const check = await checkCredentials(c, provider, throttle, email, password)
 * if ('error' in check) return showLogin(check.error, check.status)
 */
export async function checkCredentials(
  c: Context,
  provider: Provider,
  throttle: LoginThrottle,
  email: string,
  password: string,
): Promise<CredentialsCheck> {
  const wait = await throttle.check(email, clientAddress(c))
  if (wait !== undefined) return { status: 429, error: `Too many sign-in attempts. Try again in ${Math.ceil(wait / 60)} minutes.` }
  const user = email === '' ? undefined : await userByLogin(provider.db, email)
  const passwordOk = await verifyPassword(password, user?.password_hash ?? UNUSABLE_PASSWORD_HASH)
  return user && passwordOk ? { user } : { status: 401, error: 'The email or password is not right.' }
}
