/**
 * @module Authenticates an ads API request by its `Authorization: Bearer`
 * key (RFC 6750 syntax, scheme case-insensitive), then checks the key's
 * permission and allowed origins.
 */
import type { ApiKeyGrant, Permission } from '../api-keys/api-keys.js'
import type { RateLimitDecision } from '../http/fixed-window-rate-limiter.js'
import { InvalidApiKey, MissingApiKey, OrganisationArchived, OriginDenied, PermissionDenied, RateLimited } from './errors.js'

// RFC 6750 §2.1: b64token = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i
const KEY_MAX_LENGTH = 200

/**
 * The grant of the live key in the header; throws a 401 error otherwise.
 * A grant `grantFor` keeps comes back as is, not in a promise.
 *
 * @example
 * const grant = await authenticate(headers.authorization, apiKeyGrants(db))
 */
export function authenticate(
  authorization: string | undefined,
  grantFor: (apiKey: string) => ApiKeyGrant | undefined | Promise<ApiKeyGrant | undefined>,
): ApiKeyGrant | Promise<ApiKeyGrant> {
  if (authorization === undefined || authorization.trim() === '') {
    throw new MissingApiKey('Authorization header is missing; send Authorization: Bearer <API key>')
  }
  if (!/^Bearer(\s|$)/i.test(authorization)) {
    throw new MissingApiKey('Authorization must use the Bearer scheme: Authorization: Bearer <API key>')
  }
  const match = BEARER.exec(authorization)
  if (!match || match[1]!.length > KEY_MAX_LENGTH) {
    throw new InvalidApiKey('Authorization header is malformed; send Authorization: Bearer <API key>')
  }
  const key = match[1]!
  const found = grantFor(key)
  return found instanceof Promise ? found.then((grant) => liveGrant(grant, key)) : liveGrant(found, key)
}

function liveGrant(grant: ApiKeyGrant | undefined, key: string): ApiKeyGrant {
  if (!grant) throw new InvalidApiKey(unknownKeyMessage(key))
  return grant
}

/**
 * What the refusal of a key svc does not know says: a management token
 * (`svc_mt_…`) sent here by mistake is told what this API takes and where
 * to make it. Built only on this refusal path, never for a served request.
 *
 * @example
 * unknownKeyMessage('svc_mt_…') // 'this is a management token (svc_mt_…), …'
 */
export function unknownKeyMessage(key: string): string {
  if (key.startsWith('svc_mt_'))
    return "this is a management token (svc_mt_…), which only the management API at /api/v1 takes; the ads API needs an organisation's publishable API key (svc_pk_…): make one on the console's API keys page or with svc-bff key create"
  return 'API key is not valid'
}

/**
 * Refuses a key whose organisation is archived, a key without `permission`, and a browser request whose `Origin`
 * is not on the key's non-empty allowed list. Requests without `Origin`
 * (servers, curl) pass: only browsers send it reliably, and it guards
 * against other sites reusing a publishable key, not against its holder.
 *
 * @example
 * assertKeyMayCall(grant, 'read_ads', headers.origin)
 */
export function assertKeyMayCall(grant: ApiKeyGrant, permission: Permission, origin: string | undefined): void {
  if (grant.organisationArchived) throw new OrganisationArchived("this API key's organisation is archived; its keys do not answer")
  if (!grant.permissions.has(permission)) throw new PermissionDenied(`API key lacks the ${permission} permission`)
  if (origin !== undefined && grant.origins.length > 0 && !grant.origins.includes(origin)) {
    throw new OriginDenied(`origin ${origin} is not allowed for this API key`)
  }
}

/**
 * The rate-limit bucket a request spends. A key's budget belongs to the
 * callers it was issued for: a key with an origin list serves pages on
 * those origins, and a publishable key can be read off any of them, so
 * requests without `Origin` (servers, curl) and requests the key may not
 * make (a refused origin, a missing permission) each count in a bucket of
 * their own with the same limit. A flood of them is throttled without
 * spending what the partner's pages need.
 *
 * @example
 * await limiter.hit(rateLimitBucket(grant, 'read_ads', origin), grant.rateLimit)
 */
export function rateLimitBucket(grant: ApiKeyGrant, permission: Permission, origin: string | undefined): string {
  const key = `api-key:${grant.keyId}`
  if (grant.organisationArchived || !grant.permissions.has(permission)) return `${key}:refused`
  if (grant.origins.length === 0) return key
  if (origin === undefined) return `${key}:no-origin`
  return grant.origins.includes(origin) ? key : `${key}:refused`
}

/**
 * Puts the key's rate-limit figures on the answer's headers, where a
 * partner reads them on every answer, then refuses the call when the key
 * has used up its window: the ads API and the events endpoint count alike.
 *
 * @example
 * admitWithinRate(call.headers, rate) // throws RateLimited when !rate.allowed
 */
export function admitWithinRate(headers: Record<string, string>, rate: RateLimitDecision): void {
  headers['X-RateLimit-Limit'] = String(rate.limit)
  headers['X-RateLimit-Remaining'] = String(rate.remaining)
  headers['X-RateLimit-Reset'] = String(rate.resetSeconds)
  if (!rate.allowed) throw new RateLimited(rate.resetSeconds)
}
