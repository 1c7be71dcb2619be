/**
 * Issue 25, item 2: svc's pages and mails were template strings escaped
 * by hand, value by value, so one forgotten call would let a name run as
 * markup on svc's own origin (where sessions and the console live) or in
 * its mails. Names are chosen by others: an account's by whoever signed
 * up, a client's by whichever developer registered it, and both rules
 * allow `<`, quotes and `&`. Pages and mails now escape every value unless
 * it is markup already; these check the places such names are shown.
 */
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createUser } from '../accounts/users.js'
import { createClient } from '../clients/clients.js'
import { CALLBACK, type IdentityFixture, identityFixture, pkcePair, ScriptedBrowser } from '../testing/identity-fixture.js'

const HOSTILE = `<img src=x onerror=alert(1)>"'&`
const SHOWN = '&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;'
const MALLORY = { email: 'mallory@example.com', password: 'violet kettle harbour lamp' }
const PARTNER = 'http://127.0.0.1:3000'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture()
  await createUser(idp.db, { ...MALLORY, name: HOSTILE, givenName: HOSTILE, emailVerified: true })
})
afterEach(() => idp.close())

/** A browser signed in at svc as the account named HOSTILE. */
async function signedInAsHostile(): Promise<ScriptedBrowser> {
  const browser = new ScriptedBrowser()
  const login = await (await browser.request(`${idp.issuer}/login`)).text()
  expect((await browser.submit(`${idp.issuer}/login`, login, MALLORY)).status).toBe(200)
  return browser
}

/** The page shows the name as text, and nothing of it as a tag or an attribute. */
function expectShownAsText(page: string, times: number) {
  expect(page).not.toContain('<img src=x')
  expect(page).not.toContain('onerror=alert(1)>')
  expect(page.split(SHOWN).length - 1).toBe(times)
}

it("shows a client's and an account's markup as text on the consent page", async () => {
  const { clientId } = await createClient(idp.db, { name: HOSTILE, redirectUris: [CALLBACK] })
  const browser = await signedInAsHostile()
  const authorize = `${idp.issuer}/oidc/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'openid profile',
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
  })}`
  const consent = await (await browser.request(authorize)).text()
  expect(consent).toContain('action="/oidc/authorize/consent"')
  expect(consent).toContain(`<h1 dir="auto">${SHOWN} wants to access your`)
  expect(consent).toContain(`Not ${SHOWN}?`)
  // The heading, the sentence naming the account and the client, and "Not …?".
  expectShownAsText(consent, 4)
})

it("shows a client's and an account's markup as text on the sign-out question", async () => {
  const { clientId } = await createClient(idp.db, { name: HOSTILE, redirectUris: [CALLBACK] })
  const browser = await signedInAsHostile()
  const question = await (await browser.request(`${idp.issuer}/oidc/logout?client_id=${clientId}`)).text()
  expect(question).toContain('>Sign out</button>')
  expectShownAsText(question, 2)
})

it('shows an account\'s markup as text in One Tap\'s "Continue as"', async () => {
  const browser = await signedInAsHostile()
  const query = new URLSearchParams({ client_id: idp.confidential.clientId, origin: PARTNER, nonce: 'n-1' })
  const page = await (await browser.request(`${idp.issuer}/oidc/onetap?${query}`)).text()
  expect(page).toContain(`Continue as ${SHOWN}</button>`)
  expectShownAsText(page, 1)
})

it("greets an account by its name as text in a mail's HTML part, and verbatim in its plain text", async () => {
  const browser = new ScriptedBrowser()
  const forgot = await (await browser.request(`${idp.issuer}/forgot-password`)).text()
  expect((await browser.submit(`${idp.issuer}/forgot-password`, forgot, { email: MALLORY.email })).status).toBe(200)
  // "Forgot password?" answers first and queues the mail after the answer: wait for it.
  const mail = () => idp.db.selectFrom('mail_outbox').select(['text', 'html']).where('recipient', '=', MALLORY.email).executeTakeFirst()
  await expect.poll(async () => (await mail())?.text ?? '').toContain('/reset-password?token=')
  const { text, html } = (await mail())!
  expect(html).toContain(`<p>Hello ${SHOWN},</p>`)
  expectShownAsText(html, 1)
  // Plain text is read as it is: escaping it would show the reader "&lt;".
  expect(text).toMatch(/^Hello <img src=x onerror=alert\(1\)>"'&,\n/)
  expect(text).not.toContain('&lt;')
})
