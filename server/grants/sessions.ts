/**
 * @module Browser sessions at the identity provider: a random cookie value
 * whose SHA-256 is stored, lasting 14 days. The cookie is HttpOnly, Secure
 * and SameSite=None, because FedCM only sends SameSite=None cookies (and
 * Chromium accepts Secure cookies from http://localhost). A session is
 * only ever a confirmed account's: one whose address is not confirmed is
 * nobody's way in (whoever typed the address may not own the mailbox), so
 * its sessions count as none. A disabled account's sessions count as none
 * too (disabling ends them as well), and no session starts for one: the
 * sign-in paths refuse it first with their own sentence, this is the
 * backstop. Ending sessions spends the authorization
 * codes issued in them, so no code outlives the sign-in it came from.
 * Each session keeps the browser's User-Agent at sign-in (capped, see
 * `session-device.ts`) and when it was last used, written at most once a
 * minute ({@link ACTIVITY_STEP_MS}) so a busy browser costs no write a
 * request; no IP address is kept. Each also has a random public name,
 * `sid`, which id_tokens carry; ending sessions queues a back-channel
 * logout token to every client they signed in to that asked for one, in
 * the same transaction (`webhooks/backchannel-logout.ts`).
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Kysely } from 'kysely'
import { isDisabled, userById } from '../accounts/users.js'
import { Refusal } from '../refusal.js'
import type { Database, UserRow } from '../db/schema.js'
import { LIFETIMES, type IdentityProviderContext } from './identity-provider-context.js'
import { hostCookie } from '../http/host-cookie.js'
import { renewBrowserState } from './session-state.js'
import { spendCodesOfSessions } from './authorization-codes.js'
import { storedUserAgent } from './session-device.js'
import { type AuthenticationMethod, authenticationClaims } from './authentication-methods.js'
import { queueBackchannelLogouts } from '../webhooks/backchannel-logout.js'

/** The session cookie's name; `__Host-svc_session` on an https issuer. */
export const sessionCookie = (provider: Pick<IdentityProviderContext, 'issuer'>) => hostCookie(provider.issuer, 'svc_session').name

export interface ActiveSession {
  id: number
  authTime: number
  user: UserRow
  /** How the sign-in was made (RFC 8176), as id_tokens say it. */
  amr: AuthenticationMethod[]
}

/** A session asked for a disabled account: a sign-in path forgot to refuse it first. */
export class AccountDisabled extends Refusal {
  override name = 'AccountDisabled'
  readonly status = 403
  constructor() {
    super('This account has been disabled. Ask your administrator, or the person who runs this service, to enable it again.')
  }
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex')

/**
 * Signs a user in: stores a session, with how the sign-in was made, and sets its cookie on the answer.
 *
 * @example
 * const session = await startSession(c, provider, user, ['pwd'])
 */
export async function startSession(
  c: Context,
  provider: IdentityProviderContext,
  user: UserRow,
  amr: AuthenticationMethod[],
): Promise<ActiveSession> {
  if (isDisabled(user)) throw new AccountDisabled()
  const now = provider.now()
  const value = randomBytes(32).toString('base64url')
  const authTime = Math.floor(now.getTime() / 1000)
  const row = await provider.db
    .insertInto('sessions')
    .values({
      session_hash: hash(value),
      // A name relying parties see, unrelated to the cookie's value so that knowing it proves nothing.
      sid: randomBytes(16).toString('base64url'),
      user_id: user.id,
      auth_time: authTime,
      amr: JSON.stringify(amr),
      created_at: now.toISOString(),
      user_agent: storedUserAgent(c.req.header('User-Agent')),
      last_active_at: now.toISOString(),
      expires_at: new Date(now.getTime() + LIFETIMES.session * 1000).toISOString(),
      ended_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  setCookie(c, sessionCookie(provider), value, { httpOnly: true, secure: true, sameSite: 'None', path: '/', maxAge: LIFETIMES.session })
  c.header('Set-Login', 'logged-in')
  renewBrowserState(c, provider.issuer)
  return { id: row.id, authTime, user, amr }
}

/**
 * Signs `user` in in place of whoever this browser was signed in as: the
 * old session ends (and its codes with it) before the new one starts, so
 * one browser never holds two.
 *
 * @example
 * const session = await switchSession(c, provider, check.user, ['pwd'])
 */
export async function switchSession(
  c: Context,
  provider: IdentityProviderContext,
  user: UserRow,
  amr: AuthenticationMethod[],
): Promise<ActiveSession> {
  const previous = await currentSession(c, provider)
  // Only the row: the new session's cookies replace the old ones, each set once on the answer.
  if (previous) await endSessionRow(provider.db, previous.id, provider.now())
  return startSession(c, provider, user, amr)
}

/** Marks a session ended, spends the codes issued in it and queues its back-channel logouts. */
async function endSessionRow(db: Kysely<Database>, sessionId: number, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ ended_at: now.toISOString() }).where('id', '=', sessionId).execute()
  await spendCodesOfSessions(db, { sessionId }, now)
  await queueBackchannelLogouts(db, [sessionId], now)
}

/**
 * The live session the request's cookie names, if any.
 *
 * @example
 * const session = await currentSession(c, provider)
 */
export async function currentSession(c: Context, provider: IdentityProviderContext): Promise<ActiveSession | undefined> {
  const value = getCookie(c, sessionCookie(provider))
  if (!value || value.length > 100) return undefined
  return sessionByCookieValue(provider.db, value, provider.now())
}

async function sessionByCookieValue(db: Kysely<Database>, value: string, now: Date): Promise<ActiveSession | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'auth_time', 'amr', 'expires_at', 'ended_at', 'last_active_at'])
    .where('session_hash', '=', hash(value))
    .executeTakeFirst()
  if (!row || row.ended_at !== null || Date.parse(row.expires_at) <= now.getTime()) return undefined
  const user = await confirmedUser(db, row.user_id)
  if (user) await noteActivity(db, row, now)
  return user && { id: row.id, authTime: row.auth_time, user, amr: (authenticationClaims(row.amr).amr ?? []) as AuthenticationMethod[] }
}

/** "Last active" moves in steps of this much: a session used more often is written once a step, not once a request. */
export const ACTIVITY_STEP_MS = 60_000

/** Records that the session was used now, unless that was recorded less than a step ago. */
async function noteActivity(db: Kysely<Database>, row: { id: number; last_active_at: string | null }, now: Date): Promise<void> {
  if (row.last_active_at !== null && now.getTime() - Date.parse(row.last_active_at) < ACTIVITY_STEP_MS) return
  await db.updateTable('sessions').set({ last_active_at: now.toISOString() }).where('id', '=', row.id).execute()
}

/**
 * Whether the request's session cookie names a session (ended or not) of
 * an account that is disabled now: the sign-in page then tells the person
 * why they were signed out. Only the holder of that session's cookie
 * learns it, as only the right password does on the login form.
 *
 * @example
 * if (await sessionOfDisabledAccount(c, provider)) error = t.signedOutDisabled
 */
export async function sessionOfDisabledAccount(c: Context, provider: Pick<IdentityProviderContext, 'db' | 'issuer'>): Promise<boolean> {
  const value = getCookie(c, sessionCookie(provider))
  if (!value || value.length > 100) return false
  const row = await provider.db.selectFrom('sessions').select('user_id').where('session_hash', '=', hash(value)).executeTakeFirst()
  const user = row && (await userById(provider.db, row.user_id))
  return user !== undefined && isDisabled(user)
}

/** The account, when its address is confirmed and it is not disabled: otherwise it signs nobody in. */
async function confirmedUser(db: Kysely<Database>, userId: number): Promise<UserRow | undefined> {
  const user = await userById(db, userId)
  return user?.email_verified === 1 && !isDisabled(user) ? user : undefined
}

/**
 * The account of a session while it lives (not ended, not expired), read
 * afresh; `undefined` once it is over. For what lasts only as long as a
 * svc session, such as the console's.
 *
 * @example
 * const user = await liveSessionUser(db, sessionId, new Date())
 */
export async function liveSessionUser(db: Kysely<Database>, sessionId: number, now: Date): Promise<UserRow | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'expires_at', 'ended_at', 'last_active_at'])
    .where('id', '=', sessionId)
    .executeTakeFirst()
  if (!row || row.ended_at !== null || Date.parse(row.expires_at) <= now.getTime()) return undefined
  const user = await confirmedUser(db, row.user_id)
  // The console's pages are this session in use too.
  if (user) await noteActivity(db, row, now)
  return user
}

/**
 * Ends the session and clears its cookie.
 *
 * @example
 * await endSession(c, provider, session)
 */
export async function endSession(
  c: Context,
  provider: IdentityProviderContext,
  session: ActiveSession | undefined,
  db: Kysely<Database> = provider.db,
): Promise<void> {
  if (session) await endSessionRow(db, session.id, provider.now())
  deleteCookie(c, sessionCookie(provider), { path: '/', secure: true, sameSite: 'None', httpOnly: true })
  c.header('Set-Login', 'logged-out')
  renewBrowserState(c, provider.issuer)
}

/**
 * Ends every live session of the account (a new password) but
 * `keepSessionId`'s, and spends the codes issued in them, in `db`'s
 * transaction when given one; returns how many sessions ended.
 *
 * @example
 * await endSessionsOfUser(trx, user.id, new Date())
 */
export async function endSessionsOfUser(db: Kysely<Database>, userId: number, now: Date, keepSessionId?: number): Promise<number> {
  // Only the sessions still live are told of: an expired one ended long ago, and its clients' sessions with it.
  let live = db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
  let query = db.updateTable('sessions').set({ ended_at: now.toISOString() }).where('user_id', '=', userId).where('ended_at', 'is', null)
  // A password changed from the account page keeps the session it was changed in.
  if (keepSessionId !== undefined) {
    query = query.where('id', '!=', keepSessionId)
    live = live.where('id', '!=', keepSessionId)
  }
  const liveIds = (await live.execute()).map((row) => row.id)
  const result = await query.executeTakeFirst()
  await spendCodesOfSessions(db, { userId, keepSessionId }, now)
  await queueBackchannelLogouts(db, liveIds, now)
  return Number(result.numUpdatedRows)
}

/**
 * Whether the session a code or token was issued in has ended (signed
 * out, or ended by a new password); a session that merely expired has
 * not, and none (`null`) never ends.
 *
 * @example
 * if (await sessionHasEnded(db, stored.session_id)) throw new InvalidGrant('…')
 */
export async function sessionHasEnded(db: Kysely<Database>, sessionId: number | null): Promise<boolean> {
  if (sessionId === null) return false
  const row = await db.selectFrom('sessions').select('ended_at').where('id', '=', sessionId).executeTakeFirst()
  return !row || row.ended_at !== null
}

/** One live session of an account, as the account page lists it. */
export interface ListedSession {
  id: number
  /** When it signed in (ISO 8601). */
  createdAt: string
  /** When it was last used, to the minute ({@link ACTIVITY_STEP_MS}). */
  lastActiveAt: string
  /** The User-Agent header at sign-in, capped; null when the browser sent none. */
  userAgent: string | null
}

/**
 * The account's live sessions (not ended, not expired), the most recently
 * used first.
 *
 * @example
 * const sessions = await liveSessionsOf(db, user.id, new Date())
 */
export async function liveSessionsOf(db: Kysely<Database>, userId: number, now: Date): Promise<ListedSession[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_active_at', 'user_agent'])
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .execute()
  return rows
    .map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      lastActiveAt: row.last_active_at ?? row.created_at,
      userAgent: row.user_agent,
    }))
    .sort((a, b) => b.lastActiveAt.localeCompare(a.lastActiveAt) || b.id - a.id)
}

/**
 * Ends one live session of the account and spends the codes issued in
 * it; false when the account has no such live session (another's, an
 * ended one, none at all), and then nothing changes.
 *
 * @example
 * if (!(await endSessionOfUser(trx, user.id, sessionId, new Date()))) throw new NoSuchSession()
 */
export async function endSessionOfUser(db: Kysely<Database>, userId: number, sessionId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ ended_at: now.toISOString() })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) === 0) return false
  await spendCodesOfSessions(db, { sessionId }, now)
  await queueBackchannelLogouts(db, [sessionId], now)
  return true
}

/**
 * How the session a code or token was issued in was authenticated: its
 * `amr` and `acr` claims, or none for a session made before svc recorded
 * them (or none at all). Read even after the session ended: a token's
 * sign-in does not change.
 *
 * @example
 * const { amr, acr } = await sessionAuthentication(db, token.session_id)
 */
export async function sessionAuthentication(db: Kysely<Database>, sessionId: number | null | undefined): Promise<{ amr?: string[]; acr?: string }> {
  if (sessionId === null || sessionId === undefined) return {}
  const row = await db.selectFrom('sessions').select('amr').where('id', '=', sessionId).executeTakeFirst()
  return authenticationClaims(row?.amr)
}

/**
 * What an id_token says of the session it was issued in: `amr` and `acr`
 * as {@link sessionAuthentication} reads them, and `sid`, which a
 * back-channel logout token for that session carries too. One read.
 *
 * @example
 * const { amr, acr, sid } = await sessionIdTokenClaims(db, issuance.sessionId)
 */
export async function sessionIdTokenClaims(
  db: Kysely<Database>,
  sessionId: number | null | undefined,
): Promise<{ amr?: string[]; acr?: string; sid?: string }> {
  if (sessionId === null || sessionId === undefined) return {}
  const row = await db.selectFrom('sessions').select(['amr', 'sid']).where('id', '=', sessionId).executeTakeFirst()
  return { ...authenticationClaims(row?.amr), ...(row?.sid ? { sid: row.sid } : {}) }
}
