/**
 * @module `GET /.well-known/openid-configuration` and
 * `GET /.well-known/jwks.json`: what clients read at run time to find the
 * endpoints and verify id_tokens.
 */
import { Hono } from 'hono'
import { SCOPES } from '../clients/clients.js'
import type { IdentityProviderContext } from '../grants/identity-provider-context.js'
import { LOCALES } from '../i18n/locale.js'
import { ACR_VALUES_SUPPORTED } from '../grants/authentication-methods.js'

export const CLAIMS_SUPPORTED = [
  'sub',
  'iss',
  'aud',
  'exp',
  'iat',
  'auth_time',
  'amr',
  'acr',
  'nonce',
  'name',
  'given_name',
  'family_name',
  'picture',
  'email',
  'email_verified',
  'svc.app',
  'svc.access',
  'svc.master',
  'svc.role',
  'svc.links',
]

/**
 * The discovery document, exactly the spec's table plus RFC 9207's flag.
 *
 * @example
 * discoveryDocument('http://localhost:8787').token_endpoint // 'http://localhost:8787/oidc/token'
 */
export function discoveryDocument(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/oidc/authorize`,
    token_endpoint: `${issuer}/oidc/token`,
    userinfo_endpoint: `${issuer}/oidc/userinfo`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    revocation_endpoint: `${issuer}/oidc/revoke`,
    introspection_endpoint: `${issuer}/oidc/introspect`,
    end_session_endpoint: `${issuer}/oidc/logout`,
    check_session_iframe: `${issuer}/oidc/iframe/check_session`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    scopes_supported: [...SCOPES],
    claims_supported: CLAIMS_SUPPORTED,
    // svc's levels (authentication-methods.ts): a password's, two factors', a passkey's.
    acr_values_supported: ACR_VALUES_SUPPORTED,
    ui_locales_supported: [...LOCALES],
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
    require_request_uri_registration: false,
    claims_parameter_supported: false,
    authorization_response_iss_parameter_supported: true,
    // OpenID Connect Back-Channel Logout 1.0 §2.1: logout tokens are sent, and always carry sid (as id_tokens do).
    backchannel_logout_supported: true,
    backchannel_logout_session_supported: true,
  }
}

/**
 * The sub-app serving both well-known documents.
 *
 * @example
 * app.route('/.well-known', wellKnown(provider))
 */
export function wellKnown(provider: IdentityProviderContext): Hono {
  const app = new Hono()
  const document = JSON.stringify(discoveryDocument(provider.issuer))
  app.get('/openid-configuration', (c) =>
    c.body(document, 200, {
      'Content-Type': 'application/json',
      'Cache-Control': 'public, max-age=3600',
      'Access-Control-Allow-Origin': '*',
    }),
  )
  // A new key is published this long before it signs, so no cache may
  // keep the key set longer: an hour, or the key-set cache lifetime when
  // that is shorter.
  const maxAge = Math.min(3600, Math.floor(provider.keys.keySetCacheMs / 1000))
  app.get('/jwks.json', async (c) =>
    c.json(await provider.keys.jwks(), 200, { 'Cache-Control': `public, max-age=${maxAge}`, 'Access-Control-Allow-Origin': '*' }),
  )
  return app
}
