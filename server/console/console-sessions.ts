/**
 * @module The console's sessions: the browser holds only a random cookie
 * (`svc_console`, HttpOnly, SameSite=Lax, path `/console`); the tokens and
 * claims it stands for stay in the database, so every replica knows it.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { claimsFor } from '../accounts/users.js'
import { type ConsoleRoles, rolesFrom } from './roles.js'

/** The scopes the console asks for, whose claims it reads. */
export const CONSOLE_SCOPES = ['openid', 'profile', 'email', 'svc.access']

export const CONSOLE_COOKIE = 'svc_console'
const LIFETIME_MS = 8 * 60 * 60 * 1000

export interface ConsoleSession {
  idHash: string
  sub: string
  claims: Record<string, unknown>
  roles: ConsoleRoles
  idToken: string
  csrf: string
}

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex')

/**
 * Stores a new session for the signed-in user and sets its cookie.
 *
 * @example
 * await startConsoleSession(c, db, { claims, idToken, accessToken, refreshToken })
 */
export async function startConsoleSession(
  c: Context,
  db: Kysely<Database>,
  tokens: { claims: Record<string, unknown>; idToken: string; accessToken: string; refreshToken?: string; secure: boolean },
  now = new Date(),
): Promise<void> {
  const value = randomBytes(32).toString('base64url')
  await db
    .insertInto('console_sessions')
    .values({
      id_hash: hashOf(value),
      user_sub: String(tokens.claims.sub),
      claims: JSON.stringify(tokens.claims),
      id_token: tokens.idToken,
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken ?? null,
      csrf: randomBytes(24).toString('base64url'),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + LIFETIME_MS).toISOString(),
    })
    .execute()
  setCookie(c, CONSOLE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/console',
    // From the issuer, not the request: behind a TLS-terminating proxy the request is http.
    secure: tokens.secure,
    maxAge: LIFETIME_MS / 1000,
  })
}

/**
 * The session the request's cookie names, while it lasts.
 *
 * @example
 * const session = await consoleSession(c, db)
 */
export async function consoleSession(c: Context, db: Kysely<Database>, now = new Date()): Promise<ConsoleSession | undefined> {
  const value = getCookie(c, CONSOLE_COOKIE)
  if (!value || value.length > 100) return undefined
  const row = await db.selectFrom('console_sessions').selectAll().where('id_hash', '=', hashOf(value)).executeTakeFirst()
  if (!row || Date.parse(row.expires_at) <= now.getTime()) return undefined
  // The roles are read afresh from the account on every request: one taken
  // away (or an account deleted) stops working at once, not at sign-out.
  const user = await db.selectFrom('users').selectAll().where('sub', '=', row.user_sub).executeTakeFirst()
  if (!user) return undefined
  const claims = { ...(JSON.parse(row.claims) as Record<string, unknown>), ...claimsFor(user, CONSOLE_SCOPES) }
  return { idHash: row.id_hash, sub: row.user_sub, claims, roles: rolesFrom(claims), idToken: row.id_token, csrf: row.csrf }
}

/**
 * Ends the session and clears its cookie.
 *
 * @example
 * await endConsoleSession(c, db, session)
 */
export async function endConsoleSession(c: Context, db: Kysely<Database>, session: ConsoleSession): Promise<void> {
  await db.deleteFrom('console_sessions').where('id_hash', '=', session.idHash).execute()
  deleteCookie(c, CONSOLE_COOKIE, { path: '/console' })
}
