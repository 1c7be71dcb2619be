/**
 * @module The account page's "Authenticator app" section, as JSON for the
 * signed-in person: whether an app is on (and how many recovery codes are
 * left); setting one up (a new secret, its `otpauth://` URI as a QR code
 * drawn here as SVG, and the secret in groups of four to type by hand),
 * turned on only by a code the app made, which answers the ten recovery
 * codes, shown this once; and removing it, which asks for a fresh code or
 * a recovery code (counted in the login throttle as sign-in codes are),
 * so a session left open on a shared computer cannot take the second
 * factor off. Making new recovery codes asks for the same (the earlier
 * ones stop working; the new ten are shown once). Turning the app on or
 * off and new codes are recorded in the audit log and mailed to the
 * account (`account-changes/second-factor-changes.ts`).
 */
import { type Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import { renderSVG } from 'uqr'
import {
  checkAppCode,
  checkSecondFactorCode,
  groupedSecret,
  newAuthenticatorSecret,
  otpauthUri,
  removeSecondFactor,
} from '../accounts/authenticator-codes.js'
import { authenticatorOf, startAuthenticator } from '../accounts/authenticators.js'
import { newRecoveryCodes, RECOVERY_CODE_COUNT, recoveryCodesLeft } from '../accounts/recovery-codes.js'
import { renewRecoveryCodes, tellOfSecondFactorChange } from '../account-changes/second-factor-changes.js'
import { accountActor } from '../audit/account-actor.js'
import { userBySub } from '../accounts/users.js'
import type { Branding } from '../branding.js'
import type { Database, UserRow } from '../db/schema.js'
import { clientAddress } from '../http/client-address.js'
import type { LoginAttempt, LoginThrottle } from '../http/login-throttle.js'
import { accountWords } from '../i18n/account-words.js'
import { authenticatorWords } from '../i18n/authenticator-words.js'
import { fill } from '../i18n/pages.js'
import { requestLocale } from '../i18n/request-locale.js'
import { tooManyAttempts } from '../oidc/pages/sign-in-messages.js'
import { type ConsoleVariables, consoleError, jsonObject } from './console-guard.js'

/** The longest code read; anything longer is no code. */
const CODE_MAX_LENGTH = 32

/**
 * Builds the Authenticator app routes, mounted at `/console/api/account/authenticator` behind the account API's guard.
 *
 * @example
 * app.route('/authenticator', consoleAuthenticatorApi(db, { issuer, branding, throttle }))
 */
export function consoleAuthenticatorApi(
  db: Kysely<Database>,
  { issuer, branding, throttle, now = () => new Date() }: { issuer: string; branding: Branding; throttle: LoginThrottle; now?: () => Date },
): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>()
  const lifecycle = { db, issuer, branding, now }
  const wordsOf = (c: Context) => authenticatorWords(requestLocale(c))
  /** The signed-in account, or the answer that it is gone. */
  const account = async (c: Context<{ Variables: ConsoleVariables }>): Promise<UserRow | Response> =>
    (await userBySub(db, c.get('session').sub)) ?? consoleError(c, 404, accountWords(requestLocale(c), branding.name).accountGone)
  /** A code from the JSON body: a string of sensible length, or nothing. */
  const typedCode = (body: Record<string, unknown>, name: string): string =>
    typeof body[name] === 'string' && body[name].length <= CODE_MAX_LENGTH ? body[name].trim() : ''

  app.get('/', async (c) => {
    const user = await account(c)
    if (user instanceof Response) return user
    const authenticator = await authenticatorOf(db, user.id)
    return c.json(
      {
        on: authenticator?.confirmed === true,
        recovery_codes_left: authenticator?.confirmed ? await recoveryCodesLeft(db, user.id) : 0,
        recovery_codes_total: RECOVERY_CODE_COUNT,
        // Names the file of downloaded recovery codes, as the app lists the account.
        product: branding.name,
        words: wordsOf(c),
      },
      200,
      { 'Cache-Control': 'no-store' },
    )
  })

  app.post('/setup', async (c) => {
    const user = await account(c)
    if (user instanceof Response) return user
    const secret = newAuthenticatorSecret()
    if (!(await startAuthenticator(db, user.id, secret, now()))) return consoleError(c, 409, wordsOf(c).alreadyOn)
    const uri = otpauthUri({ secret, issuer: branding.name, label: user.email })
    // Drawn here, so the page needs no QR library; an <img> of it cannot run anything the SVG might hold.
    const qr = `data:image/svg+xml;base64,${Buffer.from(renderSVG(uri, { border: 2 })).toString('base64')}`
    return c.json({ secret: groupedSecret(secret), uri, qr, qr_alt: fill(wordsOf(c).qrAlt, { product: branding.name }) }, 201, {
      'Cache-Control': 'no-store',
    })
  })

  app.post('/confirm', async (c) => {
    const user = await account(c)
    if (user instanceof Response) return user
    const code = typedCode((await jsonObject(c)) ?? {}, 'code')
    const waiting = await authenticatorOf(db, user.id)
    if (!waiting || waiting.confirmed) return consoleError(c, 409, waiting ? wordsOf(c).alreadyOn : wordsOf(c).noSetUpWaiting)
    const check = await checkAppCode(db, user.id, code, now(), { confirm: true })
    if (check !== 'otp') {
      const message = check === 'replayed' ? wordsOf(c).codeReplayed : wordsOf(c).codeWrong
      return consoleError(c, 422, message, { errors: { code: message } })
    }
    const codes = await newRecoveryCodes(db, user.id, now())
    await tellOfSecondFactorChange(lifecycle, accountActor(c.get('session')), user, 'authenticatorAdded', requestLocale(c))
    return c.json({ recovery_codes: codes, message: wordsOf(c).turnedOn }, 201, { 'Cache-Control': 'no-store' })
  })

  /**
   * Runs `act` once the body holds a right code from the app or an unused
   * recovery code, counted in the login throttle as sign-in codes are (a
   * session left open must not become a way to guess them); the refusal otherwise.
   */
  const withFreshCode = async (
    c: Context<{ Variables: ConsoleVariables }>,
    user: UserRow,
    act: () => Promise<Response>,
  ): Promise<Response> => {
    const body = (await jsonObject(c)) ?? {}
    const [code, recoveryCode] = [typedCode(body, 'code'), typedCode(body, 'recovery_code')]
    const attempt: LoginAttempt = { account: user.sub, address: clientAddress(c) }
    const wait = await throttle.reserve(attempt)
    if (wait !== undefined) {
      c.header('Retry-After', String(wait))
      return consoleError(c, 429, tooManyAttempts(wait, requestLocale(c)))
    }
    try {
      const check = await checkSecondFactorCode(db, user.id, recoveryCode ? { recoveryCode } : { code }, now())
      if (check !== 'otp' && check !== 'recovery') {
        await throttle.failed(attempt)
        const words = wordsOf(c)
        const message = check === 'replayed' ? words.codeReplayed : check === 'used' ? words.recoveryCodeUsed : words.codeWrong
        return consoleError(c, 422, message, { errors: { code: message } })
      }
      await throttle.succeeded(attempt)
      return await act()
    } finally {
      throttle.release(attempt)
    }
  }

  app.post('/remove', async (c) => {
    const user = await account(c)
    if (user instanceof Response) return user
    const current = await authenticatorOf(db, user.id)
    if (!current?.confirmed) return c.json({ message: wordsOf(c).notSetUp })
    return withFreshCode(c, user, async () => {
      await removeSecondFactor(db, user.id)
      await tellOfSecondFactorChange(lifecycle, accountActor(c.get('session')), user, 'authenticatorRemoved', requestLocale(c))
      return c.json({ message: wordsOf(c).removed })
    })
  })

  // New codes (the earlier ones stop working), for someone who used some or fears they were seen.
  app.post('/recovery-codes', async (c) => {
    const user = await account(c)
    if (user instanceof Response) return user
    const current = await authenticatorOf(db, user.id)
    if (!current?.confirmed) return consoleError(c, 409, wordsOf(c).notSetUp)
    return withFreshCode(c, user, async () => {
      const codes = await renewRecoveryCodes(lifecycle, accountActor(c.get('session')), user, requestLocale(c))
      return c.json({ recovery_codes: codes, message: wordsOf(c).renewed }, 201, { 'Cache-Control': 'no-store' })
    })
  })
  return app
}
