/**
 * @module Test fixtures for the console: signing a new account with given
 * svc claims in through svc (the console's own flow, end to end) and
 * calling the console API as that browser.
 */
import { expect } from 'vitest'
import { createUser, type NewUser } from '../accounts/users.js'
import { type IdentityFixture, ScriptedBrowser } from './identity-fixture.js'

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
