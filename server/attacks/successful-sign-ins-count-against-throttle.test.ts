/**
 * Issue 13, finding 13: every sign-in counted against the throttle, so
 * after about ten correct ones in 15 minutes (a relying party's test suite,
 * a person with several devices) the right password was refused with "Try
 * again in 1 minutes."
 */
import { afterEach, describe, expect, it } from 'vitest'
import { FREE_FAILURES, loginThrottle } from '../http/login-throttle.js'
import { type IdentityFixture, identityFixture, ScriptedBrowser, USER } from '../testing/identity-fixture.js'
import { authorizeUrl, signInOnce } from '../testing/attacks.js'

let idp: IdentityFixture
afterEach(() => idp.close())

describe('successful sign-ins do not count against the throttle', () => {
  it('lets one account sign in correctly 25 times in a row, each from a browser it never used', async () => {
    idp = await identityFixture()
    for (let signIn = 1; signIn <= 25; signIn++) {
      const callback = await new ScriptedBrowser().authorize(authorizeUrl(idp))
      expect(callback.searchParams.get('code'), `sign-in ${signIn}`).toBeTruthy()
    }
  })

  it('says "1 minute" when one minute is left, and "2 minutes" when two are', async () => {
    let time = 1_700_000_000_000
    idp = await identityFixture({ throttle: loginThrottle({ now: () => time }) })
    const guesser = new ScriptedBrowser()
    // Each guess waits out the last one's wait, so that it counts.
    const guess = async (password: string) => {
      const res = await signInOnce(idp, guesser, USER.email, password)
      if (res.status !== 429) return
      time += Number(res.headers.get('Retry-After')) * 1000
      expect((await signInOnce(idp, guesser, USER.email, password)).status).toBe(401)
    }
    // The seventh failure past the free ones makes the next attempt wait 64 seconds.
    for (let failure = 1; failure <= FREE_FAILURES.pair + 7; failure++) await guess(`guess ${failure}`)
    time += 4_000
    const refused = await signInOnce(idp, guesser, USER.email, USER.password)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe('60')
    expect(await refused.text()).toContain('Try again in 1 minute.')
    // The eighth: 128 seconds, of which 120 are left 8 seconds later.
    await guess('one more guess')
    time += 8_000
    expect(await (await signInOnce(idp, guesser, USER.email, USER.password)).text()).toContain('Try again in 2 minutes.')
  })
})
