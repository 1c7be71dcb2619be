/**
 * @module Password reset by mail: asking mails a single-use link (30
 * minutes) to an existing account and does nothing, visibly the same, for
 * an unknown address; setting the new password through the link also
 * confirms the address, voids every other link mailed to the account
 * (reset, invitation, confirmation, sign-in), ends every session of the
 * account, spends its codes and revokes every token its clients hold, each
 * client told with `tokens.revoked` in the same transaction; an account
 * whose address was not yet confirmed also loses its external links and
 * the name it was signed up with (whoever typed them need not own the
 * mailbox).
 */
import type { AccountEvents } from '../accounts/account-events.js'
import { resetPasswordMail } from '../mail/messages/reset-password-mail.js'
import { nameToGreet } from '../mail/messages/render-mail.js'
import { signOutEverywhere } from './sign-out-everywhere.js'
import type { UserRow } from '../db/schema.js'
import { type AccountTokenPurpose, usableAccountToken, useAccountToken, voidEveryLink } from '../accounts/account-tokens.js'
import { unlinkEveryProvider } from '../accounts/account-links.js'
import { hashPassword, verifyPassword } from '../accounts/passwords.js'
import type { LifecycleContext } from './signup.js'
import { isDisabled, type ProfileFields, setPasswordHash, setProfile, userById } from '../accounts/users.js'
import type { Locale } from '../i18n/locale.js'
import { mailLinkToAddress } from './mail-account-link.js'

/**
 * Mails a reset link when the address has an account; says nothing either way.
 *
 * @example
 * await requestPasswordReset(ctx, 'ada@example.com', null)
 */
export async function requestPasswordReset(
  ctx: LifecycleContext,
  email: string,
  continueTo: string | null,
  locale: Locale = 'en',
): Promise<void> {
  await mailLinkToAddress(
    ctx,
    email,
    { purpose: 'reset_password', continueTo, locale },
    // A disabled account is not mailed a way back in; the answer stays the same.
    (user) => !isDisabled(user),
    (user, link) => resetPasswordMail({ to: user.email, name: nameToGreet(user), link, locale, branding: ctx.branding }),
  )
}

/** The links that set a password: a reset, or an invitation's first password. */
export type PasswordLinkPurpose = Extract<AccountTokenPurpose, 'reset_password' | 'invitation'>

/**
 * The account a reset (or invitation) link opens while it is usable, with where to continue afterwards.
 *
 * @example
 * const target = await resetTarget(ctx, token)
 */
export async function resetTarget(
  ctx: LifecycleContext,
  token: string,
  purpose: PasswordLinkPurpose = 'reset_password',
): Promise<{ user: UserRow; continueTo: string | null } | undefined> {
  const usable = await usableAccountToken(ctx.db, token, purpose, ctx.now())
  const user = usable && (await userById(ctx.db, usable.userId))
  return user ? { user, continueTo: usable.continueTo } : undefined
}

/**
 * True when `password` is the one the account has now: a reset to it would
 * change nothing while saying it did. Checked against the stored hash
 * through the password queue (rejects with `PasswordWorkBusy` when it is
 * full), as any password is; svc keeps no other form of it to compare.
 *
 * @example
 * if (await isCurrentPassword(target.user, typed)) refuse(FORM_ERRORS[locale].passwordReused)
 */
export async function isCurrentPassword(user: UserRow, password: string): Promise<boolean> {
  return verifyPassword(password, user.password_hash)
}

/**
 * Sets the new password (already checked against the policy) through the
 * link's token (a reset's, or an invitation's for the first password); returns the account, or `undefined` when the link was used
 * or expired meanwhile. Rejects with `PasswordWorkBusy` when hashing is
 * saturated (nothing changed, the link still works).
 *
 * @example
 * const user = await setNewPassword(ctx, events, token, 'violet kettle harbour lamp')
 */
export async function setNewPassword(
  ctx: LifecycleContext,
  events: AccountEvents,
  token: string,
  password: string,
  purpose: PasswordLinkPurpose = 'reset_password',
): Promise<{ user: UserRow; continueTo: string | null } | undefined> {
  if (!(await usableAccountToken(ctx.db, token, purpose, ctx.now()))) return undefined
  const passwordHash = await hashPassword(password)
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now()
    const used = await useAccountToken(trx, token, purpose, now)
    const user = used && (await userById(trx, used.userId))
    if (!used || !user) return undefined
    await setPasswordHash(trx, user.id, passwordHash, { emailVerified: true, now })
    await voidEveryLink(trx, user.id, now)
    await signOutEverywhere(trx, events, user, now, { reason: 'password reset' })
    // The link proved the mailbox: what was linked before it was proven may be a stranger's.
    if (user.email_verified !== 1) await unlinkEveryProvider(trx, events, user)
    // So may the name typed at sign-up (an invitation's name is the inviter's, and stays).
    const profile = user.email_verified !== 1 && purpose === 'reset_password' ? unprovenProfileCleared(user) : undefined
    if (profile) await setProfile(trx, user.id, profile, now)
    return { user: { ...user, ...profile, email_verified: 1 }, continueTo: used.continueTo }
  })
}

/** The profile of an account taken over from whoever signed it up: the address's name for a name, nothing else. */
function unprovenProfileCleared(user: UserRow): ProfileFields {
  return { name: user.email.split('@')[0] || user.email, given_name: null, family_name: null, picture: null }
}
