/**
 * @module Per-client webhook signing secrets. While a client has two, every
 * attempt is signed with both (one `v1=` each) so it can switch its
 * receiver over before the old one is removed. The one module that reads
 * and writes the `webhook_secrets` table. svc must sign with the secrets,
 * so they are stored encrypted rather than hashed (db/secret-box.ts).
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { secretBoxOf, type SecretPlace } from '../db/secret-box.js'
import { assertSecretKeyCurrent } from '../db/settings.js'
import { InvalidInput } from '../invalid-input.js'

/**
 * Adds a secret to the client and returns it (shown once): `whsec_` and the
 * standard base64 of 24 random bytes, the form Standard Webhooks' and
 * Svix's libraries take as printed. (Secrets issued before were base64url,
 * which those libraries refuse; see docs/webhooks.md.)
 *
 * @example
 * const { secret } = await addWebhookSecret(db, client.id)
 */
export async function addWebhookSecret(db: Kysely<Database>, clientId: number, now = new Date()): Promise<{ id: number; secret: string }> {
  const secret = `whsec_${randomBytes(24).toString('base64')}`
  await assertSecretKeyCurrent(db)
  const row = await db
    .insertInto('webhook_secrets')
    .values({ client_id: clientId, secret: secretBoxOf(db).seal(secretPlace(clientId), secret), created_at: now.toISOString(), removed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: row.id, secret }
}

/**
 * Removes a secret (by default the oldest active one); refuses to remove the last.
 *
 * @example
 * await removeWebhookSecret(db, client.id)
 */
export async function removeWebhookSecret(
  db: Kysely<Database>,
  clientId: number,
  secretId?: number,
  now = new Date(),
): Promise<{ id: number }> {
  const active = await activeSecretRows(db, clientId)
  if (active.length <= 1) throw new InvalidInput('secret', 'the client has only one webhook secret; add a new one before removing the old')
  const id = secretId ?? active[0]!.id
  if (!active.some((row) => row.id === id)) throw new InvalidInput('secret', `the client has no active webhook secret ${id}`)
  await db.updateTable('webhook_secrets').set({ removed_at: now.toISOString() }).where('id', '=', id).execute()
  return { id }
}

/**
 * Removes every active secret of the client, as its webhook endpoint is
 * removed, so an endpoint made again starts with a secret of its own.
 *
 * @example
 * await removeAllWebhookSecrets(trx, client.id)
 */
export async function removeAllWebhookSecrets(db: Kysely<Database>, clientId: number, now = new Date()): Promise<void> {
  await db
    .updateTable('webhook_secrets')
    .set({ removed_at: now.toISOString() })
    .where('client_id', '=', clientId)
    .where('removed_at', 'is', null)
    .execute()
}

/**
 * The client's active secrets, oldest first.
 *
 * @example
 * const secrets = await activeWebhookSecrets(db, client.id)
 */
export async function activeWebhookSecrets(db: Kysely<Database>, clientId: number): Promise<string[]> {
  return (await activeSecretRows(db, clientId)).map((row) => row.secret)
}

/** A secret as the console lists it: never the secret itself. */
export interface ListedWebhookSecret {
  id: number
  /** Its place among every secret the client ever had (1, 2, …): a name people can say, which removing another never changes. */
  number: number
  /** The first 8 hex digits of the secret's SHA-256, so a receiver can tell which secret it holds. */
  fingerprint: string
  created_at: string
}

/**
 * The client's active secrets as the console lists them, oldest first.
 *
 * @example
 * const listed = await listWebhookSecrets(db, client.id) // [{ id: 7, number: 2, fingerprint: '3fa9c021', created_at }]
 */
export async function listWebhookSecrets(db: Kysely<Database>, clientId: number): Promise<ListedWebhookSecret[]> {
  const rows = await db
    .selectFrom('webhook_secrets')
    .select(['id', 'secret', 'created_at', 'removed_at'])
    .where('client_id', '=', clientId)
    .orderBy('id', 'asc')
    .execute()
  const box = secretBoxOf(db)
  return rows.flatMap(({ id, secret, created_at, removed_at }, index) =>
    removed_at === null
      ? [{ id, number: index + 1, fingerprint: webhookSecretFingerprint(box.open(secretPlace(clientId), secret)), created_at }]
      : [],
  )
}

/**
 * The first 8 hex digits of a secret's SHA-256 (`printf %s "$SECRET" | sha256sum | cut -c1-8`).
 *
 * @example
 * webhookSecretFingerprint('whsec_…') // '3fa9c021'
 */
export const webhookSecretFingerprint = (secret: string): string => createHash('sha256').update(secret).digest('hex').slice(0, 8)

/**
 * Where a client's secret is stored: the client is the row's identity (the
 * row's own id is made only as it is inserted). A secret copied to another
 * client's row does not open; one copied between a client's own rows gives
 * nothing the writer could not get by clearing `removed_at`.
 */
const secretPlace = (clientId: number): SecretPlace => ({ table: 'webhook_secrets', column: 'secret', row: clientId })

async function activeSecretRows(db: Kysely<Database>, clientId: number) {
  const rows = await db
    .selectFrom('webhook_secrets')
    .select(['id', 'secret', 'created_at'])
    .where('client_id', '=', clientId)
    .where('removed_at', 'is', null)
    .orderBy('id', 'asc')
    .execute()
  const box = secretBoxOf(db)
  return rows.map((row) => ({ ...row, secret: box.open(secretPlace(clientId), row.secret) }))
}
