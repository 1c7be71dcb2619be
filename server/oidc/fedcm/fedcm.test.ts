import { createHash, randomBytes } from 'node:crypto'
import { createLocalJWKSet, jwtVerify } from 'jose'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type IdentityFixture, identityFixture, ScriptedBrowser, USER } from '../../testing/identity-fixture.js'

let idp: IdentityFixture
const PARTNER = 'http://127.0.0.1:3000'

beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

async function signedInBrowser(): Promise<ScriptedBrowser> {
  const browser = new ScriptedBrowser()
  const page = await (await browser.request(`${idp.issuer}/login`)).text()
  const res = await browser.submit(`${idp.issuer}/login`, page, { email: USER.email, password: USER.password })
  expect(res.status).toBe(200)
  return browser
}

function assertion(browser: ScriptedBrowser, form: Record<string, string>, headers: Record<string, string> = {}) {
  return browser.request(`${idp.issuer}/oidc/fedcm/assertion`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Dest': 'webidentity', Origin: PARTNER, ...headers },
    body: new URLSearchParams(form).toString(),
  })
}

const accounts = (browser: ScriptedBrowser, headers: Record<string, string> = { 'Sec-Fetch-Dest': 'webidentity' }) =>
  browser.request(`${idp.issuer}/oidc/fedcm/accounts`, { headers })

describe('FedCM', () => {
  it('publishes the well-known file and the config with the spec fields', async () => {
    expect(await (await fetch(`${idp.issuer}/.well-known/web-identity`)).json()).toEqual({
      provider_urls: [`${idp.issuer}/fedcm.json`],
      accounts_endpoint: `${idp.issuer}/oidc/fedcm/accounts`,
      login_url: `${idp.issuer}/login`,
    })
    expect(await (await fetch(`${idp.issuer}/fedcm.json`)).json()).toEqual({
      accounts_endpoint: `${idp.issuer}/oidc/fedcm/accounts`,
      client_metadata_endpoint: `${idp.issuer}/oidc/fedcm/metadata`,
      id_assertion_endpoint: `${idp.issuer}/oidc/fedcm/assertion`,
      disconnect_endpoint: `${idp.issuer}/oidc/fedcm/disconnect`,
      login_url: `${idp.issuer}/login`,
      supports_use_other_account: true,
      modes: { active: { supports_use_other_account: true } },
      branding: { background_color: '#0969da', color: '#ffffff', name: 'svc', icons: [{ url: `${idp.issuer}/fedcm/icon.svg`, size: 64 }] },
    })
    expect((await fetch(`${idp.issuer}/fedcm/icon.svg`)).headers.get('content-type')).toBe('image/svg+xml')
  })

  it('signs in on the login page, telling the browser and closing the FedCM popup', async () => {
    const browser = new ScriptedBrowser()
    const form = await (await browser.request(`${idp.issuer}/login`)).text()
    expect(form).toContain('<label for="email">Email</label>')
    expect(form).toContain('>Sign in</button>')
    const refused = await browser.submit(`${idp.issuer}/login`, form, { email: USER.email, password: USER.password, csrf: 'forged' })
    expect(refused.status).toBe(403)
    const wrong = await browser.submit(`${idp.issuer}/login`, form, { email: USER.email, password: 'wrong password' })
    expect(wrong.status).toBe(401)
    expect(await wrong.text()).toContain('The email or password is not right.')
    const res = await browser.submit(`${idp.issuer}/login`, form, { email: USER.email, password: USER.password })
    expect(res.headers.get('Set-Login')).toBe('logged-in')
    expect(res.headers.get('Content-Security-Policy')).toMatch(/script-src 'sha256-[^']+'/)
    expect(await res.text()).toContain('IdentityProvider.close()')
    expect(browser.cookies.has('svc_session')).toBe(true)
  })

  it('lists the signed-in account only to the browser, and 401 when signed out', async () => {
    const anonymous = new ScriptedBrowser()
    expect((await accounts(anonymous)).status).toBe(401)
    const browser = await signedInBrowser()
    expect((await accounts(browser, {})).status).toBe(400)
    expect(await (await accounts(browser)).json()).toEqual({
      accounts: [
        {
          id: idp.sub,
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          given_name: 'Ada',
          picture: 'https://cdn.example/ada.png',
          approved_clients: [],
          login_hints: ['ada@example.com', idp.sub],
        },
      ],
    })
  })

  it("gives the client's privacy policy and terms", async () => {
    const { createClient } = await import('../../clients/clients.js')
    const { clientId } = await createClient(idp.db, {
      name: 'Legal',
      redirectUris: [`${PARTNER}/cb`],
      privacyPolicyUrl: 'https://legal.example/privacy',
      termsOfServiceUrl: 'https://legal.example/terms',
    })
    expect(await (await fetch(`${idp.issuer}/oidc/fedcm/metadata?client_id=${clientId}`)).json()).toEqual({
      privacy_policy_url: 'https://legal.example/privacy',
      terms_of_service_url: 'https://legal.example/terms',
    })
    expect((await fetch(`${idp.issuer}/oidc/fedcm/metadata?client_id=nope`)).status).toBe(404)
  })

  it('asserts an id_token for the client with the nonce, records consent and the sign-in, and answers CORS for the caller', async () => {
    const browser = await signedInBrowser()
    const res = await assertion(browser, {
      client_id: idp.confidential.clientId,
      account_id: idp.sub,
      params: JSON.stringify({ nonce: 'n-123' }),
      is_auto_selected: 'false',
      disclosure_text_shown: 'true',
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe(PARTNER)
    expect(res.headers.get('access-control-allow-credentials')).toBe('true')
    const { token } = await res.json()
    const jwks = createLocalJWKSet(await (await fetch(`${idp.issuer}/.well-known/jwks.json`)).json())
    const { payload } = await jwtVerify(token, jwks, { issuer: idp.issuer, audience: idp.confidential.clientId })
    expect(payload).toMatchObject({ sub: idp.sub, nonce: 'n-123', email: 'ada@example.com', name: 'Ada Lovelace' })
    expect(payload).not.toHaveProperty('at_hash')
    expect((await (await accounts(browser)).json()).accounts[0].approved_clients).toEqual([idp.confidential.clientId])
    expect((await idp.events()).map((event) => event.name)).toEqual(['account.consent_granted', 'account.signed_in'])

    const disconnected = await browser.request(`${idp.issuer}/oidc/fedcm/disconnect`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Dest': 'webidentity', Origin: PARTNER },
      body: new URLSearchParams({ client_id: idp.confidential.clientId, account_hint: idp.sub }).toString(),
    })
    expect(await disconnected.json()).toEqual({ account_id: idp.sub })
    expect((await (await accounts(browser)).json()).accounts[0].approved_clients).toEqual([])
    expect((await idp.events()).at(-1)!.name).toBe('account.consent_revoked')
  })

  it('asserts a code for the code flow, which the backend redeems with the verifier for tokens with the nonce', async () => {
    const browser = await signedInBrowser()
    const verifier = randomBytes(32).toString('base64url')
    const challenge = createHash('sha256').update(verifier).digest('base64url')
    const res = await assertion(browser, {
      client_id: idp.confidential.clientId,
      account_id: idp.sub,
      params: JSON.stringify({ nonce: 'n-code', response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' }),
    })
    expect(res.status).toBe(200)
    const { token: code } = await res.json()
    expect(code).not.toContain('.')
    const redeem = (codeVerifier: string) =>
      fetch(`${idp.issuer}/oidc/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          code_verifier: codeVerifier,
          redirect_uri: `${idp.issuer}/oidc/sdk/callback`,
          client_id: idp.confidential.clientId,
          client_secret: idp.confidential.clientSecret,
        }),
      })
    // A stolen code without the verifier is refused, and the code survives for its owner.
    expect((await (await redeem(randomBytes(32).toString('base64url'))).json()).error).toBe('invalid_grant')
    const tokens = await (await redeem(verifier)).json()
    const jwks = createLocalJWKSet(await (await fetch(`${idp.issuer}/.well-known/jwks.json`)).json())
    const { payload } = await jwtVerify(tokens.id_token, jwks, { issuer: idp.issuer, audience: idp.confidential.clientId })
    expect(payload).toMatchObject({ sub: idp.sub, nonce: 'n-code', email: 'ada@example.com' })
    expect(tokens.scope).toBe('openid profile email')
    expect((await idp.events()).map((event) => event.name)).toEqual(['account.consent_granted', 'account.signed_in'])
  })

  it.each([
    ['asking for a code without a challenge', { params: JSON.stringify({ response_type: 'code' }) }, {}, 400, 'invalid_request'],
    [
      'asking for a code with a plain challenge',
      { params: JSON.stringify({ response_type: 'code', code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }) },
      {},
      400,
      'invalid_request',
    ],
    [
      // RFC 7636 §4.3: no method means plain, as /authorize also holds.
      'asking for a code with a challenge but no method',
      { params: JSON.stringify({ response_type: 'code', code_challenge: 'a'.repeat(43) }) },
      {},
      400,
      'invalid_request',
    ],
    ['asking for a token response type', { params: JSON.stringify({ response_type: 'token' }) }, {}, 400, 'unsupported_response_type'],
    ['from an unregistered origin', {}, { Origin: 'https://evil.example' }, 403, 'unauthorized_client'],
    ['without an Origin', {}, { Origin: '' }, 403, 'unauthorized_client'],
    ['without Sec-Fetch-Dest', {}, { 'Sec-Fetch-Dest': '' }, 400, 'invalid_request'],
    ['for an unknown client', { client_id: 'cli_nope' }, {}, 400, 'invalid_request'],
    ['for another account', { account_id: 'ACC0000000000' }, {}, 400, 'invalid_request'],
    ['with params that are not JSON', { params: '{nonce' }, {}, 400, 'invalid_request'],
    ['with params that are JSON null', { params: 'null' }, {}, 400, 'invalid_request'],
    ['with params that are a JSON string', { params: '"n"' }, {}, 400, 'invalid_request'],
  ])('refuses an assertion %s', async (_name, form, headers, status, code) => {
    const browser = await signedInBrowser()
    const res = await assertion(browser, { client_id: idp.confidential.clientId, account_id: idp.sub, params: '{}', ...form }, headers)
    expect(res.status).toBe(status)
    expect(await res.json()).toEqual({ error: { code, url: `${idp.issuer}/fedcm/error?code=${code}` } })
    if (status === 403) expect(res.headers.get('access-control-allow-origin')).toBeNull()
    const explained = await fetch(`${idp.issuer}/fedcm/error?code=${code}`)
    expect(explained.headers.get('content-type')).toContain('text/html')
  })

  it('never counts the opaque origin "null" of an app scheme as registered', async () => {
    const { createClient } = await import('../../clients/clients.js')
    const { clientId } = await createClient(idp.db, { name: 'App', redirectUris: ['com.example.app:/callback', `${PARTNER}/cb`] })
    const browser = await signedInBrowser()
    const res = await assertion(browser, { client_id: clientId, account_id: idp.sub, params: '{}' }, { Origin: 'null' })
    expect(res.status).toBe(403)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('refuses an assertion without a session', async () => {
    const res = await assertion(new ScriptedBrowser(), { client_id: idp.confidential.clientId, account_id: idp.sub, params: '{}' })
    expect(res.status).toBe(401)
    expect((await res.json()).error.code).toBe('access_denied')
  })
})
