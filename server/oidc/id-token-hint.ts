/**
 * @module Reads an `id_token_hint` (authorization and logout requests): an
 * id_token this provider signed, checked against its own key set. An
 * expired hint is still a valid hint (OIDC RP-Initiated Logout §2).
 */
import { compactVerify, createLocalJWKSet, decodeJwt } from 'jose'
import type { IdentityProviderContext } from '../grants/identity-provider-context.js'

export interface IdTokenHint {
  sub: string
  /** The audiences; the first is the client it was issued to. */
  aud: string[]
}

/**
 * The hint's subject and audiences, or `undefined` when it is not an id_token of this issuer.
 *
 * @example
 * const hint = await readIdTokenHint(provider, query.get('id_token_hint'))
 */
export async function readIdTokenHint(provider: IdentityProviderContext, token: string): Promise<IdTokenHint | undefined> {
  try {
    await compactVerify(token, createLocalJWKSet(await provider.keys.jwks()), { algorithms: ['RS256'] })
    const claims = decodeJwt(token)
    if (claims.iss !== provider.issuer || typeof claims.sub !== 'string') return undefined
    const aud = typeof claims.aud === 'string' ? [claims.aud] : (claims.aud ?? [])
    return { sub: claims.sub, aud }
  } catch {
    return undefined
  }
}
