/**
 * @module The error answers of the token, revocation, introspection and
 * userinfo endpoints: RFC 6749 §5.2 `{error, error_description}` with the
 * error's status and headers; userinfo's 401s carry RFC 6750's
 * `WWW-Authenticate: Bearer error=…`. Anything untyped is a 500 with no
 * internals, logged.
 */
import type { Context, ErrorHandler } from 'hono'
import { OAuthError } from './errors.js'
import { log } from '../log.js'

/**
 * The `onError` of the JSON endpoints.
 *
 * @example
 * app.onError(oauthErrorResponse)
 */
export const oauthErrorResponse: ErrorHandler = (error, c: Context) => {
  c.header('Cache-Control', 'no-store')
  if (error instanceof OAuthError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value)
    return c.json({ error: error.code, error_description: error.message }, error.status as 400)
  }
  log('error', error.message, { request_id: c.get('requestId'), stack: error.stack })
  return c.json({ error: 'server_error', error_description: 'internal error' }, 500)
}
