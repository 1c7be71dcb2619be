/**
 * @module The second step of a sign-in, for an account with an
 * authenticator app: after the first factor (a password, or a mailed
 * link), no session yet, only a sealed, HttpOnly cookie naming the
 * account and the first factor, for five minutes, in this browser alone;
 * the session is made once a code from the app (or a recovery code) is
 * right. Wrong codes count in the login throttle as wrong passwords do,
 * on the same buckets (this address and account, or this known browser),
 * so the code cannot be guessed faster than the password; and the
 * throttle's counts are cleared, and the browser remembered, only once
 * the code is right. A passkey never comes here: it is already a
 * phishing-resistant factor bound to the device. A mailed link or a
 * linked provider's sign-in asks for the code too (as Keycloak asks it
 * after any first factor): a mailbox or another provider's account is
 * one factor, and a reset link must not be the way around the second.
 * A recovery code that signs in is recorded and mailed to the account,
 * with how many are left, so a stranger's use is seen and the owner
 * knows when to make new ones.
 */
import type { Context } from 'hono'
import { checkSecondFactorCode } from '../../accounts/authenticator-codes.js'
import { hasAuthenticator } from '../../accounts/authenticators.js'
import { isDisabled, userBySub } from '../../accounts/users.js'
import type { UserRow } from '../../db/schema.js'
import type { AuthenticationMethod } from '../../grants/authentication-methods.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { clientAddress } from '../../http/client-address.js'
import { hostCookie } from '../../http/host-cookie.js'
import type { LoginAttempt, LoginThrottle } from '../../http/login-throttle.js'
import { signedCookie } from '../../http/signed-cookie.js'
import { authenticatorWords } from '../../i18n/authenticator-words.js'
import { requestLocale, withLanguage } from '../../i18n/request-locale.js'
import { switchSession } from '../../grants/sessions.js'
import { tooManyAttempts, tryAgainIn } from '../pages/sign-in-messages.js'
import { deviceCookie } from './device-cookie.js'
import { tellOfSecondFactorChange } from '../../account-changes/second-factor-changes.js'
import { requestBranding } from '../../pages/request-branding.js'

/** How long the code may take to arrive after the first factor. */
export const SECOND_STEP_SECONDS = 5 * 60
/** The longest code or recovery code read (a recovery code with spaces); anything longer is no code. */
const CODE_MAX_LENGTH = 32

interface PendingSignIn {
  /** The account's `sub`. */
  sub: string
  /** The first factor's methods (`["pwd"]`, `["email"]`). */
  amr: AuthenticationMethod[]
  /** Where to go once signed in (a mailed link's continuation), when not the page that asked. */
  continueTo?: string
}

const pendingCookie = (provider: Pick<IdentityProviderContext, 'db' | 'issuer'>) =>
  // Secure as the device cookie is: Chromium keeps Secure cookies of http://localhost too.
  signedCookie<PendingSignIn>(provider.db, hostCookie(provider.issuer, 'svc_second_step').name, { path: '/', secure: true })

export type SecondFactorCheck =
  | { user: UserRow; amr: AuthenticationMethod[]; continueTo?: string }
  | {
      status: 400 | 401 | 429
      error: string
      /** Seconds, for a `Retry-After` header. */
      retryAfter?: number
      /** No second step under way in this browser (expired, or never started here): the sign-in starts again. */
      expired?: true
      /** The refusal was of a recovery code (the page shows that field again). */
      recovery?: true
    }

/**
 * Whether a sign-in with `amr` into this account asks for a code: a password
 * or a mailed link into an account with an authenticator (a passkey never).
 *
 * @example
 * if (await needsSecondFactor(provider, user, ['pwd'])) return askForCode()
 */
export async function needsSecondFactor(
  provider: Pick<IdentityProviderContext, 'db'>,
  user: UserRow,
  amr: readonly AuthenticationMethod[],
): Promise<boolean> {
  if (amr.includes('hwk') || amr.includes('swk')) return false
  return hasAuthenticator(provider.db, user.id)
}

/**
 * Holds a sign-in at its second step: sets the cookie that lets this browser
 * alone type the code, for five minutes.
 *
 * @example
 * await awaitSecondFactor(c, provider, user, ['pwd'])
 */
export async function awaitSecondFactor(
  c: Context,
  provider: Pick<IdentityProviderContext, 'db' | 'issuer'>,
  user: UserRow,
  amr: AuthenticationMethod[],
  continueTo?: string,
): Promise<void> {
  await pendingCookie(provider).set(c, { sub: user.sub, amr, ...(continueTo ? { continueTo } : {}) }, SECOND_STEP_SECONDS)
}

/**
 * Signs the account in after a first factor that is not a password (a
 * mailed link, a linked provider), or, for an account with an
 * authenticator app, holds the sign-in and answers the redirect to the
 * code prompt (`/login/code`), which continues to `continueTo` once the
 * code is right. Undefined when the session is made: the caller goes on.
 *
 * @example
 * const held = await signInOrAskCode(c, provider, user, ['email'], continueTo)
 * if (held) return held
 */
export async function signInOrAskCode(
  c: Context,
  provider: IdentityProviderContext,
  user: UserRow,
  amr: AuthenticationMethod[],
  continueTo?: string,
): Promise<Response | undefined> {
  if (!(await needsSecondFactor(provider, user, amr))) {
    await switchSession(c, provider, user, amr)
    return undefined
  }
  await awaitSecondFactor(c, provider, user, amr, continueTo)
  return c.redirect(withLanguage(c, '/login/code'), 303)
}

/**
 * Whether this browser has a sign-in waiting for its code.
 *
 * @example
 * if (!(await secondFactorPending(c, provider))) return c.redirect('/login')
 */
export async function secondFactorPending(c: Context, provider: Pick<IdentityProviderContext, 'db' | 'issuer'>): Promise<boolean> {
  return (await pendingCookie(provider).read(c)) !== undefined
}

/**
 * Checks the code (`code`) or recovery code (`recovery_code`) of the
 * form against the sign-in waiting in this browser: the account and the
 * methods to start its session with, or the refusal to show.
 *
 * @example
 * const check = await checkSecondFactor(c, provider, throttle, form)
 * if ('error' in check) return showCodePrompt(check.error, check.status)
 * await switchSession(c, provider, check.user, check.amr)
 */
export async function checkSecondFactor(
  c: Context,
  provider: IdentityProviderContext,
  throttle: LoginThrottle,
  form: URLSearchParams,
): Promise<SecondFactorCheck> {
  const words = authenticatorWords(requestLocale(c))
  const cookie = pendingCookie(provider)
  const pending = await cookie.read(c)
  const user = pending && (await userBySub(provider.db, pending.sub))
  if (!pending || !user || isDisabled(user)) return { status: 400, error: words.codeExpired, expired: true }
  const recoveryCode = (form.get('recovery_code') ?? '').trim()
  const code = (form.get('code') ?? '').trim()
  const recovery = recoveryCode !== '' ? ({ recovery: true } as const) : {}
  const devices = deviceCookie(provider)
  const attempt: LoginAttempt = { account: user.sub, address: clientAddress(c), device: await devices.deviceFor(c, user) }
  const wait = await throttle.reserve(attempt)
  if (wait !== undefined) return { status: 429, error: tooManyAttempts(wait, requestLocale(c)), retryAfter: wait, ...recovery }
  let released = false
  const release = () => {
    if (!released) throttle.release(attempt)
    released = true
  }
  try {
    const typed = recoveryCode !== '' ? { recoveryCode } : { code }
    const check =
      code.length > CODE_MAX_LENGTH || recoveryCode.length > CODE_MAX_LENGTH
        ? 'wrong'
        : await checkSecondFactorCode(provider.db, user.id, typed, provider.now())
    if (check === 'otp' || check === 'recovery') {
      await throttle.succeeded(attempt)
      await devices.remember(c, user, () => throttle.admitNewDevice(attempt))
      await cookie.take(c)
      if (check === 'recovery')
        await tellOfSecondFactorChange(
          { db: provider.db, issuer: provider.issuer, now: provider.now, branding: requestBranding(c) },
          { kind: 'account', sub: user.sub, email: user.email },
          user,
          'recoveryCodeUsed',
          requestLocale(c),
        )
      // A recovery code is a one-time password too (RFC 8176's `otp`), so both say the same.
      return { user, amr: [...pending.amr, 'otp', 'mfa'], ...(pending.continueTo ? { continueTo: pending.continueTo } : {}) }
    }
    // A replayed code is counted too: it may be a stranger's, seen over a shoulder.
    await throttle.failed(attempt)
    release()
    // Said now, so nobody types the next code only to learn of the wait.
    const next = await throttle.wait(attempt)
    const error = check === 'replayed' ? words.codeReplayed : check === 'used' ? words.recoveryCodeUsed : words.codeWrong
    return next === undefined
      ? { status: 401, error, ...recovery }
      : { status: 429, error: `${error} ${tryAgainIn(next, requestLocale(c))}`, retryAfter: next, ...recovery }
  } finally {
    release()
  }
}
