/**
 * @module The error answers of the token, revocation, introspection and
 * userinfo endpoints: RFC 6749 §5.2 `{error, error_description}` with the
 * error's status and headers; userinfo's 401s carry RFC 6750's
 * `WWW-Authenticate: Bearer error=…`. What an error exposes is
 * {@link exposureOf}'s decision; this module only names the `error` code:
 * an OAuth error's own, `temporarily_unavailable` for a busy service,
 * `server_error` for a fault, `invalid_request` for any other refusal.
 */
import type { Context, ErrorHandler } from 'hono'
import { callerHungUp } from '../http/caller-hung-up.js'
import { type Exposure, exposureOf } from '../refusal.js'
import { OAuthError } from './errors.js'

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
export function oauthErrorAnswer(error: unknown, requestId: string | undefined, hungUp = false): JsonAnswer {
  const exposure = exposureOf(error, { requestId, hungUp })
  return noStoreJson(exposure.status, { error: oauthCode(exposure), error_description: exposure.message }, exposure.headers)
}

function oauthCode({ refusal, status }: Exposure): string {
  if (refusal instanceof OAuthError) return refusal.code
  if (status === 503) return 'temporarily_unavailable'
  return status >= 500 ? 'server_error' : 'invalid_request'
}

/**
 * The `onError` of the JSON endpoints.
 *
 * @example
 * app.onError(oauthErrorResponse)
 */
export const oauthErrorResponse: ErrorHandler = (error, c: Context) => {
  const { status, headers, body } = oauthErrorAnswer(error, c.get('requestId'), callerHungUp(c))
  return c.body(body, status as 400, headers)
}
