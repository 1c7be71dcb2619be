/**
 * @module Deployment settings kept in the database, made on first use and
 * then shared by every replica (secrets such as form-signing keys, the
 * console's registration); the one module that reads and writes the
 * `settings` table. Settings that hold secrets are stored encrypted
 * (db/secret-box.ts), their name as the additional data.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from './schema.js'
import { envelopeKeyId, secretBoxOf, SecretUnreadable, type SecretPlace } from './secret-box.js'

/**
 * The named random secret, creating it on first use; two callers racing
 * both end up with the one that was stored first. Stored encrypted.
 *
 * @example
 * const root = await deploymentSecret(db, 'seal-root')
 */
export async function deploymentSecret(db: Kysely<Database>, name: string): Promise<Buffer> {
  await storeSecretSettingUnlessSet(db, name, randomBytes(32).toString('base64url'))
  return Buffer.from((await secretSetting(db, name))!, 'base64url')
}

const secretPlace = (name: string): SecretPlace => ({ table: 'settings', column: 'value', row: name })

/**
 * Stores a secret setting, encrypted, unless it is set already.
 *
 * @example
 * await storeSecretSettingUnlessSet(db, 'console-client', JSON.stringify(registration))
 */
export async function storeSecretSettingUnlessSet(db: Kysely<Database>, name: string, value: string): Promise<void> {
  await assertSecretKeyCurrent(db)
  await storeSettingUnlessSet(db, name, secretBoxOf(db).seal(secretPlace(name), value))
}

/**
 * A secret setting's value in clear, or `undefined` while it is not set.
 *
 * @example
 * const registration = await secretSetting(db, 'console-client')
 */
export async function secretSetting(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const stored = await setting(db, name)
  return stored === undefined ? undefined : secretBoxOf(db).open(secretPlace(name), stored)
}

/**
 * Stores a setting unless it is set already (then the stored value stays:
 * the first of two racing replicas wins).
 *
 * @example
 * await storeSettingUnlessSet(db, 'console-client', JSON.stringify(registration))
 */
export async function storeSettingUnlessSet(db: Kysely<Database>, name: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
}

/**
 * The named setting's value, or `undefined` while it is not set.
 *
 * @example
 * const stored = await setting(db, 'console-client')
 */
export async function setting(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('name', '=', name).executeTakeFirst()
  return row?.value
}

/**
 * Stores a setting, replacing the value it had.
 *
 * @example
 * await replaceSetting(db, 'setup-token', digest)
 */
export async function replaceSetting(db: Kysely<Database>, name: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute()
}

/**
 * Deletes the setting if it still holds `value`; true when this call
 * deleted it. Of two transactions racing to take the same value, exactly
 * one gets true (the other waits for the row's lock on PostgreSQL, then
 * finds it gone), which makes it a one-time claim.
 *
 * @example
 * if (!(await takeSetting(trx, 'setup-token', digest))) return 'dead'
 */
export async function takeSetting(db: Kysely<Database>, name: string, value: string): Promise<boolean> {
  const result = await db.deleteFrom('settings').where('name', '=', name).where('value', '=', value).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/**
 * Deletes the setting, whatever it holds.
 *
 * @example
 * await deleteSetting(db, 'setup-token')
 */
export async function deleteSetting(db: Kysely<Database>, name: string): Promise<void> {
  await db.deleteFrom('settings').where('name', '=', name).execute()
}

/**
 * Refuses to write a secret under a key the database no longer uses: a
 * `secrets rekey` ran while this svc kept running with the old key, and a
 * secret written now would not open after the restart. One read of the
 * check value, on the rare paths that write a secret.
 *
 * @example
 * await assertSecretKeyCurrent(trx)
 */
export async function assertSecretKeyCurrent(db: Kysely<Database>): Promise<void> {
  const check = await setting(db, 'secret-key-check')
  const current = check === undefined ? undefined : envelopeKeyId(check)
  const mine = secretBoxOf(db).key.id
  if (current !== undefined && current !== mine)
    throw new SecretUnreadable(
      `the database's secrets were re-encrypted under secret key ${current} (secrets rekey) while this svc runs with key ${mine}: restart svc with the new key`,
    )
}
