/**
 * @module Secrets at rest: how svc stores a secret it must read back in
 * clear (a signing key's private JWK, a webhook secret, an external
 * provider's client secret, the console client's secret, the deployment
 * secrets seals derive from). Each is encrypted with AES-256-GCM under the
 * deployment's secret key (`SVC_SECRET_KEY`, or the key file beside a
 * SQLite database) in a small versioned envelope:
 *
 *     enc:v1:<key id>:<base64url(iv ‖ ciphertext ‖ tag)>
 *
 * The row's identity (table, column and the row's stable name) is the
 * additional authenticated data, so a ciphertext copied into another row
 * does not open. The key id (8 hex digits of an HMAC of the key, which
 * tells nothing about the key) lets a refusal say which key a value needs.
 * Repositories seal as they write and open as they read; the hot paths
 * (the signing key, the seal root) keep what they opened, as they already
 * kept what they loaded.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'

/** The envelope's version prefix; a stored value without it is a plain secret an older svc wrote. */
export const ENVELOPE_PREFIX = 'enc:v1:'
const IV_BYTES = 12
const TAG_BYTES = 16
/** A secret key's length: AES-256. */
export const SECRET_KEY_BYTES = 32

/** Where a secret is stored: the table, the column and the row's stable name (its additional authenticated data). */
export interface SecretPlace {
  table: 'signing_keys' | 'webhook_secrets' | 'external_providers' | 'settings'
  column: string
  /** The row's identity: a signing key's kid, a provider's slug, a setting's name, a webhook secret's client. */
  row: string | number
}

/** A deployment's secret key and its public id. */
export interface SecretKey {
  bytes: Buffer
  /** 8 hex digits naming the key in envelopes and messages. */
  id: string
}

/**
 * A stored secret that does not open under the key svc was given: altered,
 * moved, or written under another key after svc started (a wrong key
 * stops svc at start instead). svc's fault, not a caller's: a request
 * meeting it gets the generic 500 and the log gets this sentence.
 */
export class SecretUnreadable extends Error {
  override name = 'SecretUnreadable'
  readonly code = 'ERR_SECRET_UNREADABLE'
}

/**
 * The key with its id.
 *
 * @example
 * const key = secretKey(randomBytes(32)) // { bytes, id: '3fa9c021' }
 */
export function secretKey(bytes: Buffer): SecretKey {
  if (bytes.length !== SECRET_KEY_BYTES) throw new RangeError(`a secret key is ${SECRET_KEY_BYTES} bytes, not ${bytes.length}`)
  return { bytes, id: createHmac('sha256', bytes).update('svc secret key id').digest('hex').slice(0, 8) }
}

/**
 * The 32 bytes a key's text stands for (base64, base64url or hex; blanks
 * around it ignored), or `undefined` when it is none of these or not 32 bytes.
 *
 * @example
 * parseSecretKeyText(execSync('openssl rand -base64 32').toString()) // Buffer(32)
 */
export function parseSecretKeyText(text: string): Buffer | undefined {
  const value = text.trim()
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex')
  if (/^[A-Za-z0-9+/]{43}=?$/.test(value) || /^[A-Za-z0-9_-]{43}$/.test(value)) {
    const bytes = Buffer.from(value.replace(/=$/, ''), value.includes('-') || value.includes('_') ? 'base64url' : 'base64')
    return bytes.length === SECRET_KEY_BYTES ? bytes : undefined
  }
  return undefined
}

const aadOf = (place: SecretPlace) => Buffer.from(`${place.table}.${place.column}:${place.row}`)

/**
 * True when the stored value is in an envelope (false for a plain secret an older svc wrote).
 *
 * @example
 * isSealedSecret('enc:v1:3fa9c021:…') // true
 */
export const isSealedSecret = (stored: string): boolean => stored.startsWith(ENVELOPE_PREFIX)

/**
 * The key id an envelope names, or `undefined` for a value that is not one.
 *
 * @example
 * envelopeKeyId('enc:v1:3fa9c021:…') // '3fa9c021'
 */
export function envelopeKeyId(stored: string): string | undefined {
  return isSealedSecret(stored) ? stored.slice(ENVELOPE_PREFIX.length).split(':')[0] : undefined
}

/**
 * Encrypts a secret for one place under `key`.
 *
 * @example
 * const stored = encryptSecret(key, { table: 'settings', column: 'value', row: 'seal-root' }, root)
 */
export function encryptSecret(key: SecretKey, place: SecretPlace, plain: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key.bytes, iv).setAAD(aadOf(place))
  const body = Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return `${ENVELOPE_PREFIX}${key.id}:${body.toString('base64url')}`
}

/**
 * Opens a secret stored at one place, or throws {@link SecretUnreadable}
 * naming the place and, when the envelope says so, the key it needs.
 *
 * @example
 * const root = decryptSecret(key, { table: 'settings', column: 'value', row: 'seal-root' }, stored)
 */
export function decryptSecret(key: SecretKey, place: SecretPlace, stored: string): string {
  const where = `${place.table}.${place.column} of ${place.row}`
  if (!isSealedSecret(stored)) throw new SecretUnreadable(`the secret in ${where} is not encrypted; start svc once to encrypt it`)
  const [keyId = '', encoded = ''] = stored.slice(ENVELOPE_PREFIX.length).split(':')
  if (keyId !== key.id)
    throw new SecretUnreadable(`the secret in ${where} was encrypted under secret key ${keyId}, but svc was given key ${key.id}`)
  const bytes = /^[A-Za-z0-9_-]+$/.test(encoded) ? Buffer.from(encoded, 'base64url') : Buffer.alloc(0)
  try {
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('short')
    const decipher = createDecipheriv('aes-256-gcm', key.bytes, bytes.subarray(0, IV_BYTES))
      .setAAD(aadOf(place))
      .setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8')
  } catch {
    throw new SecretUnreadable(`the secret in ${where} does not open under secret key ${key.id}: it was altered or moved from another row`)
  }
}

/** Seals and opens the secrets of one database. */
export interface SecretBox {
  key: SecretKey
  seal(place: SecretPlace, plain: string): string
  open(place: SecretPlace, stored: string): string
}

// Keyed by the dialect's adapter, which a database shares with every
// transaction begun on it (Kysely gives each transaction a new instance).
const boxes = new WeakMap<object, SecretBox>()

/**
 * Gives a database its secret key; `openDatabase` calls it once the key is checked.
 *
 * @example
 * registerSecretKey(db, secretKey(bytes))
 */
export function registerSecretKey(db: Kysely<any>, key: SecretKey): void {
  boxes.set(db.getExecutor().adapter, {
    key,
    seal: (place, plain) => encryptSecret(key, place, plain),
    open: (place, stored) => decryptSecret(key, place, stored),
  })
}

/**
 * The secret box of a database (or a transaction on it).
 *
 * @example
 * const stored = secretBoxOf(trx).seal({ table: 'signing_keys', column: 'private_jwk', row: kid }, json)
 */
export function secretBoxOf(db: Kysely<any>): SecretBox {
  const box = boxes.get(db.getExecutor().adapter)
  if (!box) throw new Error('this database was opened without its secret key (openDatabase with migrate: false reads no secret)')
  return box
}
