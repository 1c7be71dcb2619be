/**
 * @module The account page's changes to the signed-in account, as
 * Keycloak's account console makes them: a new password and a new e-mail
 * address each need the current password (checked through the queued
 * scrypt and counted on the login throttle like a sign-in, so the page
 * is no side door for guessing); a passkey-only account sets its first
 * password, typed twice, instead; and the name and picture claims are
 * saved as a form (only what differs is written). Refusals name their
 * field (`errors`), in people's words.
 */
import type { Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import type { AccountEvents } from '../accounts/account-events.js'
import { PasswordWorkBusy, verifyPassword } from '../accounts/passwords.js'
import { passwordProblem } from '../accounts/password-policy.js'
import { hasNoPassword } from '../accounts/account-state.js'
import { FORM_ERRORS } from '../i18n/form-errors.js'
import { setProfile, userBySub, type ProfileFields } from '../accounts/users.js'
import { plainEmailAddress } from '../../shared/email-address.js'
import { PROFILE_LIMITS } from '../../shared/field-limits.js'
import { hasUnsafeNameCharacters } from '../accounts/person-name.js'
import type { Database, UserRow } from '../db/schema.js'
import { clientAddress } from '../http/client-address.js'
import { requestLocale } from '../i18n/request-locale.js'
import { type AccountWords, accountWords } from '../i18n/account-words.js'
import { fill } from '../i18n/pages.js'
import { changePassword, requestEmailChange } from '../account-changes/account-page-changes.js'
import { accountMailThrottle } from '../account-changes/account-mail-throttle.js'
import { addressBlock, type LoginThrottle } from '../http/login-throttle.js'
import type { Branding } from '../branding.js'
import { type ConsoleVariables, consoleError, jsonObject } from './console-guard.js'

export interface AccountChangeOptions {
  db: Kysely<Database>
  issuer: string
  events: AccountEvents
  throttle: LoginThrottle
  now?: () => Date
  /** The product name, logo and colour of the mails it sends. */
  branding: Branding
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const busy = (c: Context, error: PasswordWorkBusy, say: AccountWords) =>
  consoleError(
    c,
    503,
    say.passwordsBusy,
    {},
    {
      'Retry-After': String(error.retryAfterSeconds),
    },
  )

/**
 * Adds `POST /password`, `POST /email` and `PUT /profile` to the account routes (behind their guard).
 *
 * @example
 * accountChangeRoutes(app, { db, issuer, events, throttle })
 */
export function accountChangeRoutes(app: Hono<{ Variables: ConsoleVariables }>, options: AccountChangeOptions): void {
  const { db, issuer, events, throttle, now = () => new Date(), branding } = options
  const ctx = { db, issuer, now, branding }
  // Each change mails an address the account holder types: the same limits as sign-up's mail.
  const mailThrottle = accountMailThrottle({ now: () => now().getTime() })
  // The visitor's language, as the page that sent the request speaks it.
  const wordsOf = (c: Context) => accountWords(requestLocale(c), branding.name)

  /** The account when `typed` is its password; otherwise the answer to send. */
  async function withCurrentPassword(c: Context<{ Variables: ConsoleVariables }>, typed: string): Promise<UserRow | Response> {
    const say = wordsOf(c)
    const user = await userBySub(db, c.get('session').sub)
    if (!user) return consoleError(c, 404, say.accountGone)
    if (typed === '') return consoleError(c, 422, say.typeCurrentPassword, { errors: { current_password: say.typeCurrentPassword } })
    const attempt = { account: user.sub, address: clientAddress(c) }
    const wait = await throttle.reserve(attempt)
    if (wait !== undefined) {
      const message = fill(say.tooManyWrongPasswords, { seconds: wait })
      return consoleError(c, 429, message, { errors: { current_password: message } }, { 'Retry-After': String(wait) })
    }
    try {
      if (await verifyPassword(typed, user.password_hash, { knownDevice: true, caller: addressBlock(attempt.address) })) {
        await throttle.succeeded(attempt)
        return user
      }
      await throttle.failed(attempt)
      return consoleError(c, 422, say.wrongCurrentPassword, { errors: { current_password: say.wrongCurrentPassword } })
    } catch (error) {
      if (error instanceof PasswordWorkBusy) return busy(c, error, say)
      throw error
    } finally {
      throttle.release(attempt)
    }
  }

  app.post('/password', async (c) => {
    const body = (await jsonObject(c)) ?? {}
    const password = text(body.new_password)
    const session = c.get('session')
    const current = await userBySub(db, session.sub)
    // The policy first: a weak new password is refused without costing a password check.
    const problem = current && passwordProblem(password, current.email, requestLocale(c))
    if (problem) return consoleError(c, 422, problem, { errors: { new_password: problem } })
    // A passkey-only account has no current password to type: the form sets one, typed twice as
    // nothing else checks it, and the signed-in session (a passkey's) is what proves the owner.
    if (current && hasNoPassword(current.password_hash)) {
      if (text(body.confirm_password) !== password) {
        const message = wordsOf(c).passwordsDiffer
        return consoleError(c, 422, message, { errors: { confirm_password: message } })
      }
      return setNewPassword(c, current, password, wordsOf(c).passwordSet)
    }
    const user = await withCurrentPassword(c, text(body.current_password))
    if (user instanceof Response) return user
    // The current password was just checked against the stored hash (through the password queue), so
    // a new one equal to it as typed is the password the account has: changing to it would change nothing.
    if (password === text(body.current_password)) {
      const message = FORM_ERRORS[requestLocale(c)].passwordReused
      return consoleError(c, 422, message, { errors: { new_password: message } })
    }
    return setNewPassword(c, user, password, wordsOf(c).passwordChanged)
  })

  /** Stores the checked new password (every other session signed out, the account mailed) and answers `done`. */
  async function setNewPassword(c: Context<{ Variables: ConsoleVariables }>, user: UserRow, password: string, done: string) {
    try {
      await changePassword(ctx, events, user, password, c.get('session').svcSessionId, requestLocale(c))
    } catch (error) {
      if (error instanceof PasswordWorkBusy) return busy(c, error, wordsOf(c))
      throw error
    }
    return c.json({ message: done })
  }

  app.post('/email', async (c) => {
    const body = (await jsonObject(c)) ?? {}
    const say = wordsOf(c)
    const email = plainEmailAddress(text(body.email))
    if (email === undefined) return consoleError(c, 422, say.oneEmailAddress, { errors: { email: say.oneEmailAddress } })
    const current = await userBySub(db, c.get('session').sub)
    if (current?.email === email) return consoleError(c, 422, say.alreadyYourAddress, { errors: { email: say.alreadyYourAddress } })
    // A passkey-only account has no password to type: as for setting its first password, the
    // signed-in session proves the owner, and the link goes to the new address all the same.
    const user = current && hasNoPassword(current.password_hash) ? current : await withCurrentPassword(c, text(body.current_password))
    if (user instanceof Response) return user
    const wait = await mailThrottle.admit({ address: clientAddress(c), email })
    if (wait !== undefined)
      return consoleError(
        c,
        429,
        fill(say.tooManyMails, { email, minutes: Math.ceil(wait / 60) }),
        {},
        {
          'Retry-After': String(wait),
        },
      )
    await requestEmailChange(ctx, user, email, requestLocale(c))
    return c.json({ message: fill(say.emailLinkSent, { email, current: user.email }) })
  })

  app.put('/profile', async (c) => {
    const say = wordsOf(c)
    const user = await userBySub(db, c.get('session').sub)
    if (!user) return consoleError(c, 404, say.accountGone)
    const read = profileFrom((await jsonObject(c)) ?? {}, say)
    if ('errors' in read) return consoleError(c, 422, say.fixFields, { errors: read.errors })
    const changed = (Object.keys(read.profile) as (keyof ProfileFields)[]).some((key) => read.profile[key] !== user[key])
    if (changed) await setProfile(db, user.id, read.profile, now())
    return c.json({ message: changed ? say.profileSaved : say.nothingChanged })
  })
}

/** The profile form's fields, checked (refusals in `say`'s language, each beside its field); an empty optional field clears it. */
function profileFrom(body: Record<string, unknown>, say: AccountWords): { profile: ProfileFields } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const optional = (key: keyof typeof PROFILE_LIMITS, oneLine = false) => {
    const value = text(body[key]).trim()
    if (value.length > PROFILE_LIMITS[key]) errors[key] = fill(say.tooLong, { max: PROFILE_LIMITS[key] })
    else if (oneLine && hasUnsafeNameCharacters(value)) errors[key] = say.oneLine
    return value === '' ? null : value
  }
  const name = text(body.name).trim()
  if (name === '' || name.length > PROFILE_LIMITS.name) errors.name = say.nameRequired
  else if (hasUnsafeNameCharacters(name)) errors.name = say.oneLine
  const profile = {
    name,
    given_name: optional('given_name', true),
    family_name: optional('family_name', true),
    picture: optional('picture'),
  }
  if (
    !errors.picture &&
    profile.picture !== null &&
    !/^https?:$/.test(URL.canParse(profile.picture) ? new URL(profile.picture).protocol : '')
  )
    errors.picture = say.pictureWebAddress
  return Object.keys(errors).length > 0 ? { errors } : { profile }
}
