/**
 * @module The error answers of the token, revocation, introspection and
 * userinfo endpoints: RFC 6749 §5.2 `{error, error_description}` with the
 * error's status and headers; userinfo's 401s carry RFC 6750's
 * `WWW-Authenticate: Bearer error=…`. Anything untyped is a 500 with no
 * internals, logged.
 */
import type { Context, ErrorHandler } from 'hono'
import { BODY_CUT_OFF, callerHungUp } from '../http/caller-hung-up.js'
import { isUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../db/unstorable-text.js'
import { InvalidRequest, OAuthError } from './errors.js'
import { log } from '../log.js'

/** A JSON answer of these endpoints, before any server writes it. */
export interface JsonAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * A JSON answer that no cache may keep (RFC 6749 §5.1).
 *
 * @example
 * return noStoreJson(200, tokenResponse)
 */
export function noStoreJson(status: number, value: unknown, headers: Record<string, string> = {}): JsonAnswer {
  return {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Pragma: 'no-cache', ...headers },
    body: JSON.stringify(value),
  }
}

/**
 * The answer for an error thrown while answering request `requestId`.
 *
 * @example
 * catch (error) { return oauthErrorAnswer(error, requestId) }
 */
export function oauthErrorAnswer(error: Error, requestId: string | undefined): JsonAnswer {
  if (error instanceof OAuthError) return noStoreJson(error.status, { error: error.code, error_description: error.message }, error.headers)
  if (isUnstorableText(error)) return noStoreJson(400, { error: 'invalid_request', error_description: UNSTORABLE_TEXT_MESSAGE })
  log('error', error.message, { request_id: requestId, stack: error.stack })
  return noStoreJson(500, { error: 'server_error', error_description: 'internal error' })
}

/**
 * The `onError` of the JSON endpoints.
 *
 * @example
 * app.onError(oauthErrorResponse)
 */
export const oauthErrorResponse: ErrorHandler = (error, c: Context) => {
  if (callerHungUp(c)) error = new InvalidRequest(BODY_CUT_OFF)
  const { status, headers, body } = oauthErrorAnswer(error, c.get('requestId'))
  return c.body(body, status as 400, headers)
}
