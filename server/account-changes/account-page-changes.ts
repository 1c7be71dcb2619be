/**
 * @module The changes a signed-in person makes on the account page that
 * reach beyond their own row. A new password (already checked against
 * the policy) signs every other session out, revokes the tokens issued
 * outside the session it was changed in, voids every mailed link, and mails the
 * account. A new address gets a 24-hour single-use link and changes only
 * when it is followed (`/verify-email`); the old address gets a notice;
 * an address another account has gets a mail saying so instead of the
 * link, so the page answers the same.
 */
import type { AccountEvents } from '../accounts/account-events.js'
import { voidEveryLink } from '../accounts/account-tokens.js'
import { hashPassword } from '../accounts/passwords.js'
import type { LifecycleContext } from './signup.js'
import { setPasswordHash, userByEmail } from '../accounts/users.js'
import { plainEmailAddress } from '../../shared/email-address.js'
import { InvalidInput } from '../invalid-input.js'
import type { UserRow } from '../db/schema.js'
import { queueMail } from '../mail/mail-outbox.js'
import {
  confirmNewEmailMail,
  emailChangeNoticeMail,
  newEmailTakenMail,
  passwordChangedMail,
} from '../mail/messages/account-change-mails.js'
import { nameToGreet } from '../mail/messages/render-mail.js'
import { signOutEverywhere } from './sign-out-everywhere.js'
import { mailAccountLink } from './mail-account-link.js'
import type { Locale } from '../i18n/locale.js'
import { mailedLink } from '../i18n/request-locale.js'

/**
 * Sets the account's new password, keeping the svc session `keepSessionId`.
 * Rejects with `PasswordWorkBusy` when hashing is saturated (nothing changed).
 *
 * @example
 * await changePassword(ctx, events, user, 'violet kettle harbour lamp', session.svcSessionId, 'de')
 */
export async function changePassword(
  ctx: LifecycleContext,
  events: AccountEvents,
  user: UserRow,
  password: string,
  keepSessionId: number,
  locale: Locale = 'en',
): Promise<void> {
  const passwordHash = await hashPassword(password)
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now()
    await setPasswordHash(trx, user.id, passwordHash, { emailVerified: false, now })
    await voidEveryLink(trx, user.id, now)
    await signOutEverywhere(trx, events, user, now, { reason: 'password changed', keepSessionId })
    const link = mailedLink(`${ctx.issuer}/forgot-password`, locale)
    await queueMail(trx, passwordChangedMail({ to: user.email, name: nameToGreet(user), link, locale, branding: ctx.branding }), now)
  })
}

/**
 * Mails the link that moves the account to `newEmail` (lower-cased,
 * checked), or, when another account has it, the mail saying so; and the
 * notice to the current address.
 *
 * @example
 * await requestEmailChange(ctx, user, 'ada@new.example')
 */
export async function requestEmailChange(ctx: LifecycleContext, user: UserRow, newEmail: string, locale: Locale = 'en'): Promise<void> {
  if (plainEmailAddress(newEmail) !== newEmail) throw new InvalidInput('email', 'email must be one plain e-mail address, lower-cased')
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now()
    const taken = (await userByEmail(trx, newEmail)) !== undefined
    const continueTo = `/console/account?message=${encodeURIComponent(`Your e-mail address is now ${newEmail}.`)}`
    // A token either way, so the page shows the change pending either way; a taken address never sees it.
    await mailAccountLink(trx, ctx, { userId: user.id, purpose: 'verify_email', continueTo, locale, now, newEmail }, (link) =>
      taken
        ? newEmailTakenMail({ to: newEmail, link: `${ctx.issuer}/console/account`, locale, branding: ctx.branding })
        : confirmNewEmailMail({ to: newEmail, link, locale, branding: ctx.branding }),
    )
    const notice = emailChangeNoticeMail({
      to: user.email,
      name: nameToGreet(user),
      newEmail,
      link: `${ctx.issuer}/console/account`,
      locale,
      branding: ctx.branding,
    })
    await queueMail(trx, notice, now)
  })
}
