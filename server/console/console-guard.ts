/**
 * @module The gate in front of the console's JSON API: a live console
 * session (401 otherwise), the role the route needs (403 with a sentence
 * saying which), a second factor where an operator requires one (403
 * with a sentence and the account page's address, for everything but the
 * account page and the shell's `/me`), and on every write the session's CSRF token in the
 * `X-CSRF-Token` header (403 otherwise). Errors use the API's envelope.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { exposureOf, Refusal } from '../refusal.js'
import type { ConsoleSession, ConsoleSessions } from './console-sessions.js'
import type { ConsoleRoles } from './roles.js'

export type ConsoleVariables = { session: ConsoleSession }

/** Where the account page's second-factor sections are, which a refusal for a missing second factor links to. */
export const SECOND_FACTOR_PAGE = '/console/account#second-factor'

/** What a session without the second factor an operator requires may still use: its account page, and who it is. */
const usableWithoutSecondFactor = (path: string) =>
  path === '/console/api/me' || path === '/console/api/account' || path.startsWith('/console/api/account/')

/** The sentence a console role signed in with one factor gets, where an operator requires two. */
export const SECOND_FACTOR_REQUIRED =
  'Your organisation requires a second factor for the console: add a passkey or an authenticator app on your account page, then sign in again with it.'

/** An answer in the API's error envelope. */
export const consoleError = (
  c: Context,
  code: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503 | 507,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => c.json({ status: 'error', code, message, ...extra }, code, { ...headers, 'Cache-Control': 'no-store' })

/**
 * The request's JSON body when it is an object, else `undefined`.
 *
 * @example
 * const body = (await jsonObject(c)) ?? {}
 */
export async function jsonObject(c: Context): Promise<Record<string, unknown> | undefined> {
  const body: unknown = await c.req.json().catch(() => undefined)
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined
}

/**
 * A refused write in the API's envelope, as {@link exposureOf} decides (an
 * invalid field: 422 with `errors` naming it); anything that is not a
 * refusal is thrown on, to the last-resort handler.
 *
 * @example
 * catch (error) { return refusal(c, error) }
 */
export function refusal(c: Context, error: unknown): Response {
  if (!(error instanceof Refusal)) throw error
  const { status, message, headers, field } = exposureOf(error, {})
  return consoleError(c, status as 422, message, field === undefined ? {} : { errors: { [field]: message } }, headers)
}

/**
 * Requires a session, and the role `need` names when given.
 *
 * @example
 * app.use('/ads/*', consoleGuard(sessions, 'ads'))
 */
export function consoleGuard(
  sessions: ConsoleSessions,
  need?: keyof Omit<ConsoleRoles, 'organisation'>,
): MiddlewareHandler<{ Variables: ConsoleVariables }> {
  return async (c, next) => {
    const session = await sessions.current(c)
    if (!session) return consoleError(c, 401, 'sign in to the console first')
    if (session.secondFactorMissing && !usableWithoutSecondFactor(c.req.path))
      return consoleError(c, 403, SECOND_FACTOR_REQUIRED, { reason: 'second_factor_required', account_page: SECOND_FACTOR_PAGE })
    if (need && !session.roles[need])
      return consoleError(c, 403, `your account may not use this part of the console (it needs the ${need} role)`)
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.header('X-CSRF-Token') !== session.csrf)
      return consoleError(c, 403, 'the request lacks the console CSRF token; reload the page')
    c.set('session', session)
    await next()
  }
}
