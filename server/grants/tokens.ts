/**
 * @module Tokens: opaque access and refresh tokens (random, stored as
 * SHA-256), RS256 id_tokens, and revocation of a whole grant (everything
 * issued from one authorization code) or of a client's tokens for a user;
 * the one module that reads and writes the `tokens` table.
 */
import { hash } from 'node:crypto'
import { userById } from '../accounts/users.js'
import { clientById } from '../clients/clients.js'
import type { Insertable, Kysely } from 'kysely'
import type { ClientRow, Database, TokenRow, TokensTable, UserRow } from '../db/schema.js'
import { epochSeconds, LIFETIMES, type IdentityProviderContext } from './identity-provider-context.js'
import { signRs256Json } from './sign-jws.js'
import { claimsTail, idTokenPayload } from './id-token-payload.js'
import { preparedQuery } from '../db/prepared-query.js'
import { sessionIdTokenClaims } from './sessions.js'
import { keptRows } from '../db/kept-rows.js'
import { hashToken } from './token-hash.js'
import { pooledRandomText } from '../random-pool.js'

// A session's amr, acr and sid change only with its row: kept, as the id_token's JSON, until the sessions table changes.
const keptSessionTail = keptRows('sessions', async (db: Kysely<Database>, sessionId: number | null | undefined) =>
  claimsTail(await sessionIdTokenClaims(db, sessionId)),
)

// 32 bytes from the shared pool: a call into the system's generator for each cost a grant more than both values.
const newTokenValue = () => pooledRandomText(32, 'base64url')

export interface TokenResponse {
  access_token: string
  token_type: 'Bearer'
  expires_in: number
  scope: string
  refresh_token?: string
  id_token?: string
}

export interface Issuance {
  client: ClientRow
  user: UserRow
  scopes: string[]
  grantId: string
  authTime: number
  sessionId: number | null
  nonce?: string
  /** When the refresh chain must end; set for the first refresh token of a grant. */
  grantExpiresAt: Date
  withIdToken: boolean
  /** The scopes the refresh token keeps, when the access token's were narrowed. */
  refreshScopes?: string[]
}

/**
 * Issues an access token, a refresh token when `offline_access` was
 * granted, and an id_token when asked; returns the token response.
 *
 * @example
 * const response = await issueTokens(provider, { client, user, scopes, grantId, authTime, sessionId, grantExpiresAt, withIdToken: true })
 */
export async function issueTokens(provider: IdentityProviderContext, issuance: Issuance): Promise<TokenResponse> {
  const { response, store } = await prepareTokens(provider, issuance)
  await store(provider.db)
  return response
}

/**
 * Makes the tokens and signs the id_token without storing anything yet, so
 * a caller can store them in the same transaction as another change (a
 * refresh token's rotation).
 *
 * @example
 * const { response, store } = await prepareTokens(provider, issuance)
 * await provider.db.transaction().execute(async (trx) => { …; await store(trx) })
 */
export async function prepareTokens(
  provider: IdentityProviderContext,
  issuance: Issuance,
): Promise<{ response: TokenResponse; store: (db: Kysely<Database>) => Promise<void> }> {
  const now = provider.now()
  const accessToken = newTokenValue()
  const issued = { issuance, createdAt: now.toISOString(), grantExpiresAt: issuance.grantExpiresAt.toISOString() }
  const accessExpiresAt = new Date(now.getTime() + LIFETIMES.accessToken * 1000).toISOString()
  const rows = [newTokenRow(issued, 'access', accessToken, issuance.scopes, accessExpiresAt)]
  const response: TokenResponse = {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: LIFETIMES.accessToken,
    scope: issuance.scopes.join(' '),
  }
  // A refresh token keeps the whole grant (RFC 6749 §6), even when the
  // access token beside it was narrowed.
  const refreshScopes = issuance.refreshScopes ?? issuance.scopes
  if (refreshScopes.includes('offline_access')) {
    const refreshToken = newTokenValue()
    const idleEnd = now.getTime() + LIFETIMES.refreshTokenIdle * 1000
    const refreshExpiresAt = new Date(Math.min(idleEnd, issuance.grantExpiresAt.getTime())).toISOString()
    rows.push(newTokenRow(issued, 'refresh', refreshToken, refreshScopes, refreshExpiresAt))
    response.refresh_token = refreshToken
  }
  if (issuance.withIdToken) response.id_token = await signIdToken(provider, issuance, accessToken)
  return {
    response,
    // An access and a refresh token (every rotation) go in one statement.
    store: async (db) => {
      if (rows.length === 2) await insertTokenPair(db, pairValues(rows[0]!, rows[1]!))
      else for (const row of rows) await insertToken(db, row)
    },
  }
}

/** A token row as issued: neither retired nor revoked. */
type NewToken = Insertable<TokensTable> & { retired_at: null; revoked_at: null }

/** What the tokens issued together share: their issuance, when, and when the grant ends (ISO). */
interface IssuedTogether {
  issuance: Issuance
  createdAt: string
  grantExpiresAt: string
}

/**
 * One token's row, written out whole: a spread of the shared columns
 * (`{ ...base, kind }`) cost about 9 µs a row on Node 20, more than the
 * rest of the row together, and left an object that is slow to read.
 */
function newTokenRow(
  { issuance, createdAt, grantExpiresAt }: IssuedTogether,
  kind: 'access' | 'refresh',
  value: string,
  scopes: readonly string[],
  expiresAt: string,
): NewToken {
  return {
    token_hash: hashToken(value),
    kind,
    grant_id: issuance.grantId,
    client_id: issuance.client.id,
    user_id: issuance.user.id,
    session_id: issuance.sessionId,
    scopes: scopes.join(' '),
    auth_time: issuance.authTime,
    created_at: createdAt,
    expires_at: expiresAt,
    grant_expires_at: grantExpiresAt,
    retired_at: null,
    revoked_at: null,
  }
}

const insertToken = preparedQuery((db, row: NewToken) =>
  db.insertInto('tokens').values({
    token_hash: row.token_hash,
    kind: row.kind,
    grant_id: row.grant_id,
    client_id: row.client_id,
    user_id: row.user_id,
    session_id: row.session_id,
    scopes: row.scopes,
    auth_time: row.auth_time,
    created_at: row.created_at,
    expires_at: row.expires_at,
    grant_expires_at: row.grant_expires_at,
    retired_at: row.retired_at,
    revoked_at: row.revoked_at,
  }),
)

const TOKEN_COLUMNS = [
  'token_hash',
  'kind',
  'grant_id',
  'client_id',
  'user_id',
  'session_id',
  'scopes',
  'auth_time',
  'created_at',
  'expires_at',
  'grant_expires_at',
  'retired_at',
  'revoked_at',
] as const

// Prepared queries take flat values: the pair's columns as a_… and b_….
const A_NAMES = TOKEN_COLUMNS.map((column) => `a_${column}`)
const B_NAMES = TOKEN_COLUMNS.map((column) => `b_${column}`)
function pairValues(a: NewToken, b: NewToken): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (let i = 0; i < TOKEN_COLUMNS.length; i++) {
    values[A_NAMES[i]!] = a[TOKEN_COLUMNS[i]!]
    values[B_NAMES[i]!] = b[TOKEN_COLUMNS[i]!]
  }
  return values
}

const insertTokenPair = preparedQuery((db, values: Record<string, unknown>) => {
  const row = (prefix: string) => Object.fromEntries(TOKEN_COLUMNS.map((column) => [column, values[`${prefix}${column}`]])) as NewToken
  return db.insertInto('tokens').values([row('a_'), row('b_')])
})

/**
 * Signs an id_token with the current key: iss, sub, aud, exp, iat, auth_time, amr, acr and sid (from the session), nonce, at_hash (with an access token) and the claims the scopes release.
 *
 * @example
 * const idToken = await signIdToken(provider, issuance, accessToken)
 */
export async function signIdToken(
  provider: IdentityProviderContext,
  issuance: Pick<Issuance, 'client' | 'user' | 'scopes' | 'authTime' | 'nonce'> & Partial<Pick<Issuance, 'sessionId'>>,
  accessToken?: string,
): Promise<string> {
  const { kid, privateKey } = await provider.keys.current()
  // How the sign-in this token stands for was made (RFC 8176) and the session's sid (Back-Channel Logout §2.1), read from its session.
  const sessionTail = await keptSessionTail(provider.db, issuance.sessionId)
  const now = epochSeconds(provider.now())
  const payload = idTokenPayload(provider.issuer, issuance.client, issuance.user, issuance.scopes, sessionTail ?? '', {
    issuedAt: now,
    expiresAt: now + LIFETIMES.idToken,
    authTime: issuance.authTime,
    // OIDC Core §3.1.3.6: the left half of the SHA-256 of the access token, when one is issued with it.
    atHash: accessToken === undefined ? undefined : hash('sha256', accessToken, 'buffer').subarray(0, 16).toString('base64url'),
    nonce: issuance.nonce,
  })
  return signRs256Json({ alg: 'RS256', kid, typ: 'JWT' }, payload, privateKey)
}

/**
 * The stored token a presented value names, of either kind, or `undefined`.
 *
 * @example
 * const token = await tokenByValue(provider, presented)
 */
export async function tokenByValue(provider: IdentityProviderContext, value: string): Promise<TokenRow | undefined> {
  if (value.length === 0 || value.length > 200) return undefined
  return (await tokenByHash(provider.db, { hash: hashToken(value) })).rows[0]
}

const tokenByHash = preparedQuery((db, { hash }: { hash: string }) => db.selectFrom('tokens').selectAll().where('token_hash', '=', hash))

/** True while a token may be used: not revoked, not retired, not expired. */
export function isTokenLive(token: TokenRow, now: Date): boolean {
  return token.revoked_at === null && token.retired_at === null && Date.parse(token.expires_at) > now.getTime()
}

/**
 * Revokes every token of a grant (a code replay, a reused refresh token, a revoked refresh token); returns how many.
 *
 * @example
 * await revokeGrant(provider, token.grant_id, 'refresh token reused')
 */
export async function revokeGrant(provider: IdentityProviderContext, grantId: string, reason: string): Promise<number> {
  return provider.db.transaction().execute(async (trx) => {
    const live = await trx
      .selectFrom('tokens')
      .select(['user_id', 'client_id'])
      .where('grant_id', '=', grantId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    const result = await trx
      .updateTable('tokens')
      .set({ revoked_at: provider.now().toISOString() })
      .where('grant_id', '=', grantId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    const count = Number(result.numUpdatedRows)
    if (count > 0 && live) {
      const user = await userById(trx, live.user_id)
      const client = await clientById(trx, live.client_id)
      if (user && client)
        await provider.events.record(trx, 'tokens.revoked', client.client_id, { account: user.sub, tokens: count, reason })
    }
    return count
  })
}

/**
 * Revokes every token a client holds for a user (logout), in `db`'s transaction when given one.
 *
 * @example
 * await revokeClientTokensForUser(provider, client, user)
 */
export async function revokeClientTokensForUser(
  provider: IdentityProviderContext,
  client: ClientRow,
  user: UserRow,
  reason: string,
  db: Kysely<Database> = provider.db,
): Promise<number> {
  const count = await revokeTokensOfClientForUser(db, client.id, user.id, provider.now())
  if (count > 0) await provider.events.record(db, 'tokens.revoked', client.client_id, { account: user.sub, tokens: count, reason })
  return count
}

/**
 * Revokes every live token a client holds for a user (but those issued in `keepSessionId`), recording no event; returns how many.
 *
 * @example
 * const count = await revokeTokensOfClientForUser(trx, client.id, user.id, new Date())
 */
export async function revokeTokensOfClientForUser(
  db: Kysely<Database>,
  clientId: number,
  userId: number,
  now: Date,
  keepSessionId?: number,
): Promise<number> {
  let query = db
    .updateTable('tokens')
    .set({ revoked_at: now.toISOString() })
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
  if (keepSessionId !== undefined) query = query.where((eb) => eb.or([eb('session_id', 'is', null), eb('session_id', '!=', keepSessionId)]))
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * Revokes every live token issued in one svc session (it was signed out
 * from the account page), recording no event; returns how many each
 * client (by row id) lost.
 *
 * @example
 * for (const [clientId, count] of await revokeTokensOfSession(trx, session.id, now)) …
 */
export async function revokeTokensOfSession(db: Kysely<Database>, sessionId: number, now: Date): Promise<Map<number, number>> {
  const live = await db
    .selectFrom('tokens')
    .select('client_id')
    .where('session_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute()
  await db
    .updateTable('tokens')
    .set({ revoked_at: now.toISOString() })
    .where('session_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute()
  const counts = new Map<number, number>()
  for (const { client_id } of live) counts.set(client_id, (counts.get(client_id) ?? 0) + 1)
  return counts
}

/**
 * Revokes one token, recording no event.
 *
 * @example
 * await revokeToken(trx, token.id, provider.now())
 */
export async function revokeToken(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  await db.updateTable('tokens').set({ revoked_at: now.toISOString() }).where('id', '=', id).execute()
}

/**
 * Retires a refresh token replaced by rotation, unless it is retired or
 * revoked already (then no row changes: a concurrent use won).
 *
 * @example
 * const { numAffectedRows } = await retireRefreshToken(trx, { id: token.id, at: now.toISOString() })
 */
export const retireRefreshToken = preparedQuery((db, { id, at }: { id: number; at: string }) =>
  db.updateTable('tokens').set({ retired_at: at }).where('id', '=', id).where('retired_at', 'is', null).where('revoked_at', 'is', null),
)

/**
 * The row ids of the clients holding live (unrevoked) tokens for the user, once per token.
 *
 * @example
 * const clientIds = await clientsHoldingTokensOf(trx, user.id)
 */
export async function clientsHoldingTokensOf(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('tokens').select('client_id').where('user_id', '=', userId).where('revoked_at', 'is', null).execute()
  return rows.map((row) => row.client_id)
}

/**
 * The svc session a token was issued under (`null` for none), or
 * `undefined` for a token svc does not know.
 *
 * @example
 * const sessionId = await sessionIdOfToken(db, tokens.access_token)
 */
export async function sessionIdOfToken(db: Kysely<Database>, value: string): Promise<number | null | undefined> {
  const row = await db.selectFrom('tokens').select('session_id').where('token_hash', '=', hashToken(value)).executeTakeFirst()
  return row?.session_id
}
