/**
 * @module Re-encrypts every stored secret from one secret key to another
 * in one transaction (`secrets rekey`): either every secret moves to the
 * new key, check value included, or none does. It reads each secret
 * under the old key first, so a secret that does not open stops it before
 * anything is written. It is the one place that knows every column
 * holding a secret; each row's identity is the one its repository seals
 * it with (grants/signing-keys.ts, webhooks/secrets.ts,
 * accounts/account-links.ts, db/settings.ts).
 */
import { type Kysely, sql } from 'kysely'
import { isPostgres } from './open-database.js'
import type { Database } from './schema.js'
import { decryptSecret, encryptSecret, isSealedSecret, type SecretKey, type SecretPlace } from './secret-box.js'

/** How many secrets moved to the new key, by table. */
export interface RekeyCounts {
  signing_keys: number
  webhook_secrets: number
  external_providers: number
  settings: number
}

/**
 * Re-encrypts every secret of `db` from `from` to `to`.
 *
 * @example
 * const counts = await rekeySecrets(db, oldKey, newKey) // { signing_keys: 2, webhook_secrets: 1, … }
 */
export async function rekeySecrets(db: Kysely<Database>, from: SecretKey, to: SecretKey): Promise<RekeyCounts> {
  const move = (place: SecretPlace, stored: string) => encryptSecret(to, place, decryptSecret(from, place, stored))
  return db.transaction().execute(async (trx) => {
    // No replica writes a secret under the old key while they move.
    if (isPostgres(trx))
      await sql`lock table signing_keys, webhook_secrets, external_providers, settings in share row exclusive mode`.execute(trx)
    const counts: RekeyCounts = { signing_keys: 0, webhook_secrets: 0, external_providers: 0, settings: 0 }
    for (const row of await trx.selectFrom('signing_keys').select(['id', 'kid', 'private_jwk']).execute()) {
      const private_jwk = move({ table: 'signing_keys', column: 'private_jwk', row: row.kid }, row.private_jwk)
      await trx.updateTable('signing_keys').set({ private_jwk }).where('id', '=', row.id).execute()
      counts.signing_keys++
    }
    for (const row of await trx.selectFrom('webhook_secrets').select(['id', 'client_id', 'secret']).execute()) {
      const secret = move({ table: 'webhook_secrets', column: 'secret', row: row.client_id }, row.secret)
      await trx.updateTable('webhook_secrets').set({ secret }).where('id', '=', row.id).execute()
      counts.webhook_secrets++
    }
    for (const row of await trx.selectFrom('external_providers').select(['id', 'slug', 'client_secret']).execute()) {
      const client_secret = move({ table: 'external_providers', column: 'client_secret', row: row.slug }, row.client_secret)
      await trx.updateTable('external_providers').set({ client_secret }).where('id', '=', row.id).execute()
      counts.external_providers++
    }
    // Every sealed setting, whatever its name: the check value, the seal root, the console client's.
    for (const row of await trx.selectFrom('settings').select(['name', 'value']).execute()) {
      if (!isSealedSecret(row.value)) continue
      const value = move({ table: 'settings', column: 'value', row: row.name }, row.value)
      await trx.updateTable('settings').set({ value }).where('name', '=', row.name).execute()
      counts.settings++
    }
    return counts
  })
}
