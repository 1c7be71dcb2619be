/**
 * Issue 24, item 3 (residual): eighteen wrong passwords spread over two
 * minutes from fresh addresses made the owner, on a browser she had never
 * used, wait 128 seconds — and whoever kept guessing could keep her out.
 * The login page now offers the owner held back by the throttle a
 * one-time sign-in link by mail: a stranger can slow guesses, but never
 * keep the owner of the mailbox out.
 */
import { afterEach, expect, it } from 'vitest'
import { createUser } from '../accounts/users.js'
import { trustedProxies } from '../http/client-address.js'
import { FREE_FAILURES, loginThrottle } from '../http/login-throttle.js'
import { formFields, type IdentityFixture, identityFixture, ScriptedBrowser, USER } from '../testing/identity-fixture.js'
import { authorizeUrl, signInOnce } from '../testing/attacks.js'

let idp: IdentityFixture
afterEach(() => idp.close())

const from = (address: string) => new ScriptedBrowser({ 'X-Forwarded-For': address })

/** The form on `page` that posts to `action`, as its fields. */
function formPostingTo(page: string, action: string): Record<string, string> {
  const form = new RegExp(`<form method="post" action="${action}">([\\s\\S]*?)</form>`).exec(page)
  expect(form, `a form posting to ${action}`).toBeTruthy()
  return formFields(form![1]!)
}

/** The svc links mailed to `email` so far, newest last. */
async function mailedLinks(email: string): Promise<string[]> {
  const rows = await idp.db.selectFrom('mail_outbox').select(['recipient', 'text']).orderBy('id').execute()
  return rows.filter((row) => row.recipient === email).map((row) => /https?:\/\/\S+\?token=[\w-]+\S*/.exec(row.text)![0])
}

it('signs in an owner on a new browser through a mailed link while strangers keep the throttle holding her back', async () => {
  // The throttle's clock stands still: the strangers' waits never run out during the test.
  idp = await identityFixture({
    throttle: loginThrottle({ now: () => 1_700_000_000_000 }),
    trustedProxies: trustedProxies('127.0.0.1, ::1'),
  })
  for (let stranger = 1; stranger <= FREE_FAILURES.account + 8; stranger++)
    await signInOnce(idp, from(`198.51.100.${stranger}`), USER.email, `guess ${stranger}`)

  const owner = from('203.0.113.7')
  const url = authorizeUrl(idp)
  const login = await (await owner.request(url)).text()
  const held = await owner.submit(`${idp.issuer}/oidc/authorize/login`, login, { email: USER.email, password: USER.password })
  expect(held.status).toBe(429)
  const heldPage = await held.text()
  expect(heldPage).toContain('Email me a sign-in link')

  const asked = await owner.request(`${idp.issuer}/email-sign-in-link`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(formPostingTo(heldPage, '/email-sign-in-link')).toString(),
  })
  expect(asked.status).toBe(200)
  expect(await asked.text()).toContain('Check your e-mail')
  const [link] = await mailedLinks(USER.email)
  expect(link).toMatch(new RegExp(`^${idp.issuer}/sign-in-link\\?token=`))

  // Opening the link changes nothing (mail scanners open links); its button signs in.
  const linkPage = await (await owner.request(link!)).text()
  const signedIn = await owner.submit(`${idp.issuer}/sign-in-link`, linkPage, {})
  expect(signedIn.status).toBe(303)
  const callback = await owner.authorize(new URL(signedIn.headers.get('Location')!, idp.issuer), { email: '', password: '' })
  expect(callback.searchParams.get('code')).toBeTruthy()
  expect(callback.searchParams.get('state')).toBe('st')

  // The link works once.
  const again = await owner.submit(`${idp.issuer}/sign-in-link`, linkPage, {})
  expect(again.status).toBe(400)
  expect(await again.text()).toMatch(/This link has already been used[\s\S]*Sign-in links work once\./)
})

it('answers alike for an unknown address and one not confirmed, mailing neither', async () => {
  idp = await identityFixture()
  await createUser(idp.db, { email: 'unconfirmed@example.com', name: 'Someone', password: 'some long password', emailVerified: false })
  const answers: string[] = []
  for (const email of ['nobody@example.com', 'unconfirmed@example.com']) {
    const browser = new ScriptedBrowser()
    const form = formFields(await (await browser.request(`${idp.issuer}/login`)).text())
    const res = await browser.request(`${idp.issuer}/email-sign-in-link`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf: form.csrf!, email }).toString(),
    })
    expect(res.status).toBe(200)
    answers.push((await res.text()).replaceAll(email, 'EMAIL'))
  }
  expect(answers[0]).toBe(answers[1])
  expect(await idp.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(0)
})
