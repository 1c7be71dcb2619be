/**
 * @module Confirming an e-mail address through the mailed link: the
 * token is used up and the account's `email_verified` becomes true, in
 * one transaction. A link mailed for a change of address (the account
 * page) makes its new address the account's, unless another account took
 * it meanwhile; following one voids the account's other such links. The
 * first confirmation of a sign-up hands the caller the account in the
 * transaction, to end what it held before its mailbox was proven.
 */
import type { Kysely } from 'kysely'
import type { Database, UserRow } from '../db/schema.js'
import { isUniqueViolation } from '../db/unique-violation.js'
import { usableAccountToken, useAccountToken, voidAccountTokens } from '../accounts/account-tokens.js'
import type { LifecycleContext } from './signup.js'
import { changeEmail, markEmailVerified, userById } from '../accounts/users.js'

/** The account a confirmation link would confirm an address for, the address, and whether it is a change of address. */
export interface VerificationTarget {
  user: UserRow
  email: string
  change: boolean
}

/**
 * The account whose address the link would confirm, the address, and whether it is a change, while it can (nothing changes).
 *
 * @example
 * const target = await verificationTarget(ctx, token)
 */
export async function verificationTarget(ctx: LifecycleContext, token: string): Promise<VerificationTarget | undefined> {
  const usable = await usableAccountToken(ctx.db, token, 'verify_email', ctx.now())
  const user = usable && (await userById(ctx.db, usable.userId))
  // The page names the address being confirmed: for a change, the new one.
  return user && { user, email: usable.newEmail ?? user.email, change: usable.newEmail !== null }
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
  firstConfirmation: FirstConfirmation = async () => {},
): Promise<{ user: UserRow; continueTo: string | null } | undefined> {
  try {
    return await confirmInTransaction(ctx, token, firstConfirmation)
  } catch (error) {
    // Two accounts confirming the same new address at once: the second meets the unique constraint.
    if (isUniqueViolation(error)) return undefined
    throw error
  }
}

/** Runs in the transaction that confirms an account's address for the first time. */
export type FirstConfirmation = (trx: Kysely<Database>, user: UserRow, now: Date) => Promise<void>

function confirmInTransaction(
  ctx: LifecycleContext,
  token: string,
  firstConfirmation: FirstConfirmation,
): Promise<{ user: UserRow; continueTo: string | null } | undefined> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now()
    const used = await useAccountToken(trx, token, 'verify_email', now)
    const user = used && (await userById(trx, used.userId))
    if (!used || !user) return undefined
    if (used.newEmail === null) {
      if (user.email_verified !== 1) await firstConfirmation(trx, user, now)
      await markEmailVerified(trx, user.id, now)
    } else {
      // Another account took the address since the link was mailed.
      if (!(await changeEmail(trx, user.id, used.newEmail, now))) return undefined
      await voidAccountTokens(trx, user.id, 'verify_email', now)
    }
    return { user: { ...user, email: used.newEmail ?? user.email, email_verified: 1 }, continueTo: used.continueTo }
  })
}
