/**
 * @module Applies each key's per-minute rate limit, reporting it in
 * `X-RateLimit-*` headers on every answer to that key.
 */
import type { MiddlewareHandler } from 'hono'
import type { RateLimiter } from '../http/fixed-window-rate-limiter.js'
import type { AdsEnv } from './ads-env.js'
import { RateLimited } from './errors.js'

/**
 * Counts the request against the authorised key's limit; throws 429 when exceeded.
 *
 * @example
 * app.use(apiKeyAuth({ db }), rateLimitPerKey({ limiter: fixedWindowRateLimiter() }))
 */
export function rateLimitPerKey({ limiter }: { limiter: RateLimiter }): MiddlewareHandler<AdsEnv> {
  return async function rateLimitPerKey(c, next) {
    const grant = c.get('grant')
    const decision = limiter.hit(`api-key:${grant.keyId}`, grant.rateLimit)
    c.header('X-RateLimit-Limit', String(decision.limit))
    c.header('X-RateLimit-Remaining', String(decision.remaining))
    c.header('X-RateLimit-Reset', String(decision.resetSeconds))
    if (!decision.allowed) throw new RateLimited(decision.resetSeconds)
    await next()
  }
}
