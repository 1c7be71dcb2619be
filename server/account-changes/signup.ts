/**
 * @module Sign-up without account enumeration. A valid form always costs
 * one password hash and ends with one mail: to a new address, an account
 * (e-mail not yet verified) and a link that confirms the address and signs
 * the visitor in; to a taken address, no second account but a mail saying
 * "you already have an account" with a password-reset link. Either way
 * the caller learns only "check your e-mail", in about the same time.
 * Each mail is queued in the transaction that makes what it announces.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { InvalidInput } from '../invalid-input.js'
import { accountExistsMail } from '../mail/messages/account-exists-mail.js'
import { verifyEmailMail } from '../mail/messages/verify-email-mail.js'
import { mailAccountLink, mailLinkToAddress } from './mail-account-link.js'
import { hashPassword, UNUSABLE_PASSWORD_HASH } from '../accounts/passwords.js'
import { addPasskey, type NewPasskey } from '../accounts/passkeys.js'
import { passwordProblem } from '../accounts/password-policy.js'
import { createUser, userByEmail } from '../accounts/users.js'
import { isPlainEmailAddress } from '../../shared/email-address.js'
import { hasUnsafeNameCharacters, NAME_MAX_LENGTH } from '../accounts/person-name.js'
import type { Locale } from '../i18n/locale.js'
import { mailedLink } from '../i18n/request-locale.js'
import type { Branding } from '../branding.js'
import { FORM_ERRORS } from '../i18n/form-errors.js'

export interface SignUpForm {
  name: string
  email: string
  password: string
}

/** The fields of the form, each with the sentence to show beside it. */
export type SignUpErrors = Partial<Record<keyof SignUpForm, string>>

export interface LifecycleContext {
  db: Kysely<Database>
  /** The issuer URL, without a trailing slash: links in mails start with it. */
  issuer: string
  now: () => Date
  /** The product name, logo and colour the mails show. */
  branding: Branding
}

/**
 * What is wrong with the form, field by field (empty when nothing is).
 *
 * @example
 * signUpErrors({ name: '', email: 'ada@', password: 'short' }) // { name: 'Enter your name.', … }
 */
export function signUpErrors({ name, email, password }: SignUpForm, locale: Locale = 'en'): SignUpErrors {
  const say = FORM_ERRORS[locale]
  const errors: SignUpErrors = {}
  const trimmed = name.trim()
  if (trimmed === '') errors.name = say.enterName
  else if (trimmed.length > NAME_MAX_LENGTH || hasUnsafeNameCharacters(trimmed)) errors.name = say.nameTooLong
  const address = email.trim()
  if (address === '') errors.email = say.enterEmail
  else if (!isPlainEmailAddress(address)) errors.email = say.emailShape
  const problem = passwordProblem(password, address, locale)
  if (problem) errors.password = problem
  return errors
}

/**
 * Signs up a checked form (see {@link signUpErrors}): makes the account
 * and queues its verification mail, or, for a taken address, queues the
 * "you already have an account" mail. `continueTo` is the local path the
 * mailed link continues at; the mail is written in `locale`. With a
 * `passkey` (already verified) the account gets it and no password; for a
 * taken address it is dropped, and the owner gets the same mail as ever.
 * Rejects with `PasswordWorkBusy` when hashing is saturated (nothing stored).
 *
 * @example
 * await signUp(ctx, { name: 'Ada Lovelace', email: 'ada@example.com', password: 'violet kettle harbour lamp' }, null)
 */
export async function signUp(
  ctx: LifecycleContext,
  form: SignUpForm,
  continueTo: string | null,
  locale: Locale = 'en',
  passkey?: Omit<NewPasskey, 'userId'>,
): Promise<void> {
  const email = form.email.trim().toLowerCase()
  // Hashed whether or not the address is taken, so both take as long; with a passkey instead, no password at all.
  const passwordHash = passkey ? UNUSABLE_PASSWORD_HASH : await hashPassword(form.password)
  if (!(await userByEmail(ctx.db, email))) {
    try {
      await ctx.db.transaction().execute(async (trx) => {
        const now = ctx.now()
        const user = await createUser(trx, { name: form.name, email, password: '', passwordHash, emailVerified: false }, now)
        if (passkey) await addPasskey(trx, { ...passkey, userId: user.id }, now)
        await mailAccountLink(trx, ctx, { userId: user.id, purpose: 'verify_email', continueTo, locale, now }, (link) =>
          verifyEmailMail({ to: email, link, locale, branding: ctx.branding }),
        )
      })
      return
    } catch (error) {
      // Someone registered the address since the look above: it is taken after all.
      if (!(error instanceof InvalidInput && error.field === 'email')) throw error
    }
  }
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now()
    const owner = await userByEmail(trx, email)
    if (!owner) return
    await mailAccountLink(trx, ctx, { userId: owner.id, purpose: 'reset_password', continueTo, locale, now }, (resetLink) =>
      accountExistsMail({ to: email, resetLink, signInLink: mailedLink(`${ctx.issuer}/login`, locale), locale, branding: ctx.branding }),
    )
  })
}

/**
 * Mails the sign-up confirmation link again to an account that waits for
 * it (its address not yet confirmed); does nothing, visibly the same, for
 * any other address. The earlier links keep working until they expire.
 *
 * @example
 * await resendSignUpConfirmation(ctx, 'ada@example.com', null, 'en')
 */
export async function resendSignUpConfirmation(
  ctx: LifecycleContext,
  email: string,
  continueTo: string | null,
  locale: Locale = 'en',
): Promise<void> {
  await mailLinkToAddress(
    ctx,
    email,
    { purpose: 'verify_email', continueTo, locale },
    (user) => user.email_verified !== 1,
    (user, link) => verifyEmailMail({ to: user.email, link, locale, branding: ctx.branding }),
  )
}
