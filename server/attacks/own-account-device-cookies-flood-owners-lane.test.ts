/**
 * Issue 24, item 3: "remember this browser" cookies cost nothing to mint (a
 * correct sign-in to one's own account sets one), an attempt carrying one
 * was counted only on that device's bucket, and the password queue's `503`
 * refusals were never counted. One self-registered account on one address,
 * its wrong passwords sent through many fresh device cookies at once, kept
 * the known-browser line full: an owner on her usual browser got `503` 24
 * times in 25. Now one address has at most two password checks in the
 * queue, its refusals count against it, and it mints few device cookies.
 */
import { afterEach, expect, it } from 'vitest'
import { PASSWORD_CONCURRENCY, PASSWORD_QUEUE } from '../accounts/passwords.js'
import { createUser } from '../accounts/users.js'
import { trustedProxies } from '../http/client-address.js'
import { type IdentityFixture, identityFixture, ScriptedBrowser, USER } from '../testing/identity-fixture.js'
import { authorizeUrl, signInOnce } from '../testing/attacks.js'

let idp: IdentityFixture
afterEach(() => idp.close())

const ATTACKER = { email: 'mallory@example.com', name: 'Mallory', password: 'mallorys own password' }
// Ten tries tell the fixed lane (every one answered) from the flooded one (24 in 25 refused), at
// production hashing cost each; 25 took minutes on a busy machine.
const OWNER_TRIES = 10

it('keeps an owner on her usual browser signing in while one address floods the known-browser lane', { timeout: 240_000 }, async () => {
  idp = await identityFixture({ trustedProxies: trustedProxies('127.0.0.1, ::1') })
  // An account anyone could have made for themselves through sign-up.
  await createUser(idp.db, ATTACKER)
  const owner = new ScriptedBrowser({ 'X-Forwarded-For': '203.0.113.7' })
  expect((await owner.authorize(authorizeUrl(idp))).searchParams.get('code')).toBeTruthy()

  // The attacker signs in to their own account from many fresh browsers at one address, each one a "known browser".
  const browsers = 2 * (PASSWORD_CONCURRENCY + PASSWORD_QUEUE) + 2
  const attackers: ScriptedBrowser[] = []
  for (let n = 0; n < browsers; n++) {
    const browser = new ScriptedBrowser({ 'X-Forwarded-For': '198.51.100.66' })
    expect((await signInOnce(idp, browser, ATTACKER.email, ATTACKER.password)).status).toBe(200)
    attackers.push(browser)
  }

  let flooding = true
  let lineFull!: () => void
  const refused = new Promise<void>((resolve) => (lineFull = resolve))
  const flood = attackers.map(async (browser, n) => {
    for (let guess = 0; flooding; guess++) {
      const res = await signInOnce(idp, browser, ATTACKER.email, `wrong ${n}.${guess}`)
      await res.arrayBuffer()
      if (res.status === 401) continue
      lineFull()
      // Refusals come back at once; a short pause keeps the flood from being only a loop over refusals.
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })
  // The owner comes once the flood has filled the line: its first refusal, however long a busy machine takes to get there.
  await refused
  const statuses: number[] = []
  try {
    for (let attempt = 0; attempt < OWNER_TRIES; attempt++) {
      const res = await signInOnce(idp, owner, USER.email, USER.password)
      await res.arrayBuffer()
      statuses.push(res.status)
    }
  } finally {
    flooding = false
    await Promise.all(flood)
  }
  const signedIn = statuses.filter((status) => status === 200).length
  expect(signedIn, `owner's answers: ${statuses.join(' ')}`).toBeGreaterThanOrEqual(OWNER_TRIES - 1)
})
