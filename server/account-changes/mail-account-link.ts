/**
 * @module Mailing an account a single-use link: the token for one purpose
 * (`accounts/account-tokens.ts`), the address of the page that takes it,
 * in the mail's language, and the mail queued in the caller's transaction,
 * so a link is never mailed for a change that rolled back, nor a change
 * kept without its mail. Sign-up, its confirmation sent again, a change of
 * address, a password reset, a sign-in link and an invitation all mail
 * one this way. Asked for by address, a link goes only to an account the
 * rule of its kind allows, and the answer is the same either way (no
 * account enumeration).
 */
import type { Kysely } from 'kysely'
import { type AccountTokenPurpose, issueAccountToken } from '../accounts/account-tokens.js'
import type { Database } from '../db/schema.js'
import type { Locale } from '../i18n/locale.js'
import { mailedLink } from '../i18n/request-locale.js'
import { queueMail, type OutgoingMail } from '../mail/mail-outbox.js'
import type { UserRow } from '../db/schema.js'
import { userByEmail } from '../accounts/users.js'

/** The page each kind of link opens, under the issuer. */
export const LINK_PAGES: Record<AccountTokenPurpose, string> = {
  verify_email: '/verify-email',
  reset_password: '/reset-password',
  invitation: '/accept-invitation',
  sign_in_link: '/sign-in-link',
}

export interface AccountLink {
  userId: number
  purpose: AccountTokenPurpose
  /** The local path the link's page continues at, or null. */
  continueTo: string | null
  /** The language of the mail and of the page the link opens. */
  locale: Locale
  now: Date
  /** For a change of address: the address the account moves to when the link is followed. */
  newEmail?: string | null
}

/**
 * Issues the link's token and queues the mail `write` makes with the link; run it in the change's transaction.
 *
 * @example
 * await mailAccountLink(trx, ctx, { userId: user.id, purpose: 'reset_password', continueTo: null, locale, now }, (link) =>
 *   resetPasswordMail({ to: user.email, name: nameToGreet(user), link, locale, branding: ctx.branding }),
 * )
 */
export async function mailAccountLink(
  trx: Kysely<Database>,
  ctx: { issuer: string },
  { userId, purpose, continueTo, locale, now, newEmail = null }: AccountLink,
  write: (link: string) => OutgoingMail,
): Promise<void> {
  const token = await issueAccountToken(trx, { userId, purpose, continueTo, now, newEmail })
  await queueMail(trx, write(mailedLink(`${ctx.issuer}${LINK_PAGES[purpose]}?token=${token}`, locale)), now)
}

/**
 * Mails a link to the account at `email` (trimmed, lower-cased) when there
 * is one and `mailsTo(user)` holds; does nothing, visibly the same, otherwise.
 *
 * @example
 * await mailLinkToAddress(ctx, 'ada@example.com', { purpose: 'sign_in_link', continueTo, locale }, (user) => user.email_verified === 1, (user, link) =>
 *   signInLinkMail({ to: user.email, name: nameToGreet(user), link, locale, branding: ctx.branding }),
 * )
 */
export async function mailLinkToAddress(
  ctx: { db: Kysely<Database>; issuer: string; now: () => Date },
  email: string,
  link: Omit<AccountLink, 'userId' | 'now' | 'newEmail'>,
  mailsTo: (user: UserRow) => boolean,
  write: (user: UserRow, link: string) => OutgoingMail,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const user = await userByEmail(trx, email.trim().toLowerCase())
    if (!user || !mailsTo(user)) return
    await mailAccountLink(trx, ctx, { ...link, userId: user.id, now: ctx.now() }, (url) => write(user, url))
  })
}
