/**
 * @module The ads API's typed errors, named after what went wrong, in the
 * manner of jose's `util/errors`. Each carries its HTTP status and any
 * headers the answer needs; `adsErrorHandler` turns them into the envelope.
 */

import { Refusal } from '../refusal.js'

/** Base of every error the ads API answers with. */
export abstract class AdsApiError extends Refusal {
  abstract readonly code:
    | 'invalid_parameter'
    | 'missing_api_key'
    | 'invalid_api_key'
    | 'permission_denied'
    | 'organisation_archived'
    | 'origin_denied'
    | 'rate_limited'
    | 'route_not_found'
    | 'method_not_allowed'
    | 'batch_replayed'
    | 'body_too_large'
    | 'unsupported_media_type'
  abstract override readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429
}

/** A query or path parameter breaks its rule; the message names both. */
export class InvalidParameter extends AdsApiError {
  readonly code = 'invalid_parameter'
  readonly status = 400
}

/** No usable `Authorization: Bearer` header. */
export class MissingApiKey extends AdsApiError {
  readonly code = 'missing_api_key'
  readonly status = 401
  override readonly headers = { 'WWW-Authenticate': 'Bearer realm="svc-ads"' }
}

/** A well-formed key that matches no live key. */
export class InvalidApiKey extends AdsApiError {
  readonly code = 'invalid_api_key'
  readonly status = 401
  override readonly headers = { 'WWW-Authenticate': 'Bearer realm="svc-ads", error="invalid_token"' }
}

/** The key lacks the permission the endpoint needs. */
export class PermissionDenied extends AdsApiError {
  readonly code = 'permission_denied'
  readonly status = 403
}

/** The key's organisation is archived: its keys stop answering until an operator unarchives it. */
export class OrganisationArchived extends AdsApiError {
  readonly code = 'organisation_archived'
  readonly status = 403
}

/** The request's `Origin` is not on the key's allowed list. */
export class OriginDenied extends AdsApiError {
  readonly code = 'origin_denied'
  readonly status = 403
}

/** The key used up its requests for the current minute. */
export class RateLimited extends AdsApiError {
  readonly code = 'rate_limited'
  readonly status = 429
  constructor(readonly retryAfterSeconds: number) {
    super(`rate limit exceeded; retry after ${retryAfterSeconds} seconds`)
    this.headers['Retry-After'] = String(retryAfterSeconds)
  }
}

/** No endpoint at this path. */
export class RouteNotFound extends AdsApiError {
  readonly code = 'route_not_found'
  readonly status = 404
}

/** The path exists but not for this method. */
export class MethodNotAllowed extends AdsApiError {
  readonly code = 'method_not_allowed'
  readonly status = 405
  constructor(message: string, allow = 'GET, HEAD, OPTIONS') {
    super(message)
    this.headers = { Allow: allow }
  }
}

/** An ad events batch whose id was counted already: a replay, counted once. */
export class BatchReplayed extends AdsApiError {
  readonly code = 'batch_replayed'
  readonly status = 409
}

/** A body over the endpoint's own limit. */
export class BodyTooLarge extends AdsApiError {
  readonly code = 'body_too_large'
  readonly status = 413
  override headers = { Connection: 'close' }
}

/** A body in a type the endpoint does not read. */
export class UnsupportedMediaType extends AdsApiError {
  readonly code = 'unsupported_media_type'
  readonly status = 415
}
