/**
 * @module The management API's per-token rate limit: every call that
 * presents a token counts in that token's bucket (`SVC_API_REQUESTS_PER_MINUTE`
 * a minute), and every answer says where the caller stands, as GitHub's
 * and Stripe's APIs do: `RateLimit-Limit`, `-Remaining`, `-Reset` (seconds
 * to the window's end, the IETF draft's fields) with `RateLimit-Policy`,
 * and the `X-RateLimit-*` triple clients already read, whose `Reset` is
 * in seconds too, as svc's ads API sends it (GitHub's is a Unix time; one
 * meaning across svc's two APIs matters more). Past the limit: 429 with
 * `Retry-After`. The bucket is named by the token's SHA-256, so it is
 * counted before the token is looked up (a refused call costs no query) and
 * no token is kept in memory; the limiter's table is capped
 * (`fixed-window-rate-limiter.ts`), so invented tokens cannot grow it.
 */
import type { MiddlewareHandler } from 'hono'
import type { RateLimitDecision, RateLimiter } from '../http/fixed-window-rate-limiter.js'
import { Refusal } from '../refusal.js'
import { DEFAULT_API_REQUESTS_PER_MINUTE } from './api-limits.js'
import { hashManagementToken } from './management-tokens-repository.js'

/** A token's calls this minute are spent. */
export class TooManyRequests extends Refusal {
  override name = 'TooManyRequests'
  readonly status = 429
  constructor(decision: RateLimitDecision) {
    super(
      `this token has made ${decision.limit} calls this minute, the most svc takes (SVC_API_REQUESTS_PER_MINUTE); try again in ${decision.resetSeconds} seconds`,
    )
    this.headers = { 'Retry-After': String(decision.resetSeconds), ...rateLimitHeaders(decision) }
  }
}

/**
 * The headers that tell a caller its limit, what is left and when it resets.
 *
 * @example
 * rateLimitHeaders({ allowed: true, limit: 600, remaining: 599, resetSeconds: 42 }) // { 'RateLimit-Limit': '600', … }
 */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
    'RateLimit-Policy': `${decision.limit};w=60`,
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': String(decision.resetSeconds),
  }
}

/**
 * Counts each call that presents a bearer token, refuses it past `perMinute`, and adds the headers to every answer.
 *
 * @example
 * api.use('/api/v1/*', callRate({ limiter, perMinute: 600 }))
 */
export function callRate({
  limiter,
  perMinute = DEFAULT_API_REQUESTS_PER_MINUTE,
}: {
  limiter: RateLimiter
  perMinute?: number | undefined
}): MiddlewareHandler {
  return async function countCall(c, next) {
    const bearer = /^\s*Bearer +(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '')?.[1]
    // No token, no bucket: the call is refused 401 without touching the database.
    if (bearer === undefined) return next()
    const decision = await limiter.hit(`api-token:${hashManagementToken(bearer)}`, perMinute)
    if (!decision.allowed) throw new TooManyRequests(decision)
    await next()
    for (const [name, value] of Object.entries(rateLimitHeaders(decision))) c.res.headers.set(name, value)
  }
}
