/**
 * @module Confirming an e-mail address through the mailed link: the
 * token is used up and the account's `email_verified` becomes true, in
 * one transaction.
 */
import type { UserRow } from '../db/schema.js'
import { usableAccountToken, useAccountToken } from './account-tokens.js'
import type { LifecycleContext } from './signup.js'
import { markEmailVerified, userById } from './users.js'

/**
 * The account whose address the link would confirm, while it can (nothing changes).
 *
 * @example
 * const user = await verificationTarget(ctx, token)
 */
export async function verificationTarget(ctx: LifecycleContext, token: string): Promise<UserRow | undefined> {
  const usable = await usableAccountToken(ctx.db, token, 'verify_email', ctx.now())
  return usable && userById(ctx.db, usable.userId)
}

/**
 * Confirms the address the link was mailed to; returns the account and
 * where to continue, or `undefined` when the link was used or expired.
 *
 * @example
 * const confirmed = await confirmEmail(ctx, token)
 */
export async function confirmEmail(
  ctx: LifecycleContext,
  token: string,
): Promise<{ user: UserRow; continueTo: string | null } | undefined> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now()
    const used = await useAccountToken(trx, token, 'verify_email', now)
    const user = used && (await userById(trx, used.userId))
    if (!used || !user) return undefined
    await markEmailVerified(trx, user.id, now)
    return { user: { ...user, email_verified: 1 }, continueTo: used.continueTo }
  })
}
