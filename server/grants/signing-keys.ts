/**
 * @module The identity provider's RSA signing keys, kept in the database.
 * Relying parties cache the key set (jose for up to 10 minutes, others an
 * hour, the spec allows 6 hours) and refetch it for an unknown `kid` only
 * after a cool-down, so a key that signed the moment it was made would
 * fail their verification, and a failed refresh signs the user out. A
 * rotation therefore publishes the new key at once and lets it sign only
 * once the key-set cache lifetime has passed (6 hours by default); the
 * 90-day rotation does the same, without a restart, and `--now` is for an
 * emergency (a leaked key). A retired key stays in the JWKS until every
 * token it signed has expired. A rotation asked for while a next key is
 * already published changes nothing (two waiting keys would leave the first
 * signing for moments); an emergency one withdraws every earlier key from
 * the JWKS at once, so that what a leaked key signs stops verifying.
 *
 * A key's life: `next` (published, not yet signing) from `created_at`,
 * `signing` from `signs_from`, `retired` (published only) from
 * `retired_at`, `expired` (gone from the JWKS) 91 days later, or
 * `withdrawn` (gone from the JWKS) from `withdrawn_at`. The times are
 * written when the key is made, so every replica (each with its own cache)
 * switches to the new key at the same moment.
 */
import { randomBytes } from 'node:crypto'
import type { KeyObject } from 'node:crypto'
import { exportJWK, generateKeyPair, type JWK } from 'jose'
import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../db/open-database.js'
import { tableChangeStampOf } from '../db/change-stamp.js'
import type { Database, SigningKeyRow } from '../db/schema.js'
import { preparedQuery } from '../db/prepared-query.js'
import { secretBoxOf, type SecretPlace } from '../db/secret-box.js'
import { assertSecretKeyCurrent } from '../db/settings.js'
import { rsaPrivateKey } from './sign-jws.js'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS
/** How long a key signs before the next one takes over. */
export const ROTATION_INTERVAL_MS = 90 * DAY_MS
/** How long a retired key stays published: the longest refresh chain (90 days) plus a day's grace. */
export const RETIRED_KEY_PUBLISHED_MS = 91 * DAY_MS
/** The longest time relying parties may cache the key set (the default of `SVC_JWKS_CACHE_SECONDS`). */
export const DEFAULT_KEY_SET_CACHE_MS = 6 * HOUR_MS
/** The most `SVC_JWKS_CACHE_SECONDS` may say: a week. */
export const MAX_KEY_SET_CACHE_MS = 7 * DAY_MS

export type SigningKeyState = 'next' | 'signing' | 'retired' | 'expired' | 'withdrawn'

export interface SigningKey {
  kid: string
  privateKey: KeyObject
}

export interface Rotation {
  /** When the rotation happens; now by default. */
  at?: Date
  /** How long the new key is published before it signs: the key-set cache lifetime. */
  keySetCacheMs?: number
  /** Sign with the new key at once: an emergency, which fails relying parties' verification until they refetch the key set. */
  immediately?: boolean
}

/**
 * The state of a key at `time`.
 *
 * @example
 * signingKeyState(row, new Date()) // 'signing'
 */
export function signingKeyState(row: Pick<SigningKeyRow, 'signs_from' | 'retired_at' | 'withdrawn_at'>, time: Date): SigningKeyState {
  const t = time.getTime()
  if (row.withdrawn_at !== null && t >= Date.parse(row.withdrawn_at)) return 'withdrawn'
  const retiredAt = row.retired_at === null ? Infinity : Date.parse(row.retired_at)
  if (t >= retiredAt) return t < retiredAt + RETIRED_KEY_PUBLISHED_MS ? 'retired' : 'expired'
  return t < Date.parse(row.signs_from) ? 'next' : 'signing'
}

/** The key a rotation left waiting or signing; `created` is false when a next key was already published. */
export interface RotationResult {
  kid: string
  signsFrom: Date
  created: boolean
}

/**
 * Makes a new signing key and publishes it now; it signs once the key-set
 * cache lifetime has passed (at once when no key signs yet, or
 * `immediately`). The key signing until then retires at that moment. When
 * a next key is already published, an ordinary rotation returns it instead.
 *
 * @example
 * const { kid, signsFrom, created } = await rotateSigningKey(db, { keySetCacheMs: 6 * 3600_000 })
 */
export async function rotateSigningKey(db: Kysely<Database>, rotation: Rotation = {}): Promise<RotationResult> {
  return (await storeSigningKey(db, await newPrivateJwk(), rotation))!
}

/**
 * Stores a private RSA JWK (with its `kid`) as the next signing key, as
 * {@link rotateSigningKey} describes; with `onlyIfDue`, only when no key
 * signs or the signing key's 90 days are about to end and no next key is
 * published yet. Resolves with the key that will sign, or `undefined` when
 * it was not due.
 *
 * @example
 * await storeSigningKey(db, { ...privateJwk, kid: 'k1' })
 */
export async function storeSigningKey(
  db: Kysely<Database>,
  privateJwk: JWK & { kid: string },
  {
    at = new Date(),
    keySetCacheMs = DEFAULT_KEY_SET_CACHE_MS,
    immediately = false,
    onlyIfDue = false,
  }: Rotation & { onlyIfDue?: boolean } = {},
): Promise<RotationResult | undefined> {
  const { d, p, q, dp, dq, qi, oth, ...publicParts } = privateJwk
  const publicJwk = { kty: publicParts.kty, n: publicParts.n, e: publicParts.e, kid: privateJwk.kid, alg: 'RS256', use: 'sig' }
  return db.transaction().execute(async (trx) => {
    // Replicas that find the key due at the same moment take turns here;
    // the second sees the first one's new key and leaves it be. (SQLite's
    // transactions already take the write lock as they begin.)
    if (isPostgres(trx)) await sql`lock table signing_keys in share row exclusive mode`.execute(trx)
    const rows = await trx.selectFrom('signing_keys').selectAll().orderBy('id', 'desc').execute()
    const plan = keyPlan(rows, at, keySetCacheMs)
    if (onlyIfDue && plan.due === false) return undefined
    if (plan.next && !immediately) return { kid: plan.next.kid, signsFrom: new Date(plan.next.signs_from), created: false }
    // Nothing signs yet, so no relying party can hold a key set to outwait.
    const signsFrom = immediately || !plan.signing ? at : new Date(at.getTime() + keySetCacheMs)
    // Every key that would sign at or after the new one's start stops then:
    // the one signing now, and a next key of an earlier rotation (which,
    // when it would start later, never signs at all).
    await trx
      .updateTable('signing_keys')
      .set({ retired_at: signsFrom.toISOString() })
      .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>', signsFrom.toISOString())]))
      .execute()
    // A leaked key must stop verifying at once, and with it whatever else the leak may have exposed.
    if (immediately)
      await trx.updateTable('signing_keys').set({ withdrawn_at: at.toISOString() }).where('withdrawn_at', 'is', null).execute()
    await assertSecretKeyCurrent(trx)
    await trx
      .insertInto('signing_keys')
      .values({
        kid: privateJwk.kid,
        private_jwk: secretBoxOf(trx).seal(privateJwkPlace(privateJwk.kid), JSON.stringify({ ...privateJwk, alg: 'RS256' })),
        public_jwk: JSON.stringify(publicJwk),
        created_at: at.toISOString(),
        signs_from: signsFrom.toISOString(),
        retired_at: null,
        withdrawn_at: null,
      })
      .execute()
    return { kid: privateJwk.kid, signsFrom, created: true }
  })
}

/** Where a key's private JWK is stored, encrypted (db/secret-box.ts): its kid is the row's identity. */
const privateJwkPlace = (kid: string): SecretPlace => ({ table: 'signing_keys', column: 'private_jwk', row: kid })

async function newPrivateJwk(): Promise<JWK & { kid: string }> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true })
  return withNewKid(await exportJWK(privateKey))
}

/**
 * A private key under a `kid` of its own, as every stored key is named.
 *
 * @example
 * await storeSigningKey(db, withNewKid(privateJwk))
 */
export function withNewKid(privateJwk: Readonly<JWK>): JWK & { kid: string } {
  return { ...privateJwk, kid: randomBytes(12).toString('base64url') }
}

/**
 * What the keys mean at `time`: the one signing (the newest, should two
 * overlap), the published ones, whether a rotation is due (`first` when
 * nothing signs; `scheduled` when the signing key's 90 days end within the
 * key-set cache lifetime and no next key is published), and until when
 * this holds.
 */
function keyPlan(rows: SigningKeyRow[], time: Date, keySetCacheMs: number) {
  const t = time.getTime()
  const states = rows.map((row) => ({ row, state: signingKeyState(row, time) }))
  const signing = states.find(({ state }) => state === 'signing')?.row
  const next = states.find(({ state }) => state === 'next')?.row
  const hasNext = next !== undefined
  const rotationDueAt = signing && !hasNext ? Date.parse(signing.signs_from) + ROTATION_INTERVAL_MS - keySetCacheMs : Infinity
  const due = !signing ? ('first' as const) : t >= rotationDueAt ? ('scheduled' as const) : false
  // The next moment a key changes state, or a rotation comes due.
  const changes = rows.flatMap((row) => {
    const retiredAt = row.retired_at === null ? Infinity : Date.parse(row.retired_at)
    const withdrawnAt = row.withdrawn_at === null ? Infinity : Date.parse(row.withdrawn_at)
    return [Date.parse(row.signs_from), retiredAt, retiredAt + RETIRED_KEY_PUBLISHED_MS, withdrawnAt]
  })
  const validUntil = Math.min(rotationDueAt, ...changes.filter((change) => change > t))
  const published = states.filter(({ state }) => state !== 'expired' && state !== 'withdrawn').map(({ row }) => row)
  return { signing, next, published, due, validUntil }
}

const newestKeyId = preparedQuery((db) => db.selectFrom('signing_keys').select((eb) => eb.fn.max('id').as('newest')))

/**
 * Every key with its state, newest first, for the console.
 *
 * @example
 * const keys = await signingKeyList(db, new Date())
 */
export async function signingKeyList(db: Kysely<Database>, time: Date) {
  const rows = await db
    .selectFrom('signing_keys')
    .select(['kid', 'created_at', 'signs_from', 'retired_at', 'withdrawn_at'])
    .orderBy('id', 'desc')
    .execute()
  return rows.map((row) => ({
    ...row,
    state: signingKeyState(row, time),
    published_until:
      row.withdrawn_at ?? (row.retired_at === null ? null : new Date(Date.parse(row.retired_at) + RETIRED_KEY_PUBLISHED_MS).toISOString()),
  }))
}

/**
 * The keys of one database: the current signing key (publishing the next
 * one when the 90 days near their end) and the published key set, kept in
 * memory until a key is added or a key's state changes.
 *
 * @example
 * const keys = signingKeys(db, { keySetCacheMs: 6 * 3600_000 })
 * const { kid, privateKey } = await keys.current()
 */
export function signingKeys(
  db: Kysely<Database>,
  {
    now = () => new Date(),
    keySetCacheMs = DEFAULT_KEY_SET_CACHE_MS,
    firstKey,
  }: {
    now?: () => Date
    keySetCacheMs?: number
    /** A private RSA JWK (no `kid`) that a database without a signing key starts with instead of a new one: the tests' pre-generated key. */
    firstKey?: JWK
  } = {},
) {
  // Kept until a key is added (every rotation adds one, in the same
  // transaction as the retirements it sets) or the time comes for a key to
  // change state or for the next rotation. Token writes do not reload the keys.
  let cached: { newestId: number; validUntil: number; current: SigningKey; jwks: { keys: JWK[] } } | undefined

  // While the table's change stamp stays put, the newest key is the one last read: no query per token.
  const readKeysStamp = tableChangeStampOf(db, 'signing_keys')
  let checkedAtStamp: string | undefined

  async function load() {
    const stamp = readKeysStamp?.()
    if (cached && stamp !== undefined && stamp === checkedAtStamp && now().getTime() < cached.validUntil) return cached
    const newestId = (await newestKeyId(db, {})).rows[0]!.newest
    if (cached && cached.newestId === newestId && now().getTime() < cached.validUntil) {
      checkedAtStamp = stamp
      return cached
    }
    // One reload at a time: requests arriving together must not each make a key.
    reloading ??= reload().finally(() => (reloading = undefined))
    return reloading
  }

  let reloading: ReturnType<typeof reload> | undefined

  async function reload() {
    const time = now()
    let rows = await db.selectFrom('signing_keys').selectAll().orderBy('id', 'desc').execute()
    let plan = keyPlan(rows, time, keySetCacheMs)
    if (plan.due) {
      const made = plan.due === 'first' && firstKey ? withNewKid(firstKey) : await newPrivateJwk()
      await storeSigningKey(db, made, { at: time, keySetCacheMs, onlyIfDue: true })
      rows = await db.selectFrom('signing_keys').selectAll().orderBy('id', 'desc').execute()
      plan = keyPlan(rows, time, keySetCacheMs)
    }
    const current = plan.signing!
    // Decrypted once a reload, like the rest of the cache: signing a token reads no row and decrypts nothing.
    const privateJwk = JSON.parse(secretBoxOf(db).open(privateJwkPlace(current.kid), current.private_jwk)) as JWK
    cached = {
      newestId: rows[0]!.id,
      validUntil: plan.validUntil,
      current: { kid: current.kid, privateKey: rsaPrivateKey(privateJwk) },
      jwks: { keys: plan.published.map((row) => JSON.parse(row.public_jwk) as JWK) },
    }
    return cached
  }

  return {
    /** How long relying parties may cache the key set; the JWKS answer's max-age stays within it. */
    keySetCacheMs,
    /** The key that signs now. */
    current: async (): Promise<SigningKey> => (await load()).current,
    /** The JWKS: the next key (once published), the signing key and every retired key still within its publication time. */
    jwks: async (): Promise<{ keys: JWK[] }> => (await load()).jwks,
    /** Rotates with this provider's key-set cache lifetime and clock. */
    rotate: ({ immediately = false } = {}) => rotateSigningKey(db, { at: now(), keySetCacheMs, immediately }),
    /** Every key with its state on this provider's clock, newest first. */
    list: () => signingKeyList(db, now()),
    /** This provider's clock. */
    now,
  }
}

export type SigningKeys = ReturnType<typeof signingKeys>
