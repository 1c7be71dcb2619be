/**
 * @module Migration 0023: the secrets svc must read back in clear, which
 * older svc stored plain, are encrypted under the deployment's secret key:
 * signing keys' private JWKs, webhook secrets, external providers' client
 * secrets, and the settings that hold secrets (the console client's, the
 * seal root, the old cookie HMAC secrets). It writes the check value that
 * tells a wrong key at start. The schema does not change.
 *
 * A migration only gets a database, so the runner (db/migrate.ts) hands
 * this one the key as a second argument; it refuses to run without one.
 * The envelope (`enc:v1:<key id>:<base64url(iv ‖ ciphertext ‖ tag)>`,
 * AES-256-GCM, the row's identity as additional data) is copied here,
 * frozen, from db/secret-box.ts: a later envelope version reads this one.
 * Values already in an envelope are left alone, so it may run again.
 * Frozen: never edit a migration that has shipped; add a new one.
 */
import { createCipheriv, createHmac, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'

/** What the runner passes beside the database. */
interface MigrationContext {
  secretKey?: Buffer
}

const PREFIX = 'enc:v1:'
/** The settings that hold secrets in 0022's schema; the check value is added below. */
const SECRET_SETTINGS = ['console-client', 'seal-root']
const SECRET_SETTING_PREFIXES = ['cookie-hmac:']

function encrypt(key: Buffer, aad: string, plain: string): string {
  const id = createHmac('sha256', key).update('svc secret key id').digest('hex').slice(0, 8)
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(aad))
  const body = Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return `${PREFIX}${id}:${body.toString('base64url')}`
}

export async function up(db: Kysely<any>, context: MigrationContext = {}): Promise<void> {
  const key = context.secretKey
  if (!key || key.length !== 32) throw new Error('migration 0023 encrypts the stored secrets and must be given the 32-byte secret key')
  const plain = (value: string | null): value is string => value !== null && !value.startsWith(PREFIX)

  for (const row of await db.selectFrom('signing_keys').select(['id', 'kid', 'private_jwk']).execute()) {
    if (!plain(row.private_jwk)) continue
    const sealed = encrypt(key, `signing_keys.private_jwk:${row.kid}`, row.private_jwk)
    await db.updateTable('signing_keys').set({ private_jwk: sealed }).where('id', '=', row.id).execute()
  }
  for (const row of await db.selectFrom('webhook_secrets').select(['id', 'client_id', 'secret']).execute()) {
    if (!plain(row.secret)) continue
    const sealed = encrypt(key, `webhook_secrets.secret:${row.client_id}`, row.secret)
    await db.updateTable('webhook_secrets').set({ secret: sealed }).where('id', '=', row.id).execute()
  }
  for (const row of await db.selectFrom('external_providers').select(['id', 'slug', 'client_secret']).execute()) {
    if (!plain(row.client_secret)) continue
    const sealed = encrypt(key, `external_providers.client_secret:${row.slug}`, row.client_secret)
    await db.updateTable('external_providers').set({ client_secret: sealed }).where('id', '=', row.id).execute()
  }
  for (const row of await db.selectFrom('settings').select(['name', 'value']).execute()) {
    const secret = SECRET_SETTINGS.includes(row.name) || SECRET_SETTING_PREFIXES.some((prefix) => row.name.startsWith(prefix))
    if (!secret || !plain(row.value)) continue
    await db.updateTable('settings').set({ value: encrypt(key, `settings.value:${row.name}`, row.value) }).where('name', '=', row.name).execute()
  }
  await db
    .insertInto('settings')
    .values({ name: 'secret-key-check', value: encrypt(key, 'settings.value:secret-key-check', 'svc secret key check') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
}

/** Decrypting needs the key too; a database goes back to an older svc through the backup taken before the upgrade. */
export async function down(): Promise<void> {
  throw new Error('migration 0023 cannot be undone: restore the backup taken before the upgrade')
}
