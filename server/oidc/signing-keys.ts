/**
 * @module The identity provider's RSA signing keys, kept in the database:
 * the newest signs, a new one is made every 90 days without a restart (or
 * at once by `keys rotate`), and a retired key stays in the JWKS until
 * every token it signed has expired.
 */
import { randomBytes } from 'node:crypto'
import type { KeyObject } from 'node:crypto'
import { exportJWK, generateKeyPair, type JWK } from 'jose'
import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../db/open-database.js'
import type { Database } from '../db/schema.js'
import { preparedQuery } from '../db/prepared-query.js'
import { rsaPrivateKey } from './sign-jws.js'

const DAY_MS = 24 * 60 * 60 * 1000
/** How long a key signs before a new one takes over. */
export const ROTATION_INTERVAL_MS = 90 * DAY_MS
/** How long a retired key stays published: the longest refresh chain (90 days) plus a day's grace. */
export const RETIRED_KEY_PUBLISHED_MS = 91 * DAY_MS

export interface SigningKey {
  kid: string
  privateKey: KeyObject
}

/**
 * Makes a new signing key and retires the current one.
 *
 * @example
 * const { kid } = await rotateSigningKey(db)
 */
export async function rotateSigningKey(db: Kysely<Database>, now = new Date(), { onlyIfDue = false } = {}): Promise<{ kid: string }> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true })
  const kid = randomBytes(12).toString('base64url')
  await storeSigningKey(db, { ...(await exportJWK(privateKey)), kid }, now, { onlyIfDue })
  return { kid }
}

/**
 * Stores a private RSA JWK (with its `kid`) as the signing key, retiring
 * the current one; with `onlyIfDue`, only when no key exists or the
 * current one is due for rotation, and returns whether it stored it.
 *
 * @example
 * await storeSigningKey(db, { ...privateJwk, kid: 'k1' })
 */
export async function storeSigningKey(
  db: Kysely<Database>,
  privateJwk: JWK & { kid: string },
  now = new Date(),
  { onlyIfDue = false } = {},
): Promise<boolean> {
  const { d, p, q, dp, dq, qi, oth, ...publicParts } = privateJwk
  const publicJwk = { kty: publicParts.kty, n: publicParts.n, e: publicParts.e, kid: privateJwk.kid, alg: 'RS256', use: 'sig' }
  return db.transaction().execute(async (trx) => {
    // Replicas that find the key due at the same moment take turns here;
    // the second sees the first one's new key and leaves it be. (SQLite's
    // transactions already take the write lock as they begin.)
    if (isPostgres(trx)) await sql`lock table signing_keys in share row exclusive mode`.execute(trx)
    if (onlyIfDue) {
      const current = await trx
        .selectFrom('signing_keys')
        .select('created_at')
        .where('retired_at', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst()
      if (current && now.getTime() - Date.parse(current.created_at) < ROTATION_INTERVAL_MS) return false
    }
    await trx.updateTable('signing_keys').set({ retired_at: now.toISOString() }).where('retired_at', 'is', null).execute()
    await trx
      .insertInto('signing_keys')
      .values({
        kid: privateJwk.kid,
        private_jwk: JSON.stringify({ ...privateJwk, alg: 'RS256' }),
        public_jwk: JSON.stringify(publicJwk),
        created_at: now.toISOString(),
        retired_at: null,
      })
      .execute()
    return true
  })
}

const newestKeyId = preparedQuery((db) => db.selectFrom('signing_keys').select((eb) => eb.fn.max('id').as('newest')))

/**
 * The keys of one database: the current signing key (rotating it when it
 * is due) and the published key set. Keys are kept in memory until the
 * database's change stamp moves.
 *
 * @example
 * const keys = signingKeys(db)
 * const { kid, privateKey } = await keys.current()
 */
export function signingKeys(db: Kysely<Database>, { now = () => new Date() }: { now?: () => Date } = {}) {
  // Kept until a key is added (keys are only ever added, and a rotation
  // retires the old one in the same transaction) or the time comes to
  // rotate the current key or to stop publishing a retired one. Token
  // writes do not reload the keys.
  let cached: { newestId: number; validUntil: number; current: SigningKey; jwks: { keys: JWK[] } } | undefined

  async function load() {
    const newestId = (await newestKeyId(db, {})).rows[0]!.newest
    if (cached && cached.newestId === newestId && now().getTime() < cached.validUntil) return cached
    // One reload at a time: requests arriving together must not each make a key.
    reloading ??= reload().finally(() => (reloading = undefined))
    return reloading
  }

  let reloading: ReturnType<typeof reload> | undefined

  async function reload() {
    let rows = await db.selectFrom('signing_keys').selectAll().orderBy('id', 'desc').execute()
    const newest = rows.find((row) => row.retired_at === null)
    if (!newest || now().getTime() - Date.parse(newest.created_at) >= ROTATION_INTERVAL_MS) {
      await rotateSigningKey(db, now(), { onlyIfDue: true })
      rows = await db.selectFrom('signing_keys').selectAll().orderBy('id', 'desc').execute()
    }
    const current = rows.find((row) => row.retired_at === null)!
    const published = rows.filter(
      (row) => row.retired_at === null || now().getTime() - Date.parse(row.retired_at) < RETIRED_KEY_PUBLISHED_MS,
    )
    const retirements = published
      .filter((row) => row.retired_at !== null)
      .map((row) => Date.parse(row.retired_at!) + RETIRED_KEY_PUBLISHED_MS)
    cached = {
      newestId: current.id,
      validUntil: Math.min(Date.parse(current.created_at) + ROTATION_INTERVAL_MS, ...retirements),
      current: { kid: current.kid, privateKey: rsaPrivateKey(JSON.parse(current.private_jwk) as JWK) },
      jwks: { keys: published.map((row) => JSON.parse(row.public_jwk) as JWK) },
    }
    return cached
  }

  return {
    /** The key that signs now. */
    current: async (): Promise<SigningKey> => (await load()).current,
    /** The JWKS: the current key and every retired key still within its publication time. */
    jwks: async (): Promise<{ keys: JWK[] }> => (await load()).jwks,
  }
}

export type SigningKeys = ReturnType<typeof signingKeys>
