import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose'
import * as oauth from 'oauth4webapi'
import * as client from 'openid-client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClient } from '../clients/clients.js'
import { AFTER_LOGOUT, CALLBACK, type IdentityFixture, identityFixture, ScriptedBrowser } from '../testing/identity-fixture.js'

let idp: IdentityFixture

beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

async function confidentialConfig(auth = client.ClientSecretBasic()) {
  return client.discovery(new URL(idp.issuer), idp.confidential.clientId, idp.confidential.clientSecret, auth, {
    execute: [client.allowInsecureRequests, client.enableNonRepudiationChecks],
  })
}

async function signIn(
  config: client.Configuration,
  scope = 'openid profile email offline_access svc.access',
  extra: Record<string, string> = {},
  { post = false } = {},
) {
  const verifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const nonce = client.randomNonce()
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: CALLBACK,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  })
  const browser = new ScriptedBrowser()
  const callback = await browser.authorize(url, { post })
  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
  })
  return { tokens, browser, callback, nonce }
}

describe('discovery and keys', () => {
  it("publishes the spec's discovery document and an RSA key set", async () => {
    const document = await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json()
    expect(document).toMatchObject({
      issuer: idp.issuer,
      authorization_endpoint: `${idp.issuer}/oidc/authorize`,
      token_endpoint: `${idp.issuer}/oidc/token`,
      userinfo_endpoint: `${idp.issuer}/oidc/userinfo`,
      jwks_uri: `${idp.issuer}/.well-known/jwks.json`,
      revocation_endpoint: `${idp.issuer}/oidc/revoke`,
      introspection_endpoint: `${idp.issuer}/oidc/introspect`,
      end_session_endpoint: `${idp.issuer}/oidc/logout`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      scopes_supported: ['openid', 'profile', 'email', 'offline_access', 'svc.access'],
      ui_locales_supported: ['en', 'de', 'es', 'fr', 'it', 'nl', 'pt', 'pt-PT'],
      request_parameter_supported: false,
      request_uri_parameter_supported: false,
      require_request_uri_registration: false,
      claims_parameter_supported: false,
      authorization_response_iss_parameter_supported: true,
      acr_values_supported: ['urn:svc:acr:1fa', 'urn:svc:acr:mfa', 'urn:svc:acr:phr'],
    })
    expect(document.claims_supported).toEqual(
      expect.arrayContaining(['sub', 'auth_time', 'amr', 'acr', 'nonce', 'svc.app', 'svc.access', 'svc.master', 'svc.role', 'svc.links']),
    )
    const { keys } = await (await fetch(`${idp.issuer}/.well-known/jwks.json`)).json()
    expect(keys).toHaveLength(1)
    expect(keys[0]).toEqual({ kty: 'RSA', use: 'sig', alg: 'RS256', kid: expect.any(String), n: expect.any(String), e: 'AQAB' })
  })
})

describe('a confidential client with openid-client', () => {
  it('signs in with code and PKCE and gets verified tokens, claims and userinfo', async () => {
    const config = await confidentialConfig()
    const { tokens, callback, nonce } = await signIn(config)
    expect(callback.searchParams.get('iss')).toBe(idp.issuer)
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'openid profile email offline_access svc.access' })
    expect(tokens.refresh_token).toEqual(expect.any(String))
    const claims = tokens.claims()!
    expect(claims).toMatchObject({
      iss: idp.issuer,
      sub: idp.sub,
      aud: idp.confidential.clientId,
      nonce,
      auth_time: expect.any(Number),
      at_hash: expect.any(String),
      // A password sign-in (RFC 8176), one factor.
      amr: ['pwd'],
      acr: 'urn:svc:acr:1fa',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
    })
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, idp.sub)
    expect(userinfo).toEqual({
      sub: idp.sub,
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
      picture: 'https://cdn.example/ada.png',
      email: 'ada@example.com',
      email_verified: true,
      'svc.access': ['Ads:Edit'],
      'svc.master': false,
      'svc.role': 'admin',
      'svc.links': [],
      amr: ['pwd'],
      acr: 'urn:svc:acr:1fa',
    })
    const events = await idp.events()
    expect(events.map((event) => event.name)).toEqual(['account.consent_granted', 'account.signed_in'])
    expect(events[0]).toEqual({
      name: 'account.consent_granted',
      client: idp.confidential.clientId,
      data: { account: idp.sub, scopes: tokens.scope!.split(' ') },
    })
    expect(events[1]).toEqual({
      name: 'account.signed_in',
      client: idp.confidential.clientId,
      data: { account: idp.sub, scopes: tokens.scope!.split(' '), ip: '127.0.0.1', user_agent: expect.any(String) },
    })
  })

  it('takes the authorization request form-encoded in a POST as well (OIDC Core 3.1.2.1)', async () => {
    const config = await confidentialConfig()
    const { tokens, callback, nonce } = await signIn(config, 'openid email', {}, { post: true })
    expect(callback.searchParams.get('iss')).toBe(idp.issuer)
    expect(tokens.claims()).toMatchObject({ sub: idp.sub, nonce, email: 'ada@example.com' })
    const asJson = await fetch(`${idp.issuer}/oidc/authorize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(asJson.status).toBe(400)
  })

  it('releases only the claims the scopes allow', async () => {
    const config = await confidentialConfig(client.ClientSecretPost())
    const { tokens } = await signIn(config, 'openid email')
    expect(tokens.refresh_token).toBeUndefined()
    expect(await client.fetchUserInfo(config, tokens.access_token, idp.sub)).toEqual({
      sub: idp.sub,
      email: 'ada@example.com',
      email_verified: true,
      // How the sign-in was made is no scope's claim: it comes with every token (as in the id_token).
      amr: ['pwd'],
      acr: 'urn:svc:acr:1fa',
    })
  })

  it('remembers consent and signs in silently with prompt=none once a session exists', async () => {
    const config = await confidentialConfig()
    const { browser } = await signIn(config, 'openid email')
    const url = client.buildAuthorizationUrl(config, { redirect_uri: CALLBACK, scope: 'openid email', prompt: 'none', state: 's1' })
    const res = await browser.request(url.href)
    expect(res.status).toBe(302)
    const callback = new URL(res.headers.get('Location')!)
    expect(callback.searchParams.get('code')).toBeTruthy()
    expect(callback.searchParams.get('state')).toBe('s1')
  })

  it('rotates refresh tokens, narrows scope, and revokes the chain when a retired token is reused', async () => {
    const config = await confidentialConfig()
    const { tokens } = await signIn(config)
    const first = tokens.refresh_token!
    const second = await client.refreshTokenGrant(config, first)
    expect(second.refresh_token).not.toBe(first)
    expect(second.claims()!.sub).toBe(idp.sub)
    const narrowed = await client.refreshTokenGrant(config, second.refresh_token!, { scope: 'openid email' })
    expect(narrowed.scope).toBe('openid email')
    expect(await client.fetchUserInfo(config, narrowed.access_token, idp.sub)).toEqual({
      sub: idp.sub,
      email: 'ada@example.com',
      email_verified: true,
      // How the sign-in was made is no scope's claim: it comes with every token (as in the id_token).
      amr: ['pwd'],
      acr: 'urn:svc:acr:1fa',
    })
    // The refresh token kept the whole grant, so a later refresh may widen back within it, and no further.
    const widened = await client.refreshTokenGrant(config, narrowed.refresh_token!, { scope: 'openid profile' })
    expect(widened.scope).toBe('openid profile')
    await expect(client.refreshTokenGrant(config, widened.refresh_token!, { scope: 'openid address' })).rejects.toMatchObject({
      error: 'invalid_scope',
    })

    await expect(client.refreshTokenGrant(config, first)).rejects.toMatchObject({ error: 'invalid_grant', status: 400 })
    // The whole chain is gone: the newest refresh and access tokens too.
    await expect(client.refreshTokenGrant(config, narrowed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' })
    expect(await client.tokenIntrospection(config, narrowed.access_token)).toEqual({ active: false })
    expect((await idp.events()).at(-1)).toEqual({
      name: 'tokens.revoked',
      client: idp.confidential.clientId,
      data: { account: idp.sub, tokens: 8, reason: 'retired refresh token reused' },
    })
  })

  it('revokes tokens, after which introspection reports them inactive', async () => {
    const config = await confidentialConfig()
    const { tokens } = await signIn(config)
    expect(await client.tokenIntrospection(config, tokens.access_token)).toMatchObject({
      active: true,
      sub: idp.sub,
      client_id: idp.confidential.clientId,
      username: 'ada@example.com',
      iss: idp.issuer,
      aud: idp.confidential.clientId,
      scope: 'openid profile email offline_access svc.access',
      exp: expect.any(Number),
      iat: expect.any(Number),
    })
    await client.tokenRevocation(config, tokens.access_token)
    expect(await client.tokenIntrospection(config, tokens.access_token)).toEqual({ active: false })
    await client.tokenRevocation(config, tokens.refresh_token!, { token_type_hint: 'refresh_token' })
    expect(await client.tokenIntrospection(config, tokens.refresh_token!)).toEqual({ active: false })
    await client.tokenRevocation(config, 'never-issued')
  })

  it('logs out: ends the session, revokes the tokens and returns with state', async () => {
    const config = await confidentialConfig()
    const { tokens, browser } = await signIn(config)
    const logout = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: AFTER_LOGOUT,
      state: 'bye',
    })
    const res = await browser.request(logout.href)
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe(`${AFTER_LOGOUT}?state=bye`)
    expect(res.headers.get('Set-Login')).toBe('logged-out')
    expect(browser.cookies.has('svc_session')).toBe(false)
    expect(await client.tokenIntrospection(config, tokens.access_token)).toEqual({ active: false })
    expect(await client.tokenIntrospection(config, tokens.refresh_token!)).toEqual({ active: false })
    expect((await idp.events()).slice(-2)).toEqual([
      { name: 'tokens.revoked', client: idp.confidential.clientId, data: { account: idp.sub, tokens: 2, reason: 'signed out' } },
      { name: 'account.signed_out', client: idp.confidential.clientId, data: { account: idp.sub } },
    ])

    const again = await browser.request(
      client.buildAuthorizationUrl(config, { redirect_uri: CALLBACK, scope: 'openid', prompt: 'none' }).href,
    )
    expect(new URL(again.headers.get('Location')!).searchParams.get('error')).toBe('login_required')
  })

  it('asks the user to confirm a sign-out without an id_token_hint, then shows a signed-out page', async () => {
    const config = await confidentialConfig()
    const { browser, tokens } = await signIn(config)
    const question = await browser.request(`${idp.issuer}/oidc/logout?client_id=${idp.confidential.clientId}`)
    const page = await question.text()
    expect(page).toContain('Sign out of svc?')
    expect(page).toContain('>Sign out</button>')
    // Nothing happened yet: another site cannot sign the user out with a bare link.
    expect(await client.tokenIntrospection(config, tokens.access_token)).toMatchObject({ active: true })
    const forged = await browser.submit(`${idp.issuer}/oidc/logout`, page, { csrf: 'forged' })
    expect(forged.status).toBe(400)
    const res = await browser.submit(`${idp.issuer}/oidc/logout`, page, {})
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('You are signed out')
    expect(await client.tokenIntrospection(config, tokens.access_token)).toEqual({ active: false })
  })

  it('publishes a new key at once, signs with it after the key-set cache lifetime, and keeps verifying the previous key', async () => {
    const config = await confidentialConfig()
    const before = await signIn(config)
    const oldKid = decodeProtectedHeader(before.tokens.id_token!).kid
    const { kid: newKid } = await idp.bff.provider.keys.rotate()
    const jwks = createRemoteJWKSet(new URL(`${idp.issuer}/.well-known/jwks.json`))
    const { keys } = await (await fetch(`${idp.issuer}/.well-known/jwks.json`)).json()
    expect(keys.map((key: { kid: string }) => key.kid).sort()).toEqual([oldKid, newKid].sort())
    await expect(
      jwtVerify(before.tokens.id_token!, jwks, { issuer: idp.issuer, audience: idp.confidential.clientId }),
    ).resolves.toBeTruthy()
    const soon = await client.refreshTokenGrant(config, before.tokens.refresh_token!)
    expect(decodeProtectedHeader(soon.id_token!).kid).toBe(oldKid)
    idp.advance(6 * 3600)
    // A fresh configuration: openid-client refetches a key set for an unknown kid only after a cool-down.
    const after = await client.refreshTokenGrant(await confidentialConfig(), soon.refresh_token!)
    expect(decodeProtectedHeader(after.id_token!).kid).toBe(newKid)
  })
})

describe('a public client with oauth4webapi', () => {
  it('signs in with PKCE and refreshes without a secret', async () => {
    const options = { [oauth.allowInsecureRequests]: true }
    const issuer = new URL(idp.issuer)
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, options))
    const rp: oauth.Client = { client_id: idp.publicClient.clientId }
    const verifier = oauth.generateRandomCodeVerifier()
    const state = oauth.generateRandomState()
    const url = new URL(as.authorization_endpoint!)
    url.search = new URLSearchParams({
      client_id: rp.client_id,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid offline_access',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    }).toString()
    const callback = await new ScriptedBrowser().authorize(url)
    const params = oauth.validateAuthResponse(as, rp, callback, state)
    const response = await oauth.authorizationCodeGrantRequest(as, rp, oauth.None(), params, CALLBACK, verifier, options)
    const tokens = await oauth.processAuthorizationCodeResponse(as, rp, response)
    expect(oauth.getValidatedIdTokenClaims(tokens)!.sub).toBe(idp.sub)
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      rp,
      await oauth.refreshTokenGrantRequest(as, rp, oauth.None(), tokens.refresh_token!, options),
    )
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token)
  })

  it('answers CORS for the public client origin on the token endpoint, never on authorize', async () => {
    const preflight = await fetch(`${idp.issuer}/oidc/token`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:3000', 'Access-Control-Request-Method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000')
    // A single-page app reading userinfo with its token in the Authorization header (found by the outside re-probe).
    for (const path of ['/oidc/userinfo', '/oidc/revoke']) {
      const withHeaders = await fetch(`${idp.issuer}${path}`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://127.0.0.1:3000',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        },
      })
      expect(withHeaders.status).toBe(204)
      expect(withHeaders.headers.get('access-control-allow-headers')).toContain('Authorization')
    }
    const other = await fetch(`${idp.issuer}/oidc/token`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    const authorize = await fetch(`${idp.issuer}/oidc/authorize?client_id=x`, { headers: { Origin: 'http://127.0.0.1:3000' } })
    expect(authorize.headers.get('access-control-allow-origin')).toBeNull()
  })

  it("gives no CORS to the opaque origin `null`, even when a public app's redirect URI has a custom scheme", async () => {
    await createClient(idp.db, { name: 'Phone App', redirectUris: ['com.example.app:/callback'], public: true })
    for (const method of ['OPTIONS', 'POST']) {
      const answer = await fetch(`${idp.issuer}/oidc/token`, {
        method,
        headers: { Origin: 'null', 'Access-Control-Request-Method': 'POST' },
      })
      expect(answer.headers.get('access-control-allow-origin')).toBeNull()
    }
  })
})
