/**
 * @module Authenticates an ads API request by its `Authorization: Bearer`
 * key (RFC 6750 syntax, scheme case-insensitive), then enforces the key's
 * permission and allowed origins.
 */
import type { MiddlewareHandler } from 'hono'
import type { ApiKeyGrant, Permission } from '../keys/api-keys.js'
import type { AdsEnv } from './ads-env.js'
import { InvalidApiKey, MissingApiKey, OriginDenied, PermissionDenied } from './errors.js'

// RFC 6750 §2.1: b64token = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i
const KEY_MAX_LENGTH = 200

/**
 * Sets `grant` on the context for a live key; throws 401 errors otherwise.
 *
 * @example
 * app.use(apiKeyAuth({ grantFor: apiKeyGrants(db) }))
 */
export function apiKeyAuth({ grantFor }: { grantFor: (apiKey: string) => Promise<ApiKeyGrant | undefined> }): MiddlewareHandler<AdsEnv> {
  return async function apiKeyAuth(c, next) {
    const header = c.req.header('Authorization')
    if (header === undefined || header.trim() === '') {
      throw new MissingApiKey('Authorization header is missing; send Authorization: Bearer <API key>')
    }
    if (!/^Bearer(\s|$)/i.test(header)) throw new MissingApiKey('Authorization must use the Bearer scheme: Authorization: Bearer <API key>')
    const match = BEARER.exec(header)
    if (!match || match[1]!.length > KEY_MAX_LENGTH)
      throw new InvalidApiKey('Authorization header is malformed; send Authorization: Bearer <API key>')
    const grant = await grantFor(match[1]!)
    if (!grant) throw new InvalidApiKey('API key is not valid')
    c.set('grant', grant)
    await next()
  }
}

/**
 * Refuses keys without `permission`, and browser requests whose `Origin`
 * is not on a non-empty allowed list. Requests without `Origin` (servers,
 * curl) pass: only browsers send it reliably, and it guards against other
 * sites reusing a publishable key, not against its holder.
 *
 * @example
 * app.use(keyMayCall('read_ads'))
 */
export function keyMayCall(permission: Permission): MiddlewareHandler<AdsEnv> {
  return async function keyMayCall(c, next) {
    const grant = c.get('grant')
    if (!grant.permissions.has(permission)) throw new PermissionDenied(`API key lacks the ${permission} permission`)
    const origin = c.req.header('Origin')
    if (origin !== undefined && grant.origins.length > 0 && !grant.origins.includes(origin)) {
      throw new OriginDenied(`origin ${origin} is not allowed for this API key`)
    }
    await next()
  }
}
