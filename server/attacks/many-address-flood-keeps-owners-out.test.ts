/**
 * Attack: a flood of sign-ins, each from a new address (a botnet, or one
 * routed IPv6 block), fills the password queue, which each address's own
 * throttle never sees as one attacker; every sign-in, the owners' too, was
 * answered 503. A browser that has signed in to the account before waits in
 * a priority line of its own, so its owner gets in during the flood.
 */
import { afterEach, expect, it } from 'vitest'
import { PASSWORD_CONCURRENCY, PASSWORD_QUEUE } from '../accounts/passwords.js'
import { trustedProxies } from '../http/client-address.js'
import { formFields, type IdentityFixture, identityFixture, ScriptedBrowser, USER } from '../testing/identity-fixture.js'
import { authorizeUrl } from '../testing/attacks.js'

let idp: IdentityFixture
afterEach(() => idp.close())

const post = (browser: ScriptedBrowser, form: Record<string, string>, email: string, password: string) =>
  browser.request(`${idp.issuer}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form, email, password }).toString(),
  })

it('lets an owner on a known browser sign in while strangers at many addresses fill the password queue', async () => {
  idp = await identityFixture({ trustedProxies: trustedProxies('127.0.0.1, ::1') })
  const owner = new ScriptedBrowser({ 'X-Forwarded-For': '203.0.113.7' })
  expect((await owner.authorize(authorizeUrl(idp))).searchParams.get('code')).toBeTruthy()
  const ownerForm = formFields(await (await owner.request(`${idp.issuer}/login`)).text())

  const flood = 3 * (PASSWORD_CONCURRENCY + PASSWORD_QUEUE)
  const strangers = await Promise.all(
    Array.from({ length: flood }, async (_, n) => {
      const browser = new ScriptedBrowser({ 'X-Forwarded-For': `198.51.${Math.floor(n / 250)}.${n % 250}` })
      return { browser, form: formFields(await (await browser.request(`${idp.issuer}/login`)).text()) }
    }),
  )
  const answers = strangers.map(({ browser, form }, n) => post(browser, form, `someone${n}@example.com`, 'Winter2024!'))
  // The owner comes while the strangers' checks fill every place in the line.
  await new Promise((resolve) => setTimeout(resolve, 20))
  const signedIn = await post(owner, ownerForm, USER.email, USER.password)
  const statuses = await Promise.all(answers.map(async (answer) => (await answer).status))
  expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0)
  expect(signedIn.status).toBe(200)
})
