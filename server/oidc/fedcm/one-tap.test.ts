import { createLocalJWKSet, jwtVerify } from 'jose'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { formFields, type IdentityFixture, identityFixture, ScriptedBrowser, USER } from '../../testing/identity-fixture.js'

let idp: IdentityFixture
const PARTNER = 'http://127.0.0.1:3000'

beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

const oneTapUrl = (parameters: Record<string, string> = {}) =>
  `${idp.issuer}/oidc/onetap?${new URLSearchParams({ client_id: idp.confidential.clientId, origin: PARTNER, nonce: 'n-1', ...parameters })}`

/** The object the page's script posts to its parent, read from the script. */
function postedMessage(page: string): { message: Record<string, unknown>; targetOrigin: string } {
  const match = /parent\.postMessage\((\{.*\}), ("[^"]*")\)/.exec(page)
  if (!match) throw new Error(`no postMessage in ${page.slice(0, 200)}`)
  return { message: JSON.parse(match[1]!), targetOrigin: JSON.parse(match[2]!) }
}

async function signedIn(): Promise<ScriptedBrowser> {
  const browser = new ScriptedBrowser()
  const page = await (await browser.request(`${idp.issuer}/login`)).text()
  await browser.submit(`${idp.issuer}/login`, page, { email: USER.email, password: USER.password })
  return browser
}

describe('One Tap', () => {
  it("may be framed only by the client's registered origins", async () => {
    const res = await fetch(oneTapUrl())
    expect(res.headers.get('Content-Security-Policy')).toContain(`frame-ancestors ${PARTNER}`)
    expect(res.headers.get('Referrer-Policy')).toBe('no-referrer')
  })

  it('tells a signed-out visitor’s page so, addressed to the partner only', async () => {
    const page = await (await fetch(oneTapUrl())).text()
    expect(postedMessage(page)).toEqual({ message: { source: 'svc-onetap', status: 'signed_out' }, targetOrigin: PARTNER })
  })

  it('offers "Continue as" and posts a verifiable credential with the nonce on the click', async () => {
    const browser = await signedIn()
    const page = await (await browser.request(oneTapUrl())).text()
    expect(page).toContain('Continue as Ada')
    expect(postedMessage(page).message).toEqual({ source: 'svc-onetap', status: 'ready' })
    const answer = await browser.submit(`${idp.issuer}/oidc/onetap`, page, {})
    const { message, targetOrigin } = postedMessage(await answer.text())
    expect(targetOrigin).toBe(PARTNER)
    expect(message.status).toBe('signed_in')
    const jwks = createLocalJWKSet(await (await fetch(`${idp.issuer}/.well-known/jwks.json`)).json())
    const { payload } = await jwtVerify(String(message.credential), jwks, { issuer: idp.issuer, audience: idp.confidential.clientId })
    expect(payload).toMatchObject({ sub: idp.sub, nonce: 'n-1' })
    expect((await idp.events()).at(-1)!.name).toBe('account.signed_in')
    // The form's token is spent: submitting it again, or with another nonce, mints nothing.
    expect((await browser.submit(`${idp.issuer}/oidc/onetap`, page, {})).status).toBe(403)
    const fresh = await (await browser.request(oneTapUrl())).text()
    expect((await browser.submit(`${idp.issuer}/oidc/onetap`, fresh, { nonce: 'n-2' })).status).toBe(403)
  })

  it('refuses a forged form token, an unknown client and an unregistered origin', async () => {
    const browser = await signedIn()
    const page = await (await browser.request(oneTapUrl())).text()
    expect((await browser.submit(`${idp.issuer}/oidc/onetap`, page, { token: 'forged' })).status).toBe(403)
    expect(formFields(page).token).toBeTruthy()
    expect((await fetch(oneTapUrl({ client_id: 'cli_nope' }))).status).toBe(400)
    const elsewhere = await fetch(oneTapUrl({ origin: 'https://evil.example' }))
    expect(elsewhere.status).toBe(403)
    expect(await elsewhere.text()).not.toContain('postMessage')
  })
})
