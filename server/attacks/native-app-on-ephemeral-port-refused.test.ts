/**
 * Failure: a native app registered with `http://127.0.0.1/callback` listens
 * on whatever port the system gives it, as RFC 8252 §7.3 tells it to, and
 * svc refused it ("the authorization server MUST allow any port to be
 * specified at the time of the request for loopback IP redirect URIs").
 * And when svc refused a redirect or post-logout URI, the page did not say
 * what it had received, so a developer could not see a missing trailing
 * slash. Any port now matches for public clients' loopback IP URIs
 * (127.0.0.1 and [::1]; not `localhost`, §8.3), path and query still
 * exact; everything else matches exactly; refusals show the value.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClient } from '../clients/clients.js'
import { AFTER_LOGOUT, CALLBACK, type IdentityFixture, identityFixture, pkcePair, ScriptedBrowser } from '../testing/identity-fixture.js'

let idp: IdentityFixture
let nativeApp: string
beforeEach(async () => {
  idp = await identityFixture()
  nativeApp = (
    await createClient(idp.db, {
      name: 'Desktop App',
      public: true,
      applicationType: 'native',
      redirectUris: ['http://127.0.0.1/callback', 'http://[::1]/callback', 'http://localhost/callback'],
      postLogoutRedirectUris: ['http://127.0.0.1/signed-out'],
    })
  ).clientId
})
afterEach(() => idp.close())

function authorizeUrl(clientId: string, redirectUri: string, challenge: string): string {
  return `${idp.issuer}/oidc/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid',
    state: 'st',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  })}`
}

async function refusal(url: string): Promise<string> {
  const res = await fetch(url, { redirect: 'manual' })
  expect(res.status).toBe(400)
  expect(res.headers.get('Location')).toBeNull()
  return res.text()
}

describe('a native app on an ephemeral loopback port', () => {
  it.each(['http://127.0.0.1:51234/callback', 'http://[::1]:49152/callback', 'http://127.0.0.1/callback'])(
    'signs in at %s and redeems its code there',
    async (redirectUri) => {
      const { verifier, challenge } = pkcePair()
      const callback = await new ScriptedBrowser().authorize(authorizeUrl(nativeApp, redirectUri, challenge))
      expect(callback.origin + callback.pathname).toBe(redirectUri)
      const tokens = await fetch(`${idp.issuer}/oidc/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: callback.searchParams.get('code')!,
          code_verifier: verifier,
          redirect_uri: redirectUri,
          client_id: nativeApp,
        }),
      })
      expect(tokens.status).toBe(200)
    },
  )

  it.each([
    ['another path', 'http://127.0.0.1:51234/other'],
    ['a trailing slash', 'http://127.0.0.1:51234/callback/'],
    ['an added query', 'http://127.0.0.1:51234/callback?x=1'],
    ['localhost on another port (RFC 8252 §8.3)', 'http://localhost:51234/callback'],
    ['https on the loopback', 'https://127.0.0.1:51234/callback'],
    ['another loopback address', 'http://127.0.0.2:51234/callback'],
    ['a port written with a leading zero', 'http://127.0.0.1:051234/callback'],
  ])('still refuses %s, showing the value received', async (_name, redirectUri) => {
    const page = await refusal(authorizeUrl(nativeApp, redirectUri, 'a'.repeat(43)))
    expect(page).toContain(`It asked for &quot;${redirectUri.replaceAll('&', '&amp;')}&quot;`)
  })

  it("matches a confidential client's loopback URI exactly, port included", async () => {
    const page = await refusal(authorizeUrl(idp.confidential.clientId, 'http://127.0.0.1:3001/callback', 'a'.repeat(43)))
    expect(page).toContain('It asked for &quot;http://127.0.0.1:3001/callback&quot;')
  })

  it('shows a refused value escaped, so it is read and never run', async () => {
    const page = await refusal(authorizeUrl(nativeApp, `${CALLBACK}/"><script>alert(1)</script>`, 'a'.repeat(43)))
    expect(page).not.toContain('<script>alert(1)')
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('shows the refused post-logout URI; a native app may return to its loopback on any port', async () => {
    const page = await refusal(
      `${idp.issuer}/oidc/logout?${new URLSearchParams({ client_id: idp.confidential.clientId, post_logout_redirect_uri: `${AFTER_LOGOUT}/` })}`,
    )
    expect(page).toContain(`It asked for &quot;${AFTER_LOGOUT}/&quot;`)
    const res = await fetch(
      `${idp.issuer}/oidc/logout?${new URLSearchParams({ client_id: nativeApp, post_logout_redirect_uri: 'http://127.0.0.1:60000/signed-out' })}`,
      { redirect: 'manual' },
    )
    expect(res.headers.get('Location')).toBe('http://127.0.0.1:60000/signed-out')
  })
})
