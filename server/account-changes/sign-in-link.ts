/**
 * @module One-time sign-in links: the way in for an owner the login
 * throttle holds back. Strangers guessing from many addresses can make a
 * new browser wait minutes; whoever holds the mailbox is never kept out.
 * Asking mails a single-use link (15 minutes) to an account whose address
 * is confirmed, and does nothing, visibly the same, for any other address;
 * following it signs the account in and continues the authorization
 * request it was asked from; using one voids the account's others.
 */
import { signInLinkMail } from '../mail/messages/sign-in-link-mail.js'
import { nameToGreet } from '../mail/messages/render-mail.js'
import type { UserRow } from '../db/schema.js'
import { usableAccountToken, useAccountToken, voidAccountTokens } from '../accounts/account-tokens.js'
import type { LifecycleContext } from './signup.js'
import { isDisabled, userById } from '../accounts/users.js'
import type { Locale } from '../i18n/locale.js'
import { mailLinkToAddress } from './mail-account-link.js'

/**
 * Mails a sign-in link when the address is an account's confirmed address; says nothing either way.
 *
 * @example
 * await requestSignInLink(ctx, 'ada@example.com', '/oidc/authorize?…', 'en')
 */
export async function requestSignInLink(
  ctx: LifecycleContext,
  email: string,
  continueTo: string | null,
  locale: Locale = 'en',
): Promise<void> {
  await mailLinkToAddress(
    ctx,
    email,
    { purpose: 'sign_in_link', continueTo, locale },
    // An unconfirmed address may be a stranger's typing: the mailbox must have proved itself first.
    (user) => user.email_verified === 1 && !isDisabled(user),
    (user, link) => signInLinkMail({ to: user.email, name: nameToGreet(user), link, locale, branding: ctx.branding }),
  )
}

/**
 * The account a sign-in link opens while it is usable; nothing changes (mail scanners open links).
 *
 * @example
 * const target = await signInLinkTarget(ctx, token)
 */
export async function signInLinkTarget(ctx: LifecycleContext, token: string): Promise<UserRow | undefined> {
  const usable = await usableAccountToken(ctx.db, token, 'sign_in_link', ctx.now())
  return (usable && (await userById(ctx.db, usable.userId))) || undefined
}

/**
 * Uses up the link (and the account's other unused ones); returns the
 * account and where to continue, or `undefined` when it was used or expired.
 *
 * @example
 * const signedIn = await useSignInLink(ctx, token)
 */
export async function useSignInLink(
  ctx: LifecycleContext,
  token: string,
): Promise<{ user: UserRow; continueTo: string | null } | undefined> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now()
    const used = await useAccountToken(trx, token, 'sign_in_link', now)
    const user = used && (await userById(trx, used.userId))
    if (!used || !user) return undefined
    await voidAccountTokens(trx, user.id, 'sign_in_link', now)
    return { user, continueTo: used.continueTo }
  })
}
