/**
 * @module Checks an e-mail address and password typed into one of svc's
 * sign-in forms. In order: the address must be one an account could have
 * (at most 254 characters; nothing is counted or hashed otherwise); the
 * login throttle may make the attempt wait; the password is checked through
 * the bounded password queue (busy, or this address already holding its
 * share of it: 503); a wrong one is counted, a right one clears the
 * throttle's counts and remembers the browser (device cookie), unless the
 * account's address is not confirmed yet: such an account signs nobody in
 * (403, and the page offers to mail the confirmation link again), nor
 * does a disabled one (403, "This account has been disabled…"): only
 * after the right password, so a stranger typing the address learns no
 * more than from any wrong password. An account made passkey-only
 * answers any password with the sentence that points to its passkey
 * (and to "Forgot password?"): that tells whoever typed the address that
 * it has an account, at the throttle's pace only (the attempt counts as a
 * wrong password), where its owner would otherwise be left guessing. Refusals
 * count against the caller's address (known browsers' waits too), so
 * sending more while refused only lengthens the wait. A missing account
 * costs the same scrypt work as a wrong password, so timing tells nothing.
 * An account with an authenticator app is only named, not signed in: the
 * page asks for its code next (`second-factor.ts`).
 */
import type { Context } from 'hono'
import { PasswordWorkBusy, UNUSABLE_PASSWORD_HASH, verifyPassword } from '../../accounts/passwords.js'
import { EMAIL, isDisabled, userByLogin } from '../../accounts/users.js'
import type { UserRow } from '../../db/schema.js'
import { clientAddress } from '../../http/client-address.js'
import { addressBlock, type LoginAttempt, type LoginThrottle } from '../../http/login-throttle.js'
import { deviceCookie } from './device-cookie.js'
import { badLogin, signInBusy, tooManyAttempts, wrongCredentials } from '../pages/sign-in-messages.js'
import { requestLocale } from '../../i18n/request-locale.js'
import { pageWords } from '../../pages/request-branding.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { hasNoPassword } from '../../accounts/account-state.js'
import { passkeyCount } from '../../accounts/passkeys.js'
import { passkeyWords } from '../../i18n/passkey-words.js'
import { hasAuthenticator } from '../../accounts/authenticators.js'

/** An account with passkeys and no password (its owner removed it): a password never opens it. */
const isPasskeyOnly = async (provider: IdentityProviderContext, user: UserRow) =>
  hasNoPassword(user.password_hash) && (await passkeyCount(provider.db, user.id)) > 0

const confirmEmailFirst = (c: Context) => pageWords(c).confirmEmailFirst

/** The longest e-mail address (RFC 5321's 256-octet path, less its angle brackets). */
export const LOGIN_MAX_LENGTH = 254
/** An account's `sub`, which the form also takes. */
const SUB = /^ACC\d{10}$/

export type CredentialsCheck =
  | {
      user: UserRow
      /** The account has an authenticator app: no session until its code is right (`second-factor.ts`). */
      secondFactor?: true
    }
  | {
      status: 400 | 401 | 403 | 429 | 503
      error: string
      /** Seconds, for a `Retry-After` header. */
      retryAfter?: number
      /** The account's address when the password was right but the address is not confirmed yet (the page offers the link again). */
      unconfirmed?: string
    }

/**
 * The account the credentials open, or the refusal to show beside the form.
 *
 * @example
 * const check = await checkCredentials(c, provider, throttle, email, password)
 * if ('error' in check) return showLogin(check.error, check.status)
 */
export async function checkCredentials(
  c: Context,
  provider: IdentityProviderContext,
  throttle: LoginThrottle,
  login: string,
  password: string,
): Promise<CredentialsCheck> {
  const check = await checkedCredentials(c, provider, throttle, login, password)
  // A busy password queue turns the attempt away as the throttle does: load refused, not a wrong password.
  provider.metrics?.signIn('user' in check ? 'success' : check.status === 429 || check.status === 503 ? 'throttled' : 'failure', 'password')
  return check
}

async function checkedCredentials(
  c: Context,
  provider: IdentityProviderContext,
  throttle: LoginThrottle,
  login: string,
  password: string,
): Promise<CredentialsCheck> {
  if (login.length > LOGIN_MAX_LENGTH || !(EMAIL.test(login) || SUB.test(login)) || /\p{Cc}/u.test(login))
    return { status: 400, error: badLogin(requestLocale(c)) }
  const user = await userByLogin(provider.db, login)
  const devices = deviceCookie(provider)
  const attempt: LoginAttempt = {
    account: user?.sub ?? login.toLowerCase(),
    address: clientAddress(c),
    device: user ? await devices.deviceFor(c, user) : undefined,
  }
  const wait = await throttle.reserve(attempt)
  if (wait !== undefined) {
    // Many device cookies of one address must not wait for free; a stranger's waits stay as they were.
    if (attempt.device !== undefined) await throttle.refused(attempt)
    return { status: 429, error: tooManyAttempts(wait, requestLocale(c)), retryAfter: wait }
  }
  let released = false
  const release = () => {
    if (!released) throttle.release(attempt)
    released = true
  }
  try {
    let passwordOk: boolean
    try {
      passwordOk = await verifyPassword(password, user?.password_hash ?? UNUSABLE_PASSWORD_HASH, {
        knownDevice: attempt.device !== undefined,
        caller: addressBlock(attempt.address),
      })
    } catch (error) {
      if (!(error instanceof PasswordWorkBusy)) throw error
      await throttle.refused(attempt)
      return { status: 503, error: signInBusy(requestLocale(c)), retryAfter: error.retryAfterSeconds }
    }
    if (!user || !passwordOk) {
      await throttle.failed(attempt)
      release()
      // Said now, so nobody types the password again only to learn of the wait.
      const next = await throttle.wait(attempt)
      // An account its owner made passkey-only: the way in is the passkey (counted all the same as a wrong password).
      if (next === undefined && user && (await isPasskeyOnly(provider, user))) return { status: 401, error: passkeyWords(requestLocale(c)).passkeyOnly }
      return { status: 401, error: wrongCredentials(next, requestLocale(c)), ...(next === undefined ? {} : { retryAfter: next }) }
    }
    // With an authenticator the password is half the way in: its counts clear, and the browser is
    // remembered, only once the code is right, so the right password cannot reset the count of wrong codes.
    const secondFactor = await hasAuthenticator(provider.db, user.id)
    if (!secondFactor) await throttle.succeeded(attempt)
    if (isDisabled(user)) return { status: 403, error: pageWords(c).accountDisabled }
    // Whoever typed an address need not own its mailbox: until the mailed link is followed, the account opens nothing.
    if (user.email_verified !== 1) return { status: 403, error: confirmEmailFirst(c), unconfirmed: user.email }
    if (secondFactor) return { user, secondFactor }
    await devices.remember(c, user, () => throttle.admitNewDevice(attempt))
    return { user }
  } finally {
    release()
  }
}
