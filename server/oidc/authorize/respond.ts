/**
 * @module Answers to the client's redirect URI (RFC 6749 §4.1.2): the code
 * or the error, always with `state` when one was sent and the issuer
 * (`iss`, RFC 9207) so a client can tell mix-up attacks apart.
 */
import type { Context } from 'hono'
import type { OAuthError } from '../errors.js'
import { sessionState } from '../../grants/session-state.js'
import type { RedirectTarget } from './read-request.js'

function redirectTo(c: Context, target: RedirectTarget, issuer: string, parameters: Record<string, string>): Response {
  const url = new URL(target.redirectUri)
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value)
  if (target.state !== undefined) url.searchParams.set('state', target.state)
  url.searchParams.set('iss', issuer)
  c.header('Cache-Control', 'no-store')
  c.header('Referrer-Policy', 'no-referrer')
  return c.redirect(url.href, 302)
}

/**
 * Redirects with the authorization code.
 *
 * @example
 * return redirectWithCode(c, request, provider.issuer, code)
 */
export function redirectWithCode(c: Context, target: RedirectTarget, issuer: string, code: string): Response {
  return redirectTo(c, target, issuer, { code, session_state: sessionState(c, issuer, target.client.client_id, target.redirectUri) })
}

/**
 * Redirects with `error` and `error_description`.
 *
 * @example
 * return redirectWithError(c, target, provider.issuer, new LoginRequired('the user is not signed in'))
 */
export function redirectWithError(c: Context, target: RedirectTarget, issuer: string, error: OAuthError): Response {
  return redirectTo(c, target, issuer, { error: error.code, error_description: error.message })
}
