/**
 * Issue 29: an attacker holds the password of an account with an
 * authenticator app (phished, or reused from a leak) and guesses its
 * 6-digit code, typing the password again whenever the guesses are held
 * back, hoping the right password clears the count as it does for a
 * password alone. What must stop them: wrong codes count on the login
 * throttle's buckets with wrong passwords, and only the right code (never
 * the right password) clears them; no session exists before the code.
 */
import { afterEach, expect, it } from 'vitest'
import { newAuthenticatorSecret } from '../accounts/authenticator-codes.js'
import { spendTimeStep, startAuthenticator } from '../accounts/authenticators.js'
import { userBySub } from '../accounts/users.js'
import { FREE_FAILURES } from '../http/login-throttle.js'
import { type IdentityFixture, identityFixture, ScriptedBrowser, USER } from '../testing/identity-fixture.js'

let idp: IdentityFixture
afterEach(() => idp.close())

it('holds the guesses back, and the right password typed again does not reset the count', async () => {
  idp = await identityFixture()
  const owner = (await userBySub(idp.db, idp.sub))!
  // The owner's app, set up and confirmed (its code checked in the set-up's own tests).
  await startAuthenticator(idp.db, owner.id, newAuthenticatorSecret(), new Date())
  expect(await spendTimeStep(idp.db, owner.id, 1, new Date(), { confirm: true })).toBe(true)

  const attacker = new ScriptedBrowser()
  const password = async () => {
    const login = await (await attacker.request(`${idp.issuer}/login`)).text()
    return attacker.submit(`${idp.issuer}/login`, login, { email: USER.email, password: USER.password })
  }
  let prompt = await password()
  expect(prompt.status).toBe(200)
  expect(prompt.headers.get('Set-Login')).toBeNull()
  let page = await prompt.text()
  let held: Response | undefined
  // Guesses in order: none is the owner's code but by one chance in a million (the test would then pass on the next).
  for (let guess = 0; guess < FREE_FAILURES.pair + 1 && !held; guess++) {
    const answer = await attacker.submit(`${idp.issuer}/login/code`, page, { code: String(100000 + guess) })
    if (answer.status === 429) held = answer
    else {
      expect(answer.status).toBe(401)
      page = await answer.text()
    }
  }
  expect(held?.headers.get('Retry-After')).toMatch(/^\d+$/)
  // The right password again: still held back, not a fresh count of guesses.
  prompt = await password()
  expect(prompt.status).toBe(429)
  // And nothing made a session on the way: FedCM's account list does not know this browser.
  const accounts = await attacker.request(`${idp.issuer}/oidc/fedcm/accounts`, { headers: { 'Sec-Fetch-Dest': 'webidentity' } })
  expect(accounts.status).toBe(401)
})
