/**
 * Issue 13, finding 2: wrong passwords typed by strangers locked an account
 * for its owner too (10 in 15 minutes), and behind a load balancer, where
 * every caller had one address, 50 locked everyone out.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createUser } from '../accounts/users.js'
import { trustedProxies } from '../http/client-address.js'
import { FREE_FAILURES, loginThrottle } from '../http/login-throttle.js'
import { type IdentityFixture, identityFixture, ScriptedBrowser, USER } from '../testing/identity-fixture.js'
import { authorizeUrl, signInOnce } from '../testing/attacks.js'

let idp: IdentityFixture
afterEach(() => idp.close())

// The throttle's clock stands still, so no wait runs out between two requests of a slow run.
const frozen = () => ({ throttle: loginThrottle({ now: () => 1_700_000_000_000 }) })
// The tests reach the server from loopback, standing in for the load balancer.
const behindAProxy = () => ({ ...frozen(), trustedProxies: trustedProxies('127.0.0.1, ::1') })
const from = (address: string) => new ScriptedBrowser({ 'X-Forwarded-For': address })

describe('a stranger cannot lock an account out', () => {
  it('the owner signs in from a browser that signed in before, after strangers at many addresses failed against the account', async () => {
    idp = await identityFixture(behindAProxy())
    const owner = from('203.0.113.7')
    expect((await owner.authorize(authorizeUrl(idp))).searchParams.get('code')).toBeTruthy()
    for (let stranger = 1; stranger <= 40; stranger++) {
      const res = await signInOnce(idp, from(`198.51.100.${stranger}`), USER.email, `guess ${stranger}`)
      expect([401, 429]).toContain(res.status)
    }
    const again = await owner.authorize(authorizeUrl(idp, { prompt: 'login' }))
    expect(again.searchParams.get('code')).toBeTruthy()
  })

  it('the owner signs in even from the stranger’s own address, with the browser they used before', async () => {
    idp = await identityFixture(frozen())
    const owner = new ScriptedBrowser()
    await owner.authorize(authorizeUrl(idp))
    for (let guess = 1; guess <= 30; guess++) await signInOnce(idp, new ScriptedBrowser(), USER.email, `guess ${guess}`)
    expect((await owner.authorize(authorizeUrl(idp, { prompt: 'login' }))).searchParams.get('code')).toBeTruthy()
  })

  it('behind a load balancer, one address spraying many accounts does not keep anyone else out', async () => {
    idp = await identityFixture(behindAProxy())
    await createUser(idp.db, { email: 'bob@example.com', name: 'Bob', password: 'bobs password' })
    const sprayer = from('198.51.100.66')
    for (let account = 1; account <= FREE_FAILURES.address + 10; account++)
      await signInOnce(idp, sprayer, `user${account}@example.com`, 'Winter2024!')
    expect((await signInOnce(idp, sprayer, 'user999@example.com', 'Winter2024!')).status).toBe(429)
    // Bob has never signed in from this browser: only his own address counts for him.
    const bob = await signInOnce(idp, from('203.0.113.20'), 'bob@example.com', 'bobs password')
    expect(bob.status).toBe(200)
    expect(await bob.text()).toContain('You are signed in')
  })

  it('an X-Forwarded-For from a caller that is not a trusted proxy is ignored, so a guesser cannot rotate it', async () => {
    idp = await identityFixture(frozen())
    let last: Response | undefined
    for (let guess = 1; guess <= FREE_FAILURES.pair + 1; guess++)
      last = await signInOnce(idp, from(`198.51.100.${guess}`), 'someone@example.com', `guess ${guess}`)
    expect(last!.status).toBe(401)
    expect((await signInOnce(idp, from('198.51.100.200'), 'someone@example.com', 'one more')).status).toBe(429)
  })

  it('slows a guesser with waits that double, not a 15-minute lock', async () => {
    idp = await identityFixture(frozen())
    const guesser = new ScriptedBrowser()
    let last: Response | undefined
    for (let guess = 1; guess <= FREE_FAILURES.pair + 1; guess++) last = await signInOnce(idp, guesser, USER.email, `guess ${guess}`)
    // The failure that starts a wait says so at once, not only on the next try.
    expect(last!.status).toBe(401)
    expect(await last!.text()).toContain('The email or password is not right. Try again in 1 second.')
    const refused = await signInOnce(idp, guesser, USER.email, 'next guess')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe('1')
    expect(await refused.text()).toContain('Too many failed sign-in attempts. Try again in 1 second.')
  })
})
