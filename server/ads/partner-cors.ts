/**
 * @module CORS for partner pages calling the ads API with an
 * `Authorization` header. A preflight cannot carry the key, so it is
 * answered for any origin; the key's origin list is enforced on the request
 * itself (`keyMayCall`), whose answers, refusals included, stay readable to
 * the calling page so the widget can report why it shows nothing. Written
 * out rather than taken from `hono/cors` because this runs on every ads
 * request and `hono/cors` rebuilds the response to add its headers.
 */
import type { MiddlewareHandler } from 'hono'
import type { AdsEnv } from './ads-env.js'

const EXPOSED = 'ETag, Retry-After, X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset'

/**
 * Answers preflights and marks every answer readable by the calling origin.
 *
 * @example
 * api.use(partnerCors())
 */
export function partnerCors({ maxAgeSeconds = 600 } = {}): MiddlewareHandler<AdsEnv> {
  return async function partnerCors(c, next) {
    const origin = c.req.header('Origin')
    if (c.req.method === 'OPTIONS') {
      const headers: Record<string, string> = { Allow: 'GET, HEAD, OPTIONS', Vary: 'Origin' }
      if (origin !== undefined) {
        Object.assign(headers, {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Methods': 'GET, HEAD',
          'Access-Control-Allow-Headers': 'Authorization',
          'Access-Control-Max-Age': String(maxAgeSeconds),
        })
      }
      return c.body(null, 204, headers)
    }
    if (origin !== undefined) {
      c.header('Access-Control-Allow-Origin', origin)
      c.header('Access-Control-Expose-Headers', EXPOSED)
    }
    await next()
  }
}
