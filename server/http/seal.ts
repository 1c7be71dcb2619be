/**
 * @module Sealed values: small JSON values svc hands to a browser (in a
 * cookie or a form field) and must get back unaltered, such as a sign-in
 * in progress or a form's proof of origin. A sealed value is encrypted and
 * authenticated (AES-256-GCM), so it can be neither read nor forged, and
 * may carry an expiry. Each purpose has its own key, derived with HKDF
 * from one deployment secret kept in the database (shared by every
 * replica): a value sealed for one purpose never opens for another. Like
 * jose, a value that does not open throws a typed error ({@link
 * SealInvalid}, {@link SealExpired}) rather than returning a falsy value
 * a caller could forget to check.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { deploymentSecret } from '../db/settings.js'

/** The deployment secret every purpose's key is derived from. */
const ROOT_SECRET = 'seal-root'
/** The first byte of a sealed value: the format, so that a later one can be told apart. */
const VERSION = 1
const IV_BYTES = 12
const TAG_BYTES = 16

/** Base of the errors raised by a value that does not open; `code` tells them apart. */
export abstract class SealError extends Error {
  abstract readonly code: string
}

/** Not a value svc sealed for this purpose: malformed, altered, or sealed for another purpose or deployment. */
export class SealInvalid extends SealError {
  override name = 'SealInvalid'
  readonly code = 'ERR_SEAL_INVALID'
  constructor(message = 'the sealed value is not one svc made for this purpose') {
    super(message)
  }
}

/** Sealed by svc for this purpose, but past its expiry. */
export class SealExpired extends SealError {
  override name = 'SealExpired'
  readonly code = 'ERR_SEAL_EXPIRED'
  constructor(readonly expiredAt: Date) {
    super(`the sealed value expired at ${expiredAt.toISOString()}`)
  }
}

/** Seals and opens the values of one purpose. */
export interface Seal<T> {
  /**
   * The value, sealed: base64url, fit for a cookie or a form field.
   * `expiresAt` bounds when it opens (to the second).
   */
  seal(value: T, options?: { expiresAt?: Date }): Promise<string>
  /** The value sealed, or throws {@link SealInvalid} or {@link SealExpired}; `now` is the clock to check expiry against. */
  open(sealed: string, options?: { now?: Date }): Promise<T>
}

/**
 * The key of one purpose: HKDF-SHA256 of the root secret, the purpose as
 * its `info`, so each purpose's key is independent of the others'.
 */
function purposeKey(root: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', root, 'svc seal', purpose, 32))
}

/**
 * The seal of one purpose under a root secret given directly (tests, or a
 * secret that does not live in the database).
 *
 * @example
 * const flows = sealWithSecret<Flow>(randomBytes(32), 'sdk-flow')
 */
export function sealWithSecret<T>(root: Buffer | (() => Promise<Buffer>), purpose: string): Seal<T> {
  let key: Buffer | undefined
  const keyOf = async () => (key ??= purposeKey(typeof root === 'function' ? await root() : root, purpose))
  const aad = Buffer.from(purpose)
  return {
    async seal(value, { expiresAt } = {}) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', await keyOf(), iv).setAAD(aad)
      const body = JSON.stringify(expiresAt === undefined ? { v: value } : { v: value, e: Math.floor(expiresAt.getTime() / 1000) })
      const sealed = Buffer.concat([Buffer.of(VERSION), iv, cipher.update(body, 'utf8'), cipher.final(), cipher.getAuthTag()])
      return sealed.toString('base64url')
    },
    async open(sealed, { now = new Date() } = {}) {
      const bytes = /^[A-Za-z0-9_-]*$/.test(sealed) ? Buffer.from(sealed, 'base64url') : Buffer.alloc(0)
      if (bytes.length < 1 + IV_BYTES + TAG_BYTES || bytes[0] !== VERSION) throw new SealInvalid()
      const iv = bytes.subarray(1, 1 + IV_BYTES)
      const tag = bytes.subarray(bytes.length - TAG_BYTES)
      const decipher = createDecipheriv('aes-256-gcm', await keyOf(), iv)
        .setAAD(aad)
        .setAuthTag(tag)
      let body: { v: T; e?: number }
      try {
        body = JSON.parse(
          Buffer.concat([decipher.update(bytes.subarray(1 + IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString(),
        )
      } catch {
        throw new SealInvalid()
      }
      if (body.e !== undefined && body.e * 1000 <= now.getTime()) throw new SealExpired(new Date(body.e * 1000))
      return body.v
    },
  }
}

const roots = new WeakMap<Kysely<Database>, Promise<Buffer>>()

/**
 * The seal of one purpose in the deployment `db` belongs to; its root
 * secret is made on first use and shared by every replica.
 *
 * @example
 * const states = sealFor<InteractionState>(db, 'interaction')
 * const sealed = await states.seal(state, { expiresAt: new Date(Date.now() + 600_000) })
 * const opened = await states.open(sealed) // throws SealInvalid or SealExpired
 */
export function sealFor<T>(db: Kysely<Database>, purpose: string): Seal<T> {
  return sealWithSecret<T>(() => {
    let root = roots.get(db)
    if (!root) {
      roots.set(db, (root = deploymentSecret(db, ROOT_SECRET)))
      // A database that failed once is asked again next time.
      root.catch(() => roots.delete(db))
    }
    return root
  }, purpose)
}
