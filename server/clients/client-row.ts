/**
 * @module What a stored client says, read off its row: whether a presented
 * secret is its own, whether it is public or a native app, its registered
 * URIs, scopes and web origins, and whether a URI is one it registered
 * (matched by the rules of `redirect-uris.ts`) or, when not, how it differs.
 */
import { timingSafeEqual } from 'node:crypto'
import type { ClientRow } from '../db/schema.js'
import { hashSecret } from './clients.js'
import { redirectUriMatches, uriMismatch, usableUris, webOriginOf } from './redirect-uris.js'

/**
 * True when `secret` is the client's secret; constant-time.
 *
 * @example
 * if (!clientSecretMatches(client, presented)) throw new InvalidClient('…')
 */
export function clientSecretMatches(client: ClientRow, secret: string): boolean {
  if (client.secret_hash === null) return false
  return timingSafeEqual(Buffer.from(hashSecret(secret), 'hex'), Buffer.from(client.secret_hash, 'hex'))
}

/** True for a client without a secret, which must use PKCE. */
export const isPublicClient = (client: ClientRow): boolean => client.secret_hash === null

/**
 * True for a native app (OpenID Connect Registration `application_type`),
 * whose loopback IP redirect URIs take any port (RFC 8252 §7.3); a web
 * app's never do, so a page on another local port cannot receive its codes.
 */
export const isNativeClient = (client: ClientRow): boolean => client.application_type === 'native'

/** The client's registered redirect URIs, as stored (the console shows them). */
export const redirectUrisOf = (client: ClientRow): string[] => JSON.parse(client.redirect_uris) as string[]
/** The client's registered post-logout redirect URIs, as stored. */
export const postLogoutRedirectUrisOf = (client: ClientRow): string[] => JSON.parse(client.post_logout_redirect_uris) as string[]
/** The scopes the client is registered for (what it may get is decided by `grantableScopes`). */
export const scopesOf = (client: ClientRow): string[] => JSON.parse(client.scopes) as string[]

/**
 * True when `uri` is one of the client's redirect URIs: exactly (an empty
 * path read as `/`), or on another port for a native client's loopback IP
 * URI (RFC 8252 §7.3). A stored URI that breaks the registration rules
 * never matches.
 *
 * @example
 * if (!redirectUriRegistered(client, uri, provider.issuer)) refuse()
 */
export const redirectUriRegistered = (client: ClientRow, uri: string, issuer: string): boolean =>
  usableUris(redirectUrisOf(client), issuer).some((registered) =>
    redirectUriMatches(registered, uri, { anyLoopbackPort: isNativeClient(client) }),
  )

/**
 * True when `uri` is one of the client's post-logout redirect URIs, matched as {@link redirectUriRegistered} matches.
 *
 * @example
 * if (!postLogoutRedirectUriRegistered(client, uri, provider.issuer)) refuse()
 */
export const postLogoutRedirectUriRegistered = (client: ClientRow, uri: string, issuer: string): boolean =>
  usableUris(postLogoutRedirectUrisOf(client), issuer).some((registered) =>
    redirectUriMatches(registered, uri, { anyLoopbackPort: isNativeClient(client) }),
  )

/**
 * How `uri` differs from the client's redirect URIs (or, with
 * `postLogout`, its post-logout ones), for the refusal page.
 *
 * @example
 * `It asked for ${shownUri(uri)}: ${registeredUriMismatch(client, uri, provider.issuer)}`
 */
export const registeredUriMismatch = (client: ClientRow, uri: string, issuer: string, { postLogout = false } = {}): string =>
  uriMismatch(usableUris(postLogout ? postLogoutRedirectUrisOf(client) : redirectUrisOf(client), issuer), uri, {
    anyLoopbackPort: isNativeClient(client),
  })

/**
 * The web origins a client's pages run on: those of its http(s) redirect
 * URIs that keep the registration rules (an app's scheme has no origin),
 * the only values that may enter a `frame-ancestors` or match an `Origin`.
 *
 * @example
 * const ancestors = originsOf(client, provider.issuer).join(' ')
 */
export const originsOf = (client: ClientRow, issuer: string): string[] => [
  ...new Set(redirectUrisOf(client).flatMap((uri) => webOriginOf(uri, issuer) ?? [])),
]
