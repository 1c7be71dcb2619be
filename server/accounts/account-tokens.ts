/**
 * @module The account tokens repository, the one module that reads and
 * writes `account_tokens`: the secrets of mailed links (verify an e-mail
 * address, reset a password, accept an invitation, sign in once while the
 * login throttle holds the owner back). A token is 32 random bytes shown once, in
 * the link, and stored as SHA-256; it works once, before it expires, and
 * only for the purpose it was made for. A used token's row stays (until
 * the sweep) so its link can say "already used"; a voided one (withdrawn,
 * or replaced by a newer link) is deleted, so its link reads as one that
 * was never ours rather than claiming it was used.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'

export type AccountTokenPurpose = 'verify_email' | 'reset_password' | 'invitation' | 'sign_in_link'

/** How long each kind of link works (the handbook: verification 24 hours, reset 30 minutes, invitation 7 days; a sign-in link 15 minutes). */
export const TOKEN_LIFETIME_SECONDS: Record<AccountTokenPurpose, number> = {
  verify_email: 24 * 3600,
  reset_password: 30 * 60,
  invitation: 7 * 24 * 3600,
  sign_in_link: 15 * 60,
}

export interface UsableToken {
  id: number
  userId: number
  continueTo: string | null
  /** The address the account changes to when the link is followed, or null (a sign-up's confirmation). */
  newEmail: string | null
}

const digest = (value: string) => createHash('sha256').update(value).digest('hex')
/** What a token looks like: 43 base64url characters. Anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

/**
 * Makes a token for the user and returns its value, to go in a link; call it in the transaction that queues the mail.
 *
 * @example
 * const token = await issueAccountToken(trx, { userId: user.id, purpose: 'verify_email', continueTo: null, now })
 */
export async function issueAccountToken(
  db: Kysely<Database>,
  {
    userId,
    purpose,
    continueTo,
    now,
    newEmail = null,
  }: { userId: number; purpose: AccountTokenPurpose; continueTo: string | null; now: Date; newEmail?: string | null },
): Promise<string> {
  const value = randomBytes(32).toString('base64url')
  // Each new token clears the long-dead ones, so the table holds only what a recent link could name.
  await sweepAccountTokens(db, now)
  await db
    .insertInto('account_tokens')
    .values({
      token_hash: digest(value),
      purpose,
      user_id: userId,
      continue_to: continueTo,
      new_email: newEmail,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + TOKEN_LIFETIME_SECONDS[purpose] * 1000).toISOString(),
      used_at: null,
    })
    .execute()
  return value
}

/**
 * The token a link carries, while it can still be used (right purpose, not used, not expired); nothing is changed.
 *
 * @example
 * const token = await usableAccountToken(db, form.get('token') ?? '', 'reset_password', new Date())
 */
export async function usableAccountToken(
  db: Kysely<Database>,
  value: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<UsableToken | undefined> {
  if (!TOKEN_SHAPE.test(value)) return undefined
  const row = await db
    .selectFrom('account_tokens')
    .select(['id', 'user_id', 'continue_to', 'new_email', 'expires_at', 'used_at', 'purpose'])
    .where('token_hash', '=', digest(value))
    .executeTakeFirst()
  if (!row || row.purpose !== purpose || row.used_at !== null || Date.parse(row.expires_at) <= now.getTime()) return undefined
  return { id: row.id, userId: row.user_id, continueTo: row.continue_to, newEmail: row.new_email }
}

/** What became of a link: still usable, used, past its time, or not ours (never made, withdrawn, replaced, or the wrong kind). */
export type AccountTokenState = 'usable' | 'used' | 'expired' | 'unknown'

/**
 * What became of the token a link carries, so the page it opens can say
 * the right thing; nothing is changed. A used link says so even once its
 * time is past: that is the more useful of the two truths.
 *
 * @example
 * if ((await accountTokenState(db, token, 'invitation', new Date())) === 'used') showAlreadyAccepted()
 */
export async function accountTokenState(
  db: Kysely<Database>,
  value: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<AccountTokenState> {
  if (!TOKEN_SHAPE.test(value)) return 'unknown'
  const row = await db
    .selectFrom('account_tokens')
    .select(['expires_at', 'used_at', 'purpose'])
    .where('token_hash', '=', digest(value))
    .executeTakeFirst()
  if (!row || row.purpose !== purpose) return 'unknown'
  if (row.used_at !== null) return 'used'
  return Date.parse(row.expires_at) <= now.getTime() ? 'expired' : 'usable'
}

/**
 * The address the account is waiting to move to (a change link still usable), or null.
 *
 * @example
 * const pending = await pendingEmail(db, user.id, new Date())
 */
export async function pendingEmail(db: Kysely<Database>, userId: number, now: Date): Promise<string | null> {
  const row = await db
    .selectFrom('account_tokens')
    .select('new_email')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'verify_email')
    .where('new_email', 'is not', null)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('id', 'desc')
    .executeTakeFirst()
  return row?.new_email ?? null
}

/**
 * Uses up a token and returns it, or `undefined` when it is not usable;
 * of two requests racing with the same link, one wins. Run it in the
 * transaction of the change the link makes.
 *
 * @example
 * const token = await useAccountToken(trx, value, 'verify_email', now)
 */
export async function useAccountToken(
  db: Kysely<Database>,
  value: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<UsableToken | undefined> {
  const token = await usableAccountToken(db, value, purpose, now)
  if (!token) return undefined
  const result = await db
    .updateTable('account_tokens')
    .set({ used_at: now.toISOString() })
    .where('id', '=', token.id)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1 ? token : undefined
}

/**
 * Ends the user's other unused tokens of a purpose (a new invitation voids
 * the older one). They are deleted, not marked used: nobody used them, and
 * their links must not say so.
 *
 * @example
 * await voidAccountTokens(trx, user.id, 'invitation', now)
 */
export async function voidAccountTokens(db: Kysely<Database>, userId: number, purpose: AccountTokenPurpose, _now: Date): Promise<void> {
  await db.deleteFrom('account_tokens').where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute()
}

/**
 * Ends every unused link of the account, whatever it was for: after a new
 * password, no link mailed before it may sign anyone in, set a password
 * or move the account (a sign-up confirmation signs in; an invitation
 * sets a password). Deleted, as `voidAccountTokens` does, so that no
 * withdrawn link claims to have been used.
 *
 * @example
 * await voidEveryLink(trx, user.id, now)
 */
export async function voidEveryLink(db: Kysely<Database>, userId: number, _now: Date): Promise<void> {
  await db.deleteFrom('account_tokens').where('user_id', '=', userId).where('used_at', 'is', null).execute()
}

/**
 * Forgets tokens that expired more than a day ago, so the table holds only what a link could still name.
 *
 * @example
 * await sweepAccountTokens(db, new Date())
 */
export async function sweepAccountTokens(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .deleteFrom('account_tokens')
    .where('expires_at', '<', new Date(now.getTime() - 24 * 3600 * 1000).toISOString())
    .execute()
}
