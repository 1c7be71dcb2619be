/**
 * @module Deployment settings kept in the database, made on first use and
 * then shared by every replica (secrets such as form-signing keys).
 */
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from './schema.js'

/**
 * The named random secret, creating it on first use; two callers racing
 * both end up with the one that was stored first.
 *
 * @example
 * const key = await deploymentSecret(db, 'interaction-hmac')
 */
export async function deploymentSecret(db: Kysely<Database>, name: string): Promise<Buffer> {
  await db
    .insertInto('settings')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const row = await db.selectFrom('settings').select('value').where('name', '=', name).executeTakeFirstOrThrow()
  return Buffer.from(row.value, 'base64url')
}
