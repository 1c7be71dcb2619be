/**
 * @module The authenticators repository: each account's authenticator app
 * (TOTP secret), waiting for its first code or confirmed, and the time
 * step of the last code it accepted; the one module that reads and
 * writes the `authenticators` table. The secret is sealed for its account
 * (`seal.ts`, a purpose of its own) because svc must read it back to check
 * codes: a copy of the database alone makes no codes, and a sealed secret
 * moved to another account's row does not open there.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { SealError, sealFor } from '../http/seal.js'

/** An account's authenticator, its secret opened (base32). */
export interface Authenticator {
  userId: number
  /** base32, as the app was given it. */
  secret: string
  confirmed: boolean
}

const secrets = (db: Kysely<Database>) => sealFor<{ user: number; secret: string }>(db, 'authenticator-secret')

/**
 * Stores a new secret waiting for its first code, in place of an earlier
 * one that never got it. Refused (false) while a confirmed one exists:
 * removing it asks for a code first.
 *
 * @example
 * if (!(await startAuthenticator(db, user.id, secret, now))) refuse('remove the current one first')
 */
export async function startAuthenticator(db: Kysely<Database>, userId: number, secret: string, now: Date): Promise<boolean> {
  const sealed = await secrets(db).seal({ user: userId, secret })
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('authenticators').select('confirmed_at').where('user_id', '=', userId).executeTakeFirst()
    if (current?.confirmed_at) return false
    await trx.deleteFrom('authenticators').where('user_id', '=', userId).execute()
    await trx
      .insertInto('authenticators')
      .values({ user_id: userId, secret: sealed, confirmed_at: null, last_used_step: null, created_at: now.toISOString() })
      .execute()
    return true
  })
}

/**
 * The account's authenticator, confirmed or waiting; undefined when it has
 * none (or its sealed secret does not open, which only tampering makes).
 *
 * @example
 * const authenticator = await authenticatorOf(db, user.id)
 */
export async function authenticatorOf(db: Kysely<Database>, userId: number): Promise<Authenticator | undefined> {
  const row = await db.selectFrom('authenticators').selectAll().where('user_id', '=', userId).executeTakeFirst()
  if (!row) return undefined
  try {
    const opened = await secrets(db).open(row.secret)
    if (opened.user !== userId) return undefined
    return { userId, secret: opened.secret, confirmed: row.confirmed_at !== null }
  } catch (error) {
    if (error instanceof SealError) return undefined
    throw error
  }
}

/**
 * Whether the account signs in with a second factor (a confirmed authenticator).
 *
 * @example
 * if (await hasAuthenticator(db, user.id)) askForCode()
 */
export async function hasAuthenticator(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('authenticators')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Of `userIds`, the accounts with a confirmed authenticator (for People, which shows who has a second factor).
 *
 * @example
 * const holders = await authenticatorHolders(db, [ada.id, bob.id]) // Set { ada.id }
 */
export async function authenticatorHolders(db: Kysely<Database>, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('authenticators')
    .select('user_id')
    .where('user_id', 'in', userIds)
    .where('confirmed_at', 'is not', null)
    .execute()
  return new Set(rows.map((row) => row.user_id))
}

/**
 * Spends a time step for the account's authenticator: true when no code
 * of this step or a later one was accepted before. One statement, so two
 * requests with the same code cannot both pass. `confirm` also activates
 * a set-up waiting for its first code.
 *
 * @example
 * if (!(await spendTimeStep(db, user.id, step, now))) refuse('code already used')
 */
export async function spendTimeStep(
  db: Kysely<Database>,
  userId: number,
  step: number,
  now: Date,
  { confirm = false }: { confirm?: boolean } = {},
): Promise<boolean> {
  const result = await db
    .updateTable('authenticators')
    .set(confirm ? { last_used_step: step, confirmed_at: now.toISOString() } : { last_used_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .where('confirmed_at', confirm ? 'is' : 'is not', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Removes the account's authenticator.
 *
 * @example
 * await removeAuthenticator(trx, user.id)
 */
export async function removeAuthenticator(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('authenticators').where('user_id', '=', userId).execute()
}
