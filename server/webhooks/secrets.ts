/**
 * @module Per-endpoint webhook signing secrets (migration 0029; before it,
 * per client). While an endpoint has two, every attempt is signed with
 * both (one `v1=` each) so its receiver can switch over before the old
 * one is removed. The one module that reads and writes the
 * `webhook_secrets` table. svc must sign with the secrets, so they are
 * stored encrypted rather than hashed (db/secret-box.ts), sealed under
 * the endpoint's client as they were before endpoints existed.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { secretBoxOf, type SecretPlace } from '../db/secret-box.js'
import { assertSecretKeyCurrent } from '../db/settings.js'
import { InvalidInput } from '../invalid-input.js'

/** The endpoint a secret signs for, and the client (by row id) it is sealed under. */
export interface SecretOwner {
  id: string
  client_id: number
}

/**
 * Adds a secret to the endpoint and returns it (shown once): `whsec_` and the
 * standard base64 of 24 random bytes, the form Standard Webhooks' and
 * Svix's libraries take as printed. (Secrets issued before were base64url,
 * which those libraries refuse; see docs/webhooks.md.)
 *
 * @example
 * const { secret } = await addWebhookSecret(db, endpoint)
 */
export async function addWebhookSecret(db: Kysely<Database>, endpoint: SecretOwner, now = new Date()): Promise<{ id: number; secret: string }> {
  const secret = `whsec_${randomBytes(24).toString('base64')}`
  await assertSecretKeyCurrent(db)
  const row = await db
    .insertInto('webhook_secrets')
    .values({
      client_id: endpoint.client_id,
      endpoint_id: endpoint.id,
      secret: secretBoxOf(db).seal(secretPlace(endpoint.client_id), secret),
      created_at: now.toISOString(),
      removed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: row.id, secret }
}

/**
 * Removes a secret (by default the oldest active one); refuses to remove the last.
 *
 * @example
 * await removeWebhookSecret(db, endpoint)
 */
export async function removeWebhookSecret(
  db: Kysely<Database>,
  endpoint: SecretOwner,
  secretId?: number,
  now = new Date(),
): Promise<{ id: number }> {
  const active = await activeSecretRows(db, endpoint)
  if (active.length <= 1) throw new InvalidInput('secret', 'the endpoint has only one signing secret; add a new one before removing the old')
  const id = secretId ?? active[0]!.id
  if (!active.some((row) => row.id === id)) throw new InvalidInput('secret', `the endpoint has no active signing secret ${id}`)
  await db.updateTable('webhook_secrets').set({ removed_at: now.toISOString() }).where('id', '=', id).execute()
  return { id }
}

/**
 * Deletes every secret of an endpoint, as the endpoint is removed.
 *
 * @example
 * await removeSecretsOfEndpoint(trx, endpoint.id)
 */
export async function removeSecretsOfEndpoint(db: Kysely<Database>, endpointId: string): Promise<void> {
  await db.deleteFrom('webhook_secrets').where('endpoint_id', '=', endpointId).execute()
}

/**
 * The endpoint's active secrets, oldest first.
 *
 * @example
 * const secrets = await activeWebhookSecrets(db, endpoint)
 */
export async function activeWebhookSecrets(db: Kysely<Database>, endpoint: SecretOwner): Promise<string[]> {
  return (await activeSecretRows(db, endpoint)).map((row) => row.secret)
}

/**
 * One active secret of the endpoint in clear, for a developer who asks to
 * see it again (svc keeps it to sign with); `undefined` when the endpoint
 * has no active secret with that id.
 *
 * @example
 * const secret = await revealWebhookSecret(db, endpoint, 7)
 */
export async function revealWebhookSecret(db: Kysely<Database>, endpoint: SecretOwner, id: number): Promise<string | undefined> {
  return (await activeSecretRows(db, endpoint)).find((row) => row.id === id)?.secret
}

/** A secret as the console lists it: never the secret itself. */
export interface ListedWebhookSecret {
  id: number
  /** Its place among every secret the endpoint ever had (1, 2, …): a name people can say, which removing another never changes. */
  number: number
  /** The first 8 hex digits of the secret's SHA-256, so a receiver can tell which secret it holds. */
  fingerprint: string
  created_at: string
}

/**
 * The endpoint's active secrets as the console lists them, oldest first.
 *
 * @example
 * const listed = await listWebhookSecrets(db, endpoint) // [{ id: 7, number: 2, fingerprint: '3fa9c021', created_at }]
 */
export async function listWebhookSecrets(db: Kysely<Database>, endpoint: SecretOwner): Promise<ListedWebhookSecret[]> {
  const rows = await db
    .selectFrom('webhook_secrets')
    .select(['id', 'secret', 'created_at', 'removed_at'])
    .where('endpoint_id', '=', endpoint.id)
    .orderBy('id', 'asc')
    .execute()
  const box = secretBoxOf(db)
  return rows.flatMap(({ id, secret, created_at, removed_at }, index) =>
    removed_at === null
      ? [{ id, number: index + 1, fingerprint: webhookSecretFingerprint(box.open(secretPlace(endpoint.client_id), secret)), created_at }]
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
 * row's own id is made only as it is inserted; and secrets made before
 * endpoints existed were sealed so). A secret copied to another client's
 * row does not open; one copied between a client's own rows (or endpoints)
 * lets a writer of the database sign for another of that client's
 * endpoints, which such a writer could do by changing the endpoint's URL.
 */
const secretPlace = (clientId: number): SecretPlace => ({ table: 'webhook_secrets', column: 'secret', row: clientId })

async function activeSecretRows(db: Kysely<Database>, endpoint: SecretOwner) {
  const rows = await db
    .selectFrom('webhook_secrets')
    .select(['id', 'secret', 'created_at'])
    .where('endpoint_id', '=', endpoint.id)
    .where('removed_at', 'is', null)
    .orderBy('id', 'asc')
    .execute()
  const box = secretBoxOf(db)
  return rows.map((row) => ({ ...row, secret: box.open(secretPlace(endpoint.client_id), row.secret) }))
}
