/**
 * @module Test fixtures for the console: signing a new account with given
 * svc claims in through svc (the console's own flow, end to end), calling
 * the console API as that browser, and the same account signed in to a
 * partner application from another browser.
 */
import * as client from 'openid-client'
import { expect } from 'vitest'
import { createUser, type NewUser } from '../accounts/users.js'
import { CALLBACK, type IdentityFixture, ScriptedBrowser } from './identity-fixture.js'

const PASSWORD = 'console password'

export interface ConsoleUser {
  browser: ScriptedBrowser
  email: string
  me: { sub: string; csrf: string; roles: Record<string, unknown> }
  /** Calls `/console/api/PATH` with the session and, for writes, its CSRF token. */
  api(method: string, path: string, body?: unknown, { csrf }?: { csrf?: boolean }): Promise<Response>
}

/**
 * Makes an account with the given claims and signs it in to the console,
 * asking first for the page `start` (where the sign-in brings it back).
 *
 * @example
 * const marketer = await consoleUser(idp, { svcApp: org.code, svcAccess: ['Ads:Edit'] })
 */
export async function consoleUser(idp: IdentityFixture, claims: Partial<NewUser> = {}, start = '/console/ads'): Promise<ConsoleUser> {
  const email = `user${Math.random().toString(36).slice(2)}@example.com`
  await createUser(idp.db, { email, name: 'Console User', password: PASSWORD, ...claims })
  const browser = new ScriptedBrowser()
  const toLogin = await browser.request(`${idp.issuer}${start}`)
  expect(toLogin.headers.get('Location')).toBe(`/console/login?return=${encodeURIComponent(start)}`)
  const authorize = (await browser.request(`${idp.issuer}${toLogin.headers.get('Location')}`)).headers.get('Location')!
  // A first-party client: the login page, then straight back, no consent page.
  const callback = await browser.authorize(authorize, { email, password: PASSWORD })
  const landed = await browser.request(callback.href)
  expect(landed.headers.get('Location')).toBe(start)
  return consoleUserIn(idp, browser, email)
}

/** The console user this browser's console session is, with the CSRF token of that session. */
async function consoleUserIn(idp: IdentityFixture, browser: ScriptedBrowser, email: string): Promise<ConsoleUser> {
  const me = await (await browser.request(`${idp.issuer}/console/api/me`)).json()
  return {
    browser,
    email,
    me,
    api: (method, path, body, { csrf = true } = {}) =>
      browser.request(`${idp.issuer}/console/api${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...(csrf && method !== 'GET' ? { 'X-CSRF-Token': me.csrf } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  }
}

/**
 * The console user signed in to the fixture's confidential partner
 * application from another browser (sending `headers`, such as its
 * User-Agent), holding a refresh token: what signing out elsewhere must end.
 *
 * @example
 * const other = await signedInElsewhere(idp, user, { 'User-Agent': 'curl/8.5.0' })
 * await client.refreshTokenGrant(other.config, other.refreshToken)
 */
export async function signedInElsewhere(idp: IdentityFixture, user: Pick<ConsoleUser, 'email'>, headers: Record<string, string> = {}) {
  const config = await client.discovery(
    new URL(idp.issuer),
    idp.confidential.clientId,
    idp.confidential.clientSecret,
    client.ClientSecretBasic(),
    { execute: [client.allowInsecureRequests] },
  )
  const verifier = client.randomPKCECodeVerifier()
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: CALLBACK,
    scope: 'openid email offline_access',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: 'x',
  })
  const browser = new ScriptedBrowser(headers)
  const tokens = await client.authorizationCodeGrant(config, await browser.authorize(url, { email: user.email, password: PASSWORD }), {
    pkceCodeVerifier: verifier,
    expectedState: 'x',
  })
  return { config, browser, url, refreshToken: tokens.refresh_token! }
}

/**
 * Signs the console user in to the console again in the same browser, as
 * the console's "Sign in again" does (`/console/login?again=1`: the login
 * page even though svc knows the browser), with the password and then,
 * when given, the authenticator's `code` (or `recovery_code`) at the
 * code prompt; answers the console user of the new session.
 *
 * @example
 * const stepped = await signInToConsoleAgain(idp, user, { code: appCode(secret) })
 */
export async function signInToConsoleAgain(
  idp: IdentityFixture,
  user: ConsoleUser,
  secondStep?: { code: string } | { recovery_code: string },
  start = '/console',
): Promise<ConsoleUser> {
  const { browser, email } = user
  const toAuthorize = await browser.request(`${idp.issuer}/console/login?again=1&return=${encodeURIComponent(start)}`)
  const login = await (await browser.request(toAuthorize.headers.get('Location')!)).text()
  expect(login).toContain('action="/oidc/authorize/login"')
  let answer = await browser.submit(`${idp.issuer}/oidc/authorize/login`, login, { email, password: PASSWORD })
  if (secondStep) {
    const prompt = await answer.text()
    expect(prompt).toContain('action="/oidc/authorize/code"')
    answer = await browser.submit(`${idp.issuer}/oidc/authorize/code`, prompt, secondStep)
  }
  expect(answer.status).toBe(302)
  const landed = await browser.request(answer.headers.get('Location')!)
  expect(landed.headers.get('Location')).toBe(start)
  return consoleUserIn(idp, browser, email)
}
