import { createHash } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FREE_FAILURES } from '../http/login-throttle.js'
import { CALLBACK, formFields, type IdentityFixture, identityFixture, ScriptedBrowser, USER } from '../testing/identity-fixture.js'

let idp: IdentityFixture

beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

const VERIFIER = 'a'.repeat(43)
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url')

function authorizeUrl(parameters: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams()
  const all = {
    client_id: idp.confidential.clientId,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'openid email offline_access',
    state: 'st',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    ...parameters,
  }
  for (const [name, value] of Object.entries(all)) if (value !== undefined) query.set(name, value)
  return `${idp.issuer}/oidc/authorize?${query}`
}

function tokenRequest(form: Record<string, string>, { basic = true, secret = idp.confidential.clientSecret } = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' }
  if (basic) headers.Authorization = `Basic ${Buffer.from(`${idp.confidential.clientId}:${secret}`).toString('base64')}`
  return fetch(`${idp.issuer}/oidc/token`, { method: 'POST', headers, body: new URLSearchParams(form) })
}

async function codeFor(parameters: Record<string, string | undefined> = {}, browser = new ScriptedBrowser()): Promise<string> {
  const callback = await browser.authorize(authorizeUrl(parameters))
  const code = callback.searchParams.get('code')
  if (!code) throw new Error(`no code: ${callback}`)
  return code
}

const redeem = (code: string, extra: Record<string, string> = {}) =>
  tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK, code_verifier: VERIFIER, ...extra })

async function redirectError(url: string, browser = new ScriptedBrowser()) {
  const res = await browser.request(url)
  expect(res.status).toBe(302)
  const location = new URL(res.headers.get('Location')!)
  expect(location.origin + location.pathname).toBe(CALLBACK)
  return Object.fromEntries(location.searchParams)
}

describe('the authorization endpoint refuses', () => {
  it.each([
    ['an unknown client', { client_id: 'cli_unknown' }, 'The application asking you to sign in is not registered with svc.'],
    [
      'a redirect URI that is not registered',
      { redirect_uri: 'https://evil.example/callback' },
      'The address the application asked to return to is not registered for it.',
    ],
    [
      'a redirect URI that differs only by a trailing slash',
      { redirect_uri: `${CALLBACK}/` },
      'The address the application asked to return to is not registered for it.',
    ],
    ['a missing client_id', { client_id: undefined }, 'The request does not name an application (client_id is missing).'],
  ])('%s with an error page, never a redirect', async (_name, parameters, message) => {
    const res = await fetch(authorizeUrl(parameters), { redirect: 'manual' })
    expect(res.status).toBe(400)
    expect(res.headers.get('Location')).toBeNull()
    expect(await res.text()).toContain(message)
  })

  it.each([
    ['scope without openid', { scope: 'email' }, 'invalid_scope', 'scope must include openid'],
    [
      'a public client without PKCE',
      { client_id: 'PUBLIC', code_challenge: undefined, code_challenge_method: undefined },
      'invalid_request',
      'code_challenge is required for public clients (PKCE with S256)',
    ],
    ['the plain PKCE method', { code_challenge_method: 'plain' }, 'invalid_request', 'code_challenge_method must be S256'],
    [
      'a challenge without its method',
      { code_challenge_method: undefined },
      'invalid_request',
      'code_challenge_method is required with code_challenge and must be S256',
    ],
    ['another response type', { response_type: 'token' }, 'unsupported_response_type', 'response_type must be code'],
    ['prompt=none without a session', { prompt: 'none' }, 'login_required', 'the user is not signed in'],
    ['prompt none with login', { prompt: 'none login' }, 'invalid_request', 'prompt none cannot be combined with other values'],
    ['a request object', { request: 'eyJ...' }, 'request_not_supported', 'the request parameter is not supported'],
    ['a bad max_age', { max_age: '-1' }, 'invalid_request', 'max_age must be a whole number of seconds'],
    [
      'an id_token_hint from elsewhere',
      { id_token_hint: 'e30.e30.sig' },
      'login_required',
      'id_token_hint is not a valid id_token of this issuer',
    ],
  ])('%s with a redirect carrying the error, state and iss', async (_name, parameters, error, description) => {
    const resolved: Record<string, string | undefined> = { ...parameters }
    if (resolved.client_id === 'PUBLIC') resolved.client_id = idp.publicClient.clientId
    expect(await redirectError(authorizeUrl(resolved))).toEqual({ error, error_description: description, state: 'st', iss: idp.issuer })
  })

  it('repeated parameters', async () => {
    const url = `${authorizeUrl()}&scope=openid`
    expect(await redirectError(url)).toMatchObject({ error: 'invalid_request', error_description: 'scope must be given once' })
  })

  it('a denied consent with access_denied', async () => {
    const callback = await new ScriptedBrowser().authorize(authorizeUrl(), { decision: 'deny' })
    expect(Object.fromEntries(callback.searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'the user denied access',
      state: 'st',
      iss: idp.issuer,
    })
  })
})

describe('the login and consent forms', () => {
  it('are labelled, unframeable and send no referrer', async () => {
    const res = await fetch(authorizeUrl({ login_hint: 'ada@example.com' }))
    const page = await res.text()
    expect(page).toContain('<label for="email">Email</label>')
    expect(page).toContain('<label for="password">Password</label>')
    expect(page).toContain('>Sign in</button>')
    expect(page).toContain('value="ada@example.com"')
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'")
    expect(res.headers.get('Referrer-Policy')).toBe('no-referrer')
    expect(res.headers.get('Cache-Control')).toBe('no-store')
  })

  it('refuse a post without the CSRF token', async () => {
    const browser = new ScriptedBrowser()
    const page = await (await browser.request(authorizeUrl())).text()
    const res = await browser.submit(`${idp.issuer}/oidc/authorize/login`, page, { email: USER.email, password: USER.password, csrf: '' })
    expect(res.status).toBe(403)
    expect(browser.cookies.has('svc_session')).toBe(false)
  })

  it('refuse to let a login form skip prompt=login or max_age by posting it as consent', async () => {
    const browser = new ScriptedBrowser()
    await codeFor({}, browser)
    for (const parameters of [{ prompt: 'login' }, { max_age: '0' }]) {
      idp.advance(2)
      const page = await (await browser.request(authorizeUrl(parameters))).text()
      expect(page).toContain('action="/oidc/authorize/login"')
      const res = await browser.submit(`${idp.issuer}/oidc/authorize/consent`, page, { decision: 'allow' })
      expect(res.status).toBe(200)
      expect(await res.text()).toContain('action="/oidc/authorize/login"')
    }
  })

  it('refuse an altered interaction', async () => {
    const browser = new ScriptedBrowser()
    const page = await (await browser.request(authorizeUrl())).text()
    // One bit of the sealed state flipped, in the encrypted query.
    const altered = Buffer.from(formFields(page).interaction!, 'base64url')
    altered[20]! ^= 1
    const res = await browser.submit(`${idp.issuer}/oidc/authorize/login`, page, {
      email: USER.email,
      password: USER.password,
      interaction: altered.toString('base64url'),
    })
    expect(res.status).toBe(400)
    // The state as it was still signs in: the refusal was the alteration's.
    const intact = await browser.submit(`${idp.issuer}/oidc/authorize/login`, page, { email: USER.email, password: USER.password })
    expect([200, 302]).toContain(intact.status)
  })

  it('say a wrong password plainly and throttle guessing', async () => {
    const browser = new ScriptedBrowser()
    let page = await (await browser.request(authorizeUrl())).text()
    let res = await browser.submit(`${idp.issuer}/oidc/authorize/login`, page, { email: USER.email, password: 'wrong password' })
    expect(res.status).toBe(401)
    page = await res.text()
    expect(page).toContain('The email or password is not right.')
    for (let attempt = 2; attempt <= FREE_FAILURES.pair + 1; attempt++) {
      res = await browser.submit(`${idp.issuer}/oidc/authorize/login`, page, { email: USER.email, password: 'wrong password' })
    }
    res = await browser.submit(`${idp.issuer}/oidc/authorize/login`, page, { email: USER.email, password: USER.password })
    expect(res.status).toBe(429)
    expect(res.headers.get('Retry-After')).toBe('1')
    expect(await res.text()).toContain('Too many failed sign-in attempts. Try again in 1 second.')
  })

  it('ask to sign in again for prompt=login and for an old sign-in under max_age', async () => {
    const browser = new ScriptedBrowser()
    await codeFor({}, browser)
    expect((await browser.request(authorizeUrl())).status).toBe(302)
    expect(await (await browser.request(authorizeUrl({ prompt: 'login' }))).text()).toContain('action="/oidc/authorize/login"')
    idp.advance(120)
    expect(await (await browser.request(authorizeUrl({ max_age: '60' }))).text()).toContain('action="/oidc/authorize/login"')
    expect((await browser.request(authorizeUrl({ max_age: '600' }))).status).toBe(302)
  })

  it('ask again for consent when prompt=consent or a new scope is requested', async () => {
    const browser = new ScriptedBrowser()
    await codeFor({}, browser)
    expect(await (await browser.request(authorizeUrl({ prompt: 'consent' }))).text()).toContain('action="/oidc/authorize/consent"')
    expect(await (await browser.request(authorizeUrl({ scope: 'openid profile' }))).text()).toContain('See your name and profile picture')
    expect(await redirectError(authorizeUrl({ scope: 'openid profile', prompt: 'none' }), browser)).toMatchObject({
      error: 'consent_required',
    })
  })
})

describe('the token endpoint refuses', () => {
  it('a verifier when the request had no challenge', async () => {
    const code = await codeFor({ code_challenge: undefined, code_challenge_method: undefined })
    const res = await redeem(code)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'code_verifier was sent, but the authorization request had no code_challenge',
    })
  })

  it('a missing or wrong verifier', async () => {
    const code = await codeFor()
    expect(await (await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK })).json()).toMatchObject({
      error: 'invalid_grant',
    })
    const other = await codeFor()
    expect(await (await redeem(other, { code_verifier: 'b'.repeat(43) })).json()).toEqual({
      error: 'invalid_grant',
      error_description: 'code_verifier does not match the code_challenge',
    })
  })

  it('a replayed code, and revokes what the code gave', async () => {
    const code = await codeFor()
    const first = await redeem(code)
    expect(first.status).toBe(200)
    expect(first.headers.get('Cache-Control')).toBe('no-store')
    const { access_token, refresh_token } = await first.json()
    const replay = await redeem(code)
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' })
    const userinfo = await fetch(`${idp.issuer}/oidc/userinfo`, { headers: { Authorization: `Bearer ${access_token}` } })
    expect(userinfo.status).toBe(401)
    expect(userinfo.headers.get('WWW-Authenticate')).toContain('error="invalid_token"')
    expect(await (await tokenRequest({ grant_type: 'refresh_token', refresh_token })).json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('a replay racing the first redemption: whatever the first got is revoked', async () => {
    const code = await codeFor()
    const answers = await Promise.all([redeem(code), redeem(code)])
    const bodies = await Promise.all(answers.map((answer) => answer.json()))
    const issued = bodies.find((body) => body.access_token)
    expect(bodies.filter((body) => body.error === 'invalid_grant')).toHaveLength(1)
    const userinfo = await fetch(`${idp.issuer}/oidc/userinfo`, { headers: { Authorization: `Bearer ${issued.access_token}` } })
    expect(userinfo.status).toBe(401)
  })

  it('to spend a code on a wrong verifier, so the real client can still redeem it', async () => {
    const code = await codeFor()
    expect((await redeem(code, { code_verifier: 'b'.repeat(43) })).status).toBe(400)
    expect((await redeem(code)).status).toBe(200)
  })

  it('an expired code', async () => {
    const code = await codeFor()
    idp.advance(61)
    expect(await (await redeem(code)).json()).toEqual({ error: 'invalid_grant', error_description: 'the authorization code has expired' })
  })

  it('a redirect URI other than the one the code was issued for', async () => {
    const code = await codeFor()
    expect(await (await redeem(code, { redirect_uri: 'http://127.0.0.1:3000/other' })).json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('a wrong client secret, with WWW-Authenticate when Basic was used', async () => {
    const code = await codeFor()
    const basic = await tokenRequest(
      { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, code_verifier: VERIFIER },
      { secret: 'wrong' },
    )
    expect(basic.status).toBe(401)
    expect(basic.headers.get('WWW-Authenticate')).toBe('Basic realm="svc"')
    expect(await basic.json()).toEqual({ error: 'invalid_client', error_description: 'client authentication failed' })
    const post = await tokenRequest(
      { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, client_id: idp.confidential.clientId, client_secret: 'wrong' },
      { basic: false },
    )
    expect(post.status).toBe(401)
    expect(post.headers.get('WWW-Authenticate')).toBeNull()
  })

  it.each([
    ['no grant type', {}, 400, 'invalid_request'],
    ['an unknown grant type', { grant_type: 'password' }, 400, 'unsupported_grant_type'],
    ['a repeated parameter', { grant_type: 'refresh_token', refresh_token: 'a&refresh_token=b' }, 400, 'invalid_grant'],
  ])('%s', async (_name, form, status, error) => {
    const res = await tokenRequest(form as Record<string, string>)
    expect(res.status).toBe(status)
    expect((await res.json()).error).toBe(error)
  })

  it('an empty scope on a refresh, which would make a token for nothing', async () => {
    const { refresh_token } = await (await redeem(await codeFor())).json()
    const res = await tokenRequest({ grant_type: 'refresh_token', refresh_token, scope: ' ' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      error: 'invalid_scope',
      error_description: 'scope names no scope; leave it out to keep the granted scopes',
    })
    expect((await tokenRequest({ grant_type: 'refresh_token', refresh_token })).status).toBe(200)
  })

  it.each([
    ['PUT', '/oidc/token', 'POST'],
    ['GET', '/oidc/token', 'POST'],
    ['GET', '/oidc/revoke', 'POST'],
    ['DELETE', '/oidc/introspect', 'POST'],
    ['PUT', '/oidc/userinfo', 'GET, POST, HEAD'],
    ['DELETE', '/oidc/authorize', 'GET, POST, HEAD'],
  ])('%s %s, with 405 and the methods it takes', async (method, path, allow) => {
    const res = await fetch(`${idp.issuer}${path}`, { method })
    expect(res.status).toBe(405)
    expect(res.headers.get('Allow')).toBe(allow)
    expect((await res.json()).error).toBe('invalid_request')
  })

  it('a body that is not a form', async () => {
    const res = await fetch(`${idp.issuer}/oidc/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'invalid_request', error_description: 'the body must be application/x-www-form-urlencoded' })
  })
})

describe('introspection, userinfo and logout refuse', () => {
  it('an access token sent both in the header and in the form (RFC 6750 §2)', async () => {
    const { access_token } = await (await redeem(await codeFor())).json()
    const both = await fetch(`${idp.issuer}/oidc/userinfo`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ access_token }),
    })
    expect(both.status).toBe(400)
    expect((await both.json()).error).toBe('invalid_request')
    const formOnly = await fetch(`${idp.issuer}/oidc/userinfo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ access_token }),
    })
    expect(formOnly.status).toBe(200)
  })

  it('a public client at introspection', async () => {
    const res = await fetch(`${idp.issuer}/oidc/introspect`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: idp.publicClient.clientId, token: 'x' }),
    })
    expect(res.status).toBe(401)
    expect((await res.json()).error).toBe('invalid_client')
  })

  it('userinfo without a token, with RFC 6750 headers', async () => {
    const res = await fetch(`${idp.issuer}/oidc/userinfo`)
    expect(res.status).toBe(401)
    expect(res.headers.get('WWW-Authenticate')).toBe('Bearer realm="svc"')
    const bad = await fetch(`${idp.issuer}/oidc/userinfo`, { headers: { Authorization: 'Bearer nope' } })
    expect(bad.status).toBe(401)
    expect(await bad.json()).toEqual({ error: 'invalid_token', error_description: 'the access token is not valid' })
  })

  it('an unregistered post-logout redirect with a page, not a redirect', async () => {
    const res = await fetch(
      `${idp.issuer}/oidc/logout?client_id=${idp.confidential.clientId}&post_logout_redirect_uri=https://evil.example/`,
      { redirect: 'manual' },
    )
    expect(res.status).toBe(400)
    expect(res.headers.get('Location')).toBeNull()
    expect(await res.text()).toContain('not registered for this application')
  })
})
