/**
 * @module The management tokens repository, the one module that reads and
 * writes `management_tokens`. A token is `svc_mt_` and 43 characters of
 * base64url (256 random bits): the prefix lets secret scanners (GitHub's
 * among them) recognise a leaked one, and the entropy makes a fast hash
 * enough, so only its SHA-256 is stored and the token is shown once.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database, ManagementTokenRow } from '../db/schema.js'
import { InvalidInput } from '../invalid-input.js'
import { TOKEN_NAME_MAX } from '../../shared/management-tokens-wire.js'
import { parseTokenScopes, type TokenScope } from './token-scopes.js'

/** What every management token starts with. */
export const MANAGEMENT_TOKEN_PREFIX = 'svc_mt_'
/** The most days a token may live; an unlimited token is made by leaving the lifetime out. */
export const MAX_TOKEN_DAYS = 3650
export { TOKEN_NAME_MAX }
const DAY_MS = 24 * 60 * 60 * 1000
/** Shown characters of a token: the prefix and four of its random part. */
const SHOWN_CHARACTERS = MANAGEMENT_TOKEN_PREFIX.length + 4
/** How stale `last_used_at` may get before a use writes it again, so a busy token does not write on every request. */
const LAST_USED_PRECISION_MS = 60_000

/** A token as lists show it: everything but the secret. */
export interface ManagementToken {
  id: number
  name: string
  /** The organisation's id, or null for an operator-wide token. */
  organisationId: number | null
  scopes: TokenScope[]
  /** The token's first characters, to tell it apart. */
  prefix: string
  createdBy: string
  createdAt: string
  expiresAt: string | null
  lastUsedAt: string | null
  revokedAt: string | null
}

export interface NewManagementToken {
  name: string
  organisationId: number | null
  scopes: string | readonly string[]
  /** `account:SUB` or `cli:USER`. */
  createdBy: string
  /** Days until it expires; never when absent (and no `expiresAt`). */
  expiresInDays?: number | undefined
  /** The instant it expires, instead of `expiresInDays` (a date chosen in the console). */
  expiresAt?: Date | undefined
}

/** Where a token stands: usable, past its expiry, or revoked. */
export type ManagementTokenState = 'active' | 'expired' | 'revoked'

/**
 * Hashes a presented token the way it is stored.
 *
 * @example
 * hashManagementToken('svc_mt_…') // 64 hex characters
 */
export function hashManagementToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * Makes a token and returns it with the secret, which nothing can show again.
 *
 * @example
 * const { token, secret } = await createManagementToken(db, { name: 'CMS', organisationId: 3, scopes: 'ads:write', createdBy: 'cli:ada' })
 */
export async function createManagementToken(
  db: Kysely<Database>,
  input: NewManagementToken,
  now = new Date(),
): Promise<{ token: ManagementToken; secret: string }> {
  const name = tokenName(input.name)
  const scopes = parseTokenScopes(input.scopes)
  const expiresAt = tokenExpiry(input, now)
  const secret = `${MANAGEMENT_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
  const row = await db
    .insertInto('management_tokens')
    .values({
      name,
      organisation_id: input.organisationId,
      scopes: scopes.join(','),
      token_hash: hashManagementToken(secret),
      token_prefix: secret.slice(0, SHOWN_CHARACTERS),
      created_by: input.createdBy,
      created_at: now.toISOString(),
      expires_at: expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return { token: tokenOfRow(row), secret }
}

/**
 * The live token a bearer presents, or why it is refused: unknown (or not
 * a management token at all), expired or revoked. A use moves its
 * `last_used_at`, at most once a minute.
 *
 * @example
 * const found = await managementTokenFor(db, bearer)
 * if (found.refused) throw new InvalidToken(found.refused)
 */
export async function managementTokenFor(
  db: Kysely<Database>,
  presented: string,
  now = new Date(),
): Promise<{ token: ManagementToken; refused?: undefined } | { token?: undefined; refused: 'unknown' | 'expired' | 'revoked' }> {
  if (!presented.startsWith(MANAGEMENT_TOKEN_PREFIX)) return { refused: 'unknown' }
  const hash = hashManagementToken(presented)
  const row = await db.selectFrom('management_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst()
  // The lookup found the row by its hash; comparing again in constant time costs nothing and keeps the rule "secrets compare in constant time" true here too.
  if (!row || !timingSafeEqual(Buffer.from(row.token_hash, 'hex'), Buffer.from(hash, 'hex'))) return { refused: 'unknown' }
  if (row.revoked_at !== null) return { refused: 'revoked' }
  if (row.expires_at !== null && row.expires_at <= now.toISOString()) return { refused: 'expired' }
  if (row.last_used_at === null || now.getTime() - Date.parse(row.last_used_at) >= LAST_USED_PRECISION_MS) {
    await db.updateTable('management_tokens').set({ last_used_at: now.toISOString() }).where('id', '=', row.id).execute()
    row.last_used_at = now.toISOString()
  }
  return { token: tokenOfRow(row) }
}

/**
 * Tokens, newest first: one organisation's (`organisationId`), the
 * operator-wide ones (`null`), or all (absent).
 *
 * @example
 * const tokens = await listManagementTokens(db, { organisationId: 3 })
 */
export async function listManagementTokens(
  db: Kysely<Database>,
  { organisationId }: { organisationId?: number | null } = {},
): Promise<ManagementToken[]> {
  let query = db.selectFrom('management_tokens').selectAll()
  if (organisationId === null) query = query.where('organisation_id', 'is', null)
  else if (organisationId !== undefined) query = query.where('organisation_id', '=', organisationId)
  return (await query.orderBy('id', 'desc').execute()).map(tokenOfRow)
}

/**
 * One token by its id, revoked or not.
 *
 * @example
 * const token = await managementTokenWithId(db, 7)
 */
export async function managementTokenWithId(db: Kysely<Database>, id: number): Promise<ManagementToken | undefined> {
  const row = await db.selectFrom('management_tokens').selectAll().where('id', '=', id).executeTakeFirst()
  return row && tokenOfRow(row)
}

/**
 * Revokes a token from now on; a token revoked already keeps its first revocation time. Says whether this call revoked it.
 *
 * @example
 * await revokeManagementToken(db, 7)
 */
export async function revokeManagementToken(db: Kysely<Database>, id: number, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('management_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/**
 * A token's state at `now`: revoked wins over expired.
 *
 * @example
 * managementTokenState(token) // 'active'
 */
export function managementTokenState(token: Pick<ManagementToken, 'expiresAt' | 'revokedAt'>, now = new Date()): ManagementTokenState {
  if (token.revokedAt !== null) return 'revoked'
  if (token.expiresAt !== null && token.expiresAt <= now.toISOString()) return 'expired'
  return 'active'
}

/**
 * The names of tokens by id, revoked ones included (tokens are never
 * deleted, so every id the audit log names is found).
 *
 * @example
 * await managementTokenNames(db, [7, 9]) // Map { 7 => 'CMS import', 9 => 'Partner onboarding' }
 */
export async function managementTokenNames(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('management_tokens')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute()
  return new Map(rows.map((row) => [Number(row.id), row.name]))
}

/**
 * The ids of the tokens named `name` (whatever its case), at most 100: the
 * audit log's person filter finds what a token did by the name the page shows.
 *
 * @example
 * await managementTokenIdsNamed(db, 'cms sync') // [3]
 */
export async function managementTokenIdsNamed(db: Kysely<Database>, name: string): Promise<number[]> {
  const rows = await db
    .selectFrom('management_tokens')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.trim().toLowerCase()))
    .limit(100)
    .execute()
  return rows.map((row) => Number(row.id))
}

/**
 * A token's name as stored, trimmed; refused when empty or too long.
 *
 * @example
 * tokenName(' CMS ') // 'CMS'
 */
export function tokenName(name: string): string {
  const trimmed = name.trim()
  if (trimmed === '' || trimmed.length > TOKEN_NAME_MAX)
    throw new InvalidInput('name', `a token's name must be 1 to ${TOKEN_NAME_MAX} characters`)
  return trimmed
}

/**
 * The stored expiry: after whole days, at an instant, or never (null);
 * within {@link MAX_TOKEN_DAYS} and in the future, else refused.
 *
 * @example
 * tokenExpiry({ expiresInDays: 30 }, new Date('2026-03-01T00:00:00Z')) // '2026-03-31T00:00:00.000Z'
 */
export function tokenExpiry(
  { expiresInDays: days, expiresAt: at }: Pick<NewManagementToken, 'expiresInDays' | 'expiresAt'>,
  now = new Date(),
): string | null {
  if (days !== undefined && at !== undefined)
    throw new InvalidInput('expires_days', 'give a number of days or a date for the expiry, not both')
  if (days !== undefined) {
    if (!Number.isInteger(days) || days < 1 || days > MAX_TOKEN_DAYS)
      throw new InvalidInput('expires_days', `a token expires after 1 to ${MAX_TOKEN_DAYS} whole days, or never`)
    return new Date(now.getTime() + days * DAY_MS).toISOString()
  }
  if (at === undefined) return null
  if (Number.isNaN(at.getTime()) || at.getTime() <= now.getTime() || at.getTime() > now.getTime() + MAX_TOKEN_DAYS * DAY_MS)
    throw new InvalidInput('expires_at', `a token's expiry date must be in the future and at most ${MAX_TOKEN_DAYS} days away`)
  return at.toISOString()
}

function tokenOfRow(row: ManagementTokenRow): ManagementToken {
  return {
    id: Number(row.id),
    name: row.name,
    organisationId: row.organisation_id === null ? null : Number(row.organisation_id),
    scopes: row.scopes.split(',') as TokenScope[],
    prefix: row.token_prefix,
    createdBy: row.created_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  }
}
