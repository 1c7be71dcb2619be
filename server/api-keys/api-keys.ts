/**
 * @module The API keys repository: keys are random, shown once at creation
 * and stored as SHA-256 hashes (they carry 192 bits of entropy, so a fast
 * hash is enough), each with its permissions, allowed origins and rate
 * limit; the one module that reads and writes the `api_keys` table.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { InvalidInput } from '../invalid-input.js'
import { canonicalOrigin } from '../orgs/origins.js'
import { API_KEY_ORIGINS_MAX, API_KEY_RATE_LIMIT } from '../../shared/field-limits.js'

/** What a key may do. */
export type Permission = 'read_ads'
export const PERMISSIONS: readonly Permission[] = ['read_ads']

/** The requests a minute a key gets unless it is given its own limit. */
export const DEFAULT_RATE_LIMIT = API_KEY_RATE_LIMIT.default
const KEY_PREFIX = 'svc_pk_'

export interface NewApiKey {
  organisationId: number
  /** Allowed origins; empty allows any origin. */
  origins?: string[]
  rateLimit?: number
  permissions?: string[]
}

/** A stored key, as the ads API needs it to authorise a request. */
export interface ApiKeyGrant {
  keyId: number
  organisationId: number
  permissions: ReadonlySet<string>
  origins: readonly string[]
  rateLimit: number
  /** The key's organisation is archived: the key is refused as its own revocation would be, with a 403 saying why. */
  organisationArchived: boolean
}

/**
 * Hashes a presented key the way it is stored.
 *
 * @example
 * hashApiKey('svc_pk_…') // 64 hex characters
 */
export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex')
}

/**
 * A key's rate limit: the default when not given, else a whole number from 1 to 100000000 requests a minute.
 *
 * @example
 * rateLimitOf(undefined) // 600
 */
export function rateLimitOf(value: number | undefined): number {
  const rateLimit = value ?? DEFAULT_RATE_LIMIT
  const { min, max } = API_KEY_RATE_LIMIT
  if (!Number.isInteger(rateLimit) || rateLimit < min || rateLimit > max) {
    throw new InvalidInput('rate_limit', `rate limit must be an integer from ${min} to ${max} requests a minute`)
  }
  return rateLimit
}

/**
 * A key's allowed origins: each canonical, each once, and no more than
 * {@link API_KEY_ORIGINS_MAX} characters in all (separated by spaces, as
 * the console's field holds them).
 *
 * @example
 * keyOriginsOf(['HTTPS://Shop.example:443', 'https://shop.example']) // ['https://shop.example']
 */
export function keyOriginsOf(input: readonly string[]): string[] {
  const origins = [...new Set(input.map(canonicalOrigin))]
  if (origins.join(' ').length > API_KEY_ORIGINS_MAX)
    throw new InvalidInput('origins', `origins must be at most ${API_KEY_ORIGINS_MAX} characters in all, separated by spaces`)
  return origins
}

/**
 * Creates a key and returns its secret, which is not stored and cannot be
 * shown again.
 *
 * @example
 * const { apiKey } = await createApiKey(db, { organisationId: org.id, origins: ['https://acme.example'] })
 */
export async function createApiKey(db: Kysely<Database>, input: NewApiKey, now = new Date()): Promise<{ apiKey: string; keyId: number }> {
  const rateLimit = rateLimitOf(input.rateLimit)
  const permissions = input.permissions ?? ['read_ads']
  if (permissions.length === 0) throw new InvalidInput('permissions', 'a key needs at least one permission, e.g. read_ads')
  for (const permission of permissions) {
    if (!PERMISSIONS.includes(permission as Permission)) {
      throw new InvalidInput('permissions', `permission ${JSON.stringify(permission)} is unknown; known: ${PERMISSIONS.join(', ')}`)
    }
  }
  const origins = keyOriginsOf(input.origins ?? [])
  const apiKey = KEY_PREFIX + randomBytes(24).toString('base64url')
  const row = await db
    .insertInto('api_keys')
    .values({
      organisation_id: input.organisationId,
      key_hash: hashApiKey(apiKey),
      key_prefix: apiKey.slice(0, KEY_PREFIX.length + 4),
      permissions: JSON.stringify([...new Set(permissions)]),
      origins: JSON.stringify(origins),
      rate_limit: rateLimit,
      created_at: now.toISOString(),
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { apiKey, keyId: row.id }
}

/**
 * Looks up the live key whose secret was presented; `undefined` when no
 * unrevoked key matches.
 *
 * @example
 * const grant = await grantForApiKey(db, presentedKey)
 */
export async function grantForApiKey(db: Kysely<Database>, apiKey: string): Promise<ApiKeyGrant | undefined> {
  // The organisation's archive date comes with the key, so the ads API's one lookup (and its cache) covers both.
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('organisations', 'organisations.id', 'api_keys.organisation_id')
    .select([
      'api_keys.id',
      'api_keys.organisation_id',
      'api_keys.permissions',
      'api_keys.origins',
      'api_keys.rate_limit',
      'organisations.archived_at',
    ])
    .where('api_keys.key_hash', '=', hashApiKey(apiKey))
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    keyId: row.id,
    organisationId: row.organisation_id,
    permissions: new Set(JSON.parse(row.permissions) as string[]),
    origins: JSON.parse(row.origins) as string[],
    rateLimit: row.rate_limit,
    organisationArchived: row.archived_at !== null,
  }
}

/** A stored key as its organisation's admins see it: never its hash. */
export interface ListedApiKey {
  id: number
  key_prefix: string
  origins: string[]
  rate_limit: number
  permissions: string[]
  created_at: string
  revoked_at: string | null
}

/**
 * An organisation's keys, revoked ones too, newest first.
 *
 * @example
 * const keys = await apiKeysOf(db, org.id)
 */
export async function apiKeysOf(db: Kysely<Database>, organisationId: number): Promise<ListedApiKey[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select(['id', 'key_prefix', 'origins', 'rate_limit', 'permissions', 'created_at', 'revoked_at'])
    .where('organisation_id', '=', organisationId)
    .orderBy('id', 'desc')
    .execute()
  return rows.map((row) => ({
    ...row,
    origins: JSON.parse(row.origins) as string[],
    permissions: JSON.parse(row.permissions) as string[],
  }))
}

/**
 * A key by its row id (as `key list` prints it), with its organisation's row id, or `undefined`.
 *
 * @example
 * const key = await apiKeyWithId(db, 7)
 */
export async function apiKeyWithId(db: Kysely<Database>, keyId: number): Promise<(ListedApiKey & { organisation_id: number }) | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'organisation_id', 'key_prefix', 'origins', 'rate_limit', 'permissions', 'created_at', 'revoked_at'])
    .where('id', '=', keyId)
    .executeTakeFirst()
  if (!row) return undefined
  return { ...row, origins: JSON.parse(row.origins) as string[], permissions: JSON.parse(row.permissions) as string[] }
}

/**
 * The organisation a key (by row id) belongs to, or `undefined` for no such key.
 *
 * @example
 * const organisationId = await organisationIdOfApiKey(db, 7)
 */
export async function organisationIdOfApiKey(db: Kysely<Database>, keyId: number): Promise<number | undefined> {
  const row = await db.selectFrom('api_keys').select('organisation_id').where('id', '=', keyId).executeTakeFirst()
  return row?.organisation_id
}

/**
 * How many unrevoked keys each organisation has, by organisation row id (none: absent).
 *
 * @example
 * const keys = (await liveKeyCounts(db)).get(org.id) ?? 0
 */
export async function liveKeyCounts(db: Kysely<Database>): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('api_keys')
    .select(['organisation_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('revoked_at', 'is', null)
    .groupBy('organisation_id')
    .execute()
  return new Map(rows.map((row) => [row.organisation_id, Number(row.count)]))
}

/**
 * Revokes a key so it stops working at once.
 *
 * @example
 * await revokeApiKey(db, keyId)
 */
export async function revokeApiKey(db: Kysely<Database>, keyId: number, now = new Date()): Promise<void> {
  await db.updateTable('api_keys').set({ revoked_at: now.toISOString() }).where('id', '=', keyId).execute()
}
