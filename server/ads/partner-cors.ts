/**
 * @module CORS for partner pages calling the ads API with an
 * `Authorization` header. A preflight cannot carry the key, so it is
 * answered for any origin; the key's origin list is enforced on the request
 * itself (`assertKeyMayCall`), whose answers, refusals included, stay
 * readable to the calling page so the widget can report why it shows
 * nothing.
 */

const EXPOSED = 'ETag, Retry-After, X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset'
const PREFLIGHT_MAX_AGE_SECONDS = '600'

/**
 * The CORS headers of an actual (non-preflight) answer.
 *
 * @example
 * Object.assign(headers, corsHeaders('https://partner.example'))
 */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  return origin === undefined ? {} : { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED }
}

/**
 * The headers of the answer to `OPTIONS`: a preflight when `Origin` is sent.
 *
 * @example
 * preflightHeaders('https://partner.example')
 */
export function preflightHeaders(origin: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { Allow: 'GET, HEAD, OPTIONS', Vary: 'Origin' }
  if (origin === undefined) return headers
  return {
    ...headers,
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'GET, HEAD',
    'Access-Control-Allow-Headers': 'Authorization',
    'Access-Control-Max-Age': PREFLIGHT_MAX_AGE_SECONDS,
  }
}
