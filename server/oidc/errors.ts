/**
 * @module The identity provider's typed errors, one class per OAuth 2.0 /
 * OpenID Connect error code (RFC 6749 §4.1.2.1 and §5.2, RFC 6750 §3.1,
 * OIDC Core §3.1.2.6), in the manner of jose's `util/errors`. Each is a
 * {@link Refusal} that knows its wire code and HTTP status; the endpoint
 * decides the shape.
 */
import { Refusal } from '../refusal.js'

export abstract class OAuthError extends Refusal {
  /** The `error` value on the wire. */
  abstract readonly code: string
  readonly status: number = 400
}

export class InvalidRequest extends OAuthError {
  readonly code = 'invalid_request'
}
export class InvalidClient extends OAuthError {
  readonly code = 'invalid_client'
  override readonly status = 401
}
export class InvalidGrant extends OAuthError {
  readonly code = 'invalid_grant'
}
export class UnauthorizedClient extends OAuthError {
  readonly code = 'unauthorized_client'
}
export class UnsupportedGrantType extends OAuthError {
  readonly code = 'unsupported_grant_type'
}
export class UnsupportedResponseType extends OAuthError {
  readonly code = 'unsupported_response_type'
}
export class InvalidScope extends OAuthError {
  readonly code = 'invalid_scope'
}
export class AccessDenied extends OAuthError {
  readonly code = 'access_denied'
}
export class LoginRequired extends OAuthError {
  readonly code = 'login_required'
}
export class ConsentRequired extends OAuthError {
  readonly code = 'consent_required'
}
export class InvalidToken extends OAuthError {
  readonly code = 'invalid_token'
  override readonly status = 401
}
export class RequestNotSupported extends OAuthError {
  readonly code = 'request_not_supported'
}
export class RequestUriNotSupported extends OAuthError {
  readonly code = 'request_uri_not_supported'
}
export class TemporarilyUnavailable extends OAuthError {
  readonly code = 'temporarily_unavailable'
  override readonly status = 429
}
