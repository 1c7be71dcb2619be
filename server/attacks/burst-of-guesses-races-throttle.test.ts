/**
 * Attack: every attempt of a burst sent at once passed the throttle's check
 * before any of their failures was counted, so a guesser got a guess per
 * place in the password queue (nine here) wherever one was allowed, burst
 * after burst. Attempts being checked now count until their answer is known.
 */
import { afterEach, expect, it } from 'vitest'
import { FREE_FAILURES, loginThrottle } from '../http/login-throttle.js'
import { formFields, type IdentityFixture, identityFixture, ScriptedBrowser, USER } from '../testing/identity-fixture.js'

let idp: IdentityFixture
afterEach(() => idp.close())

/** Sends `count` wrong passwords from one browser at once; their statuses, sorted. */
async function burst(browser: ScriptedBrowser, count: number): Promise<number[]> {
  const form = formFields(await (await browser.request(`${idp.issuer}/login`)).text())
  const answers = await Promise.all(
    Array.from({ length: count }, (_, guess) =>
      browser.request(`${idp.issuer}/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...form, email: USER.email, password: `guess ${guess}` }).toString(),
      }),
    ),
  )
  return answers.map((res) => res.status).sort()
}

it('checks no more passwords of a burst than the throttle allows, burst after burst', async () => {
  let time = 1_700_000_000_000
  idp = await identityFixture({ throttle: loginThrottle({ now: () => time }) })
  const guesser = new ScriptedBrowser()
  const first = await burst(guesser, 8)
  expect(first.filter((status) => status === 401)).toHaveLength(FREE_FAILURES.pair)
  expect(first.filter((status) => status === 429)).toHaveLength(8 - FREE_FAILURES.pair)
  // Once the wait is over, one guess, not a burst's worth.
  time += 60_000
  const second = await burst(guesser, 8)
  expect(second.filter((status) => status === 401)).toHaveLength(1)
  expect(second.filter((status) => status === 429)).toHaveLength(7)
})
