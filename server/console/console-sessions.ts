/**
 * @module The console's sessions: the browser holds only a random cookie
 * (HttpOnly, SameSite=Lax: `__Host-svc_console` at `/` on an https issuer,
 * which a sibling subdomain can neither plant nor overwrite, and
 * `svc_console` at `/console` over plain http); the tokens it
 * stands for stay in the database, so every replica knows it. A console
 * session lasts no longer than the svc session it was signed in with
 * (signing out of svc signs out of the console), and its roles are read
 * from the account's current row on every request, so a role taken away
 * stops working at once. While an operator requires a second factor for
 * console roles, a session with a role whose svc sign-in used one factor
 * says so (`secondFactorMissing`), and the guard lets it reach the account
 * page only.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { type CookiePlace, hostCookie } from '../http/host-cookie.js'
import { claimsFor } from '../accounts/users.js'
import { liveSessionUser, sessionAuthentication } from '../grants/sessions.js'
import { secondFactorRequired, signedInWithSecondFactor } from '../accounts/second-factor-requirement.js'
import { sessionIdOfToken } from '../grants/tokens.js'
import { type ConsoleRoles, hasAnyRole, rolesFrom } from './roles.js'

/** The scopes the console asks for, whose claims it reads. */
export const CONSOLE_SCOPES = ['openid', 'profile', 'email', 'svc.access']

const LIFETIME_MS = 8 * 60 * 60 * 1000

export interface ConsoleSession {
  idHash: string
  sub: string
  claims: Record<string, unknown>
  roles: ConsoleRoles
  idToken: string
  csrf: string
  /** The svc session this console session was signed in with (a password changed here keeps it). */
  svcSessionId: number
  /** A console role, an operator requiring a second factor of it, and a sign-in with one factor only: the account page is all it may use. */
  secondFactorMissing: boolean
}

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex')

export interface ConsoleSessions {
  /** Stores a new session for the signed-in user and sets its cookie. */
  start(c: Context, tokens: { claims: Record<string, unknown>; idToken: string; accessToken: string; refreshToken?: string }): Promise<void>
  /** The session the request's cookie names, while it lasts. */
  current(c: Context): Promise<ConsoleSession | undefined>
  /** Ends the session and clears its cookie. */
  end(c: Context, session: ConsoleSession): Promise<void>
}

/**
 * The console's sessions for a deployment whose issuer is `issuer` (its
 * scheme, not the request's, decides the cookie: behind a TLS-terminating
 * proxy the request is http).
 *
 * @example
 * const sessions = consoleSessions(db, issuer)
 * const session = await sessions.current(c)
 */
export function consoleSessions(db: Kysely<Database>, issuer: string): ConsoleSessions {
  const cookie = hostCookie(issuer, 'svc_console', '/console')
  return {
    start: (c, tokens) => startConsoleSession(c, db, cookie, tokens),
    current: (c) => consoleSession(c, db, cookie),
    end: (c, session) => endConsoleSession(c, db, cookie, session),
  }
}

async function startConsoleSession(
  c: Context,
  db: Kysely<Database>,
  cookie: CookiePlace,
  tokens: { claims: Record<string, unknown>; idToken: string; accessToken: string; refreshToken?: string },
  now = new Date(),
): Promise<void> {
  const value = randomBytes(32).toString('base64url')
  // The svc session the sign-in ran in, named by the access token it issued.
  const svcSessionId = (await sessionIdOfToken(db, tokens.accessToken)) ?? null
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
      svc_session_id: svcSessionId,
    })
    .execute()
  setCookie(c, cookie.name, value, {
    httpOnly: true,
    sameSite: 'Lax',
    path: cookie.path,
    secure: cookie.secure,
    maxAge: LIFETIME_MS / 1000,
  })
}

async function consoleSession(
  c: Context,
  db: Kysely<Database>,
  cookie: CookiePlace,
  now = new Date(),
): Promise<ConsoleSession | undefined> {
  const value = getCookie(c, cookie.name)
  if (!value || value.length > 100) return undefined
  const row = await db.selectFrom('console_sessions').selectAll().where('id_hash', '=', hashOf(value)).executeTakeFirst()
  if (!row || Date.parse(row.expires_at) <= now.getTime()) return undefined
  // The account as it is now, while the svc session the console signed in
  // with lives: a sign-out of svc (or that session ending any other way)
  // ends this one, and an account deleted or demoted bites at once.
  const user = row.svc_session_id === null ? undefined : await liveSessionUser(db, row.svc_session_id, now)
  if (!user || user.sub !== row.user_sub) {
    await db.deleteFrom('console_sessions').where('id_hash', '=', row.id_hash).execute()
    return undefined
  }
  // Only the current row: a cleared svc_role or svc_app must not fall back
  // to what the id_token said at sign-in.
  const claims = claimsFor(user, CONSOLE_SCOPES)
  const roles = rolesFrom(claims)
  // Read on every request, as the roles are: turning the requirement on bites at once, without a sign-out.
  const secondFactorMissing =
    hasAnyRole(roles) &&
    (await secondFactorRequired(db)) &&
    !signedInWithSecondFactor((await sessionAuthentication(db, row.svc_session_id)).amr ?? [])
  return {
    idHash: row.id_hash,
    sub: row.user_sub,
    claims,
    roles,
    idToken: row.id_token,
    csrf: row.csrf,
    svcSessionId: row.svc_session_id!,
    secondFactorMissing,
  }
}

async function endConsoleSession(c: Context, db: Kysely<Database>, cookie: CookiePlace, session: ConsoleSession): Promise<void> {
  await db.deleteFrom('console_sessions').where('id_hash', '=', session.idHash).execute()
  deleteCookie(c, cookie.name, { path: cookie.path, secure: cookie.secure })
}

/**
 * Ends every console session of an account (it is being deleted), with no
 * cookie to clear: the browsers holding them find them gone.
 *
 * @example
 * await endConsoleSessionsOf(trx, user.sub)
 */
export async function endConsoleSessionsOf(db: Kysely<Database>, userSub: string): Promise<void> {
  await db.deleteFrom('console_sessions').where('user_sub', '=', userSub).execute()
}
