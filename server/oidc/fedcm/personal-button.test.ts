import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type IdentityFixture, identityFixture, ScriptedBrowser, USER } from '../../testing/identity-fixture.js'

let idp: IdentityFixture
const PARTNER = 'http://127.0.0.1:3000'

beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

const buttonUrl = (parameters: Record<string, string> = {}) =>
  `${idp.issuer}/oidc/fedcm/button?${new URLSearchParams({ client_id: idp.confidential.clientId, origin: PARTNER, ...parameters })}`

describe('the personalised button page', () => {
  it("may be framed only by the client's registered origins, and asks the browser for the returning account", async () => {
    const res = await fetch(buttonUrl({ locale: 'fr', theme: 'filled_blue' }))
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Security-Policy')).toContain(`frame-ancestors ${PARTNER}`)
    const page = await res.text()
    expect(page).toContain(
      `IdentityProvider.getUserInfo({ configURL: "${idp.issuer}/fedcm.json", clientId: "${idp.confidential.clientId}" })`,
    )
    expect(page).toContain('"Continuer en tant que {name}"')
    expect(page).toContain('class="filled_blue "')
    // Messages go to the partner's origin only, and carry no account details.
    expect(page).toContain(`parent.postMessage({"source":"svc-button","status":"personalised"}, "${PARTNER}")`)
  })

  it('holds no account details of its own, even for a user signed in at svc', async () => {
    const browser = new ScriptedBrowser()
    const login = await (await browser.request(`${idp.issuer}/login`)).text()
    await browser.submit(`${idp.issuer}/login`, login, { email: USER.email, password: USER.password })
    const page = await (await browser.request(buttonUrl())).text()
    expect(page).not.toContain(USER.email)
    expect(page).not.toContain('Ada')
  })

  it('refuses an unknown client and an unregistered origin', async () => {
    expect((await fetch(buttonUrl({ client_id: 'cli_nope' }))).status).toBe(400)
    const elsewhere = await fetch(buttonUrl({ origin: 'https://evil.example' }))
    expect(elsewhere.status).toBe(403)
    expect(await elsewhere.text()).not.toContain('postMessage')
  })
})
