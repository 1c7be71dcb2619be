/**
 * @module svc as a relying party of an external OpenID Connect provider,
 * with openid-client: discovery (cached per provider), the authorization
 * URL with PKCE, `state` and `nonce`, and the code redemption that yields
 * the external account's `sub` and e-mail address.
 */
import type * as oidc from 'openid-client'
import type { ExternalProviderRow } from '../db/schema.js'
import { loadedOnFirstUse } from '../loaded-on-first-use.js'

// Set once loaded: an error can come from openid-client only after that.
let loadedOpenidClient: typeof oidc | undefined

/**
 * openid-client, loaded by the first sign-in that needs it (an external
 * provider's, or the console's) rather than by every start.
 *
 * @example
 * const url = (await openidClient()).buildAuthorizationUrl(configuration, parameters)
 */
export const openidClient = loadedOnFirstUse('openid-client', 'signing in with OpenID Connect', async () => {
  loadedOpenidClient = await import('openid-client')
  return loadedOpenidClient
})

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
      configuration = openidClient().then((openid) =>
        openid.discovery(new URL(provider.issuer), provider.client_id, provider.client_secret, undefined, {
          ...(provider.issuer.startsWith('http:') ? { execute: [openid.allowInsecureRequests] } : {}),
        }),
      )
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
      const openid = await openidClient()
      const pending: PendingExternalSignIn = {
        slug: provider.slug,
        state: openid.randomState(),
        nonce: openid.randomNonce(),
        verifier: openid.randomPKCECodeVerifier(),
        returnTo,
        ...(sub ? { sub } : {}),
      }
      const url = openid.buildAuthorizationUrl(await configurationOf(provider), {
        redirect_uri: redirectUri,
        scope: 'openid email',
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await openid.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        ...(prompt ? { prompt } : {}),
      })
      return { url, pending }
    },
    async finish(provider: ExternalProviderRow, callback: URL, pending: PendingExternalSignIn): Promise<{ sub: string; email?: string }> {
      const openid = await openidClient()
      const tokens = await openid.authorizationCodeGrant(await configurationOf(provider), callback, {
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
  if (loadedOpenidClient && error instanceof loadedOpenidClient.AuthorizationResponseError) return error.error_description ?? error.error
  return (error as Error).message
}
