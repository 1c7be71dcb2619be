/**
 * @module The passkeys repository: each account's WebAuthn credentials
 * (several an account), with the name the person gave each, when it was
 * added and last used; the one module that reads and writes the
 * `passkeys` table.
 */
import type { Kysely } from 'kysely'
import type { Database, PasskeyRow } from '../db/schema.js'
import { isUniqueViolation } from '../db/unique-violation.js'
import { InvalidInput } from '../invalid-input.js'

/** The longest name a passkey may be given. */
export const PASSKEY_NAME_MAX = 64

export interface NewPasskey {
  userId: number
  credentialId: string
  publicKey: string
  counter: number
  transports: string[]
  backupEligible: boolean
  backedUp: boolean
  name: string
}

/** A passkey as the account page shows it. */
export interface PasskeySummary {
  id: number
  name: string
  created_at: string
  last_used_at: string | null
  /** Whether it may be synced to the person's other devices. */
  synced: boolean
}

/**
 * The name a person typed for a passkey, trimmed; refused when empty, too
 * long, or holding control characters.
 *
 * @example
 * passkeyName('  Work laptop ') // 'Work laptop'
 */
export function passkeyName(typed: unknown): string {
  const name = typeof typed === 'string' ? typed.trim() : ''
  if (name.length === 0 || name.length > PASSKEY_NAME_MAX || /\p{Cc}/u.test(name))
    throw new InvalidInput('name', `name must be 1 to ${PASSKEY_NAME_MAX} characters, without control characters`)
  return name
}

/**
 * Stores a new passkey; a credential id already stored (for any account) is refused.
 *
 * @example
 * await addPasskey(db, { userId, credentialId, publicKey, counter: 0, transports: ['internal'], backupEligible: true, backedUp: true, name: 'Phone' }, now)
 */
export async function addPasskey(db: Kysely<Database>, passkey: NewPasskey, now: Date): Promise<PasskeyRow> {
  try {
    return await db
      .insertInto('passkeys')
      .values({
        user_id: passkey.userId,
        credential_id: passkey.credentialId,
        public_key: passkey.publicKey,
        counter: passkey.counter,
        transports: JSON.stringify(passkey.transports),
        backup_eligible: passkey.backupEligible ? 1 : 0,
        backed_up: passkey.backedUp ? 1 : 0,
        name: passkey.name,
        created_at: now.toISOString(),
        last_used_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
  } catch (error) {
    if (isUniqueViolation(error)) throw new InvalidInput('credential', 'this passkey is already registered')
    throw error
  }
}

/**
 * The passkey a credential id names, if it is stored (a removed one is not).
 *
 * @example
 * const passkey = await passkeyByCredentialId(db, response.id)
 */
export async function passkeyByCredentialId(db: Kysely<Database>, credentialId: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst()
}

/**
 * An account's passkeys, oldest first.
 *
 * @example
 * const keys = await passkeysOf(db, user.id)
 */
export async function passkeysOf(db: Kysely<Database>, userId: number): Promise<PasskeyRow[]> {
  return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('id').execute()
}

/**
 * How many passkeys an account holds.
 *
 * @example
 * if ((await passkeyCount(db, user.id)) === 0) throw new InvalidInput('password', '…')
 */
export async function passkeyCount(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db.selectFrom('passkeys').select((eb) => eb.fn.countAll<number>().as('count')).where('user_id', '=', userId).executeTakeFirst()
  return Number(row?.count ?? 0)
}

/**
 * Of the accounts `userIds`, the ones that hold a passkey.
 *
 * @example
 * const holders = await passkeyHolders(db, [ada.id, bob.id]) // Set { ada.id }
 */
export async function passkeyHolders(db: Kysely<Database>, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set()
  const rows = await db.selectFrom('passkeys').select('user_id').distinct().where('user_id', 'in', userIds).execute()
  return new Set(rows.map((row) => row.user_id))
}

/**
 * What the account page shows of a passkey: never its key or credential id.
 *
 * @example
 * (await passkeysOf(db, user.id)).map(passkeySummary)
 */
export function passkeySummary(row: PasskeyRow): PasskeySummary {
  return { id: row.id, name: row.name, created_at: row.created_at, last_used_at: row.last_used_at, synced: row.backup_eligible === 1 }
}

/**
 * Records a sign-in with the passkey: its new counter, backup state and
 * the time. The counter only moves forward in the same statement, so two
 * sign-ins racing with one assertion cannot both pass: the second updates
 * nothing and is refused.
 *
 * @example
 * if (!(await recordPasskeyUse(db, passkey, { counter: 8, backedUp: true }, now))) refuse()
 */
export async function recordPasskeyUse(
  db: Kysely<Database>,
  passkey: Pick<PasskeyRow, 'id' | 'counter'>,
  use: { counter: number; backedUp: boolean },
  now: Date,
): Promise<boolean> {
  let query = db
    .updateTable('passkeys')
    .set({ counter: use.counter, backed_up: use.backedUp ? 1 : 0, last_used_at: now.toISOString() })
    .where('id', '=', passkey.id)
    .where('counter', '=', passkey.counter)
  // Authenticators that count must count up; those that do not (synced passkeys) stay at 0.
  if (use.counter !== 0 || passkey.counter !== 0) query = query.where('counter', '<', use.counter)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Removes one of the account's passkeys; false when it has none by that id.
 *
 * @example
 * await removePasskey(db, user.id, 3)
 */
export async function removePasskey(db: Kysely<Database>, userId: number, passkeyId: number): Promise<boolean> {
  const result = await db.deleteFrom('passkeys').where('user_id', '=', userId).where('id', '=', passkeyId).executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}
