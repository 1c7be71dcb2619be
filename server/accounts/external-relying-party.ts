/**
 * @module svc as a relying party of an external OpenID Connect provider,
 * with openid-client: discovery (cached per provider), the authorization
 * URL with PKCE, `state` and `nonce`, and the code redemption that yields
 * the external account's `sub` and e-mail address.
 */
import * as oidc from 'openid-client'
import type { ExternalProviderRow } from '../db/schema.js'

export interface PendingExternalSignIn {
  slug: string
  state: string
  nonce: string
  verifier: string
  /** Where to go once done. */
  returnTo: string
  /** The svc account that started a link, which must still be the one signed in when it ends. */
  sub?: string
}

/**
 * Makes a relying party that remembers each provider's discovery.
 *
 * @example
 * const relyingParty = externalRelyingParty()
 * const { url, pending } = await relyingParty.start(provider, redirectUri, '/console/account')
 */
export function externalRelyingParty() {
  const configurations = new Map<number, Promise<oidc.Configuration>>()
  const configurationOf = (provider: ExternalProviderRow) => {
    let configuration = configurations.get(provider.id)
    if (!configuration) {
      configuration = oidc.discovery(new URL(provider.issuer), provider.client_id, provider.client_secret, undefined, {
        ...(provider.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      // A provider that was down must be asked again next time.
      configuration.catch(() => configurations.delete(provider.id))
      configurations.set(provider.id, configuration)
    }
    return configuration
  }
  return {
    async start(
      provider: ExternalProviderRow,
      redirectUri: string,
      returnTo: string,
      { prompt, sub }: { prompt?: string; sub?: string } = {},
    ): Promise<{ url: URL; pending: PendingExternalSignIn }> {
      const pending: PendingExternalSignIn = {
        slug: provider.slug,
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
        returnTo,
        ...(sub ? { sub } : {}),
      }
      const url = oidc.buildAuthorizationUrl(await configurationOf(provider), {
        redirect_uri: redirectUri,
        scope: 'openid email',
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        ...(prompt ? { prompt } : {}),
      })
      return { url, pending }
    },
    async finish(provider: ExternalProviderRow, callback: URL, pending: PendingExternalSignIn): Promise<{ sub: string; email?: string }> {
      const tokens = await oidc.authorizationCodeGrant(await configurationOf(provider), callback, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      })
      const claims = tokens.claims()!
      return { sub: claims.sub, ...(typeof claims.email === 'string' ? { email: claims.email } : {}) }
    },
  }
}

export type ExternalRelyingParty = ReturnType<typeof externalRelyingParty>

/** Why a relying party's step (discovery, code redemption) failed, in words for a page. */
export function relyingPartyFailure(error: unknown): string {
  if (error instanceof oidc.AuthorizationResponseError) return error.error_description ?? error.error
  return (error as Error).message
}
