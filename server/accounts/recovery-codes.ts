/**
 * @module The recovery codes repository: each account's ten single-use
 * codes that stand in for its authenticator app when the app is lost;
 * the one module that reads and writes the `recovery_codes` table.
 *
 * A code is 8 characters of a 31-character alphabet without look-alikes
 * (`xxxx-xxxx`, about 39 bits), stored as HMAC-SHA256 under a deployment
 * secret rather than with scrypt: guessing one online meets the login
 * throttle, and offline a copy of the table alone is useless without the
 * key (kept encrypted in `settings`), so a slow hash would only slow the
 * owner's sign-in. A used code stays, marked, so its second use can be
 * refused as used rather than as mistyped.
 */
import { createHmac, randomInt } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { deploymentSecret } from '../db/settings.js'

/** How many codes an account gets at a time. */
export const RECOVERY_CODE_COUNT = 10
/** Lower-case letters and digits without 0/o, 1/l/i: read aloud or copied by hand without doubt. */
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz'
/** A recovery code as typed, once normalised: `xxxx-xxxx`. */
const CODE = new RegExp(`^[${ALPHABET}]{4}-[${ALPHABET}]{4}$`)

const keyOf = (db: Kysely<Database>) => deploymentSecret(db, 'recovery-code-key')

/**
 * A code as a person may type it (any case, spaces, with or without the
 * hyphen) in its stored form, or undefined when it cannot be one.
 *
 * @example
 * normaliseRecoveryCode(' AB3D EF7H ') // 'ab3d-ef7h'
 */
export function normaliseRecoveryCode(typed: string): string | undefined {
  const bare = typed.toLowerCase().replace(/[\s-]/g, '')
  if (bare.length !== 8) return undefined
  const code = `${bare.slice(0, 4)}-${bare.slice(4)}`
  return CODE.test(code) ? code : undefined
}

const digest = (key: Buffer, userId: number, code: string) => createHmac('sha256', key).update(`${userId}\0${code}`).digest('base64url')

/**
 * Makes the account's recovery codes afresh (the earlier ones stop working) and returns them, to show once.
 *
 * @example
 * const codes = await newRecoveryCodes(db, user.id, now) // ['k7pm-3xqa', …]
 */
export async function newRecoveryCodes(db: Kysely<Database>, userId: number, now: Date): Promise<string[]> {
  const key = await keyOf(db)
  const codes = new Set<string>()
  while (codes.size < RECOVERY_CODE_COUNT) {
    const chars = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
    codes.add(`${chars.slice(0, 4)}-${chars.slice(4)}`)
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
    await trx
      .insertInto('recovery_codes')
      .values([...codes].map((code) => ({ user_id: userId, code_hash: digest(key, userId, code), created_at: now.toISOString(), used_at: null })))
      .execute()
  })
  return [...codes]
}

/**
 * Spends one recovery code: `spent` the first time, `used` when it was
 * spent before, `unknown` when the account has no such code. One
 * statement marks it, so the same code sent twice at once passes once.
 *
 * @example
 * if ((await spendRecoveryCode(db, user.id, typed, now)) !== 'spent') refuse()
 */
export async function spendRecoveryCode(
  db: Kysely<Database>,
  userId: number,
  typed: string,
  now: Date,
): Promise<'spent' | 'used' | 'unknown'> {
  const code = normaliseRecoveryCode(typed)
  if (!code) return 'unknown'
  const hash = digest(await keyOf(db), userId, code)
  const marked = await db
    .updateTable('recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  if (Number(marked.numUpdatedRows) === 1) return 'spent'
  const known = await db.selectFrom('recovery_codes').select('id').where('user_id', '=', userId).where('code_hash', '=', hash).executeTakeFirst()
  return known ? 'used' : 'unknown'
}

/**
 * How many of the account's recovery codes are still unused.
 *
 * @example
 * await recoveryCodesLeft(db, user.id) // 9
 */
export async function recoveryCodesLeft(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('left'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.left)
}

/**
 * Removes every recovery code of the account (with its authenticator).
 *
 * @example
 * await removeRecoveryCodes(trx, user.id)
 */
export async function removeRecoveryCodes(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
}
