import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createUser } from '../../accounts/users.js'
import { createClient } from '../../clients/clients.js'
import { CALLBACK, type IdentityFixture, identityFixture, pkcePair, ScriptedBrowser, USER } from '../../testing/identity-fixture.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

function authorizeUrl(clientId: string, extra: Record<string, string> = {}) {
  return `${idp.issuer}/oidc/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'openid profile email',
    state: 'st',
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
    ...extra,
  })}`
}

/** Signs in at the login page the URL shows and returns the page that follows. */
async function signInThrough(browser: ScriptedBrowser, url: string, email: string, password: string) {
  const login = await (await browser.request(url)).text()
  expect(login).toContain('action="/oidc/authorize/login"')
  return (await browser.submit(`${idp.issuer}/oidc/authorize/login`, login, { email, password })).text()
}

const unescape = (href: string) => href.replaceAll('&amp;', '&')

describe('the consent page', () => {
  it("shows the client's logo and links its privacy policy and terms when registered", async () => {
    const { clientId } = await createClient(idp.db, {
      name: 'Bakery',
      redirectUris: [CALLBACK],
      logoUri: 'https://bakery.example/logo.png',
      privacyPolicyUrl: 'https://bakery.example/privacy',
      termsOfServiceUrl: 'https://bakery.example/terms',
    })
    const consent = await signInThrough(new ScriptedBrowser(), authorizeUrl(clientId), USER.email, USER.password)
    expect(consent).toContain('Bakery wants to access your')
    expect(consent).toMatch(/<img class="client-logo" src="https:\/\/bakery\.example\/logo\.png" alt=""/)
    expect(consent).toContain('<a href="https://bakery.example/privacy" target="_blank" rel="noopener noreferrer">Privacy policy</a>')
    expect(consent).toContain('<a href="https://bakery.example/terms" target="_blank" rel="noopener noreferrer">Terms of service</a>')
  })

  it('shows neither logo nor policy links for a client that registered none', async () => {
    const consent = await signInThrough(new ScriptedBrowser(), authorizeUrl(idp.confidential.clientId), USER.email, USER.password)
    expect(consent).toContain('action="/oidc/authorize/consent"')
    expect(consent).not.toContain('client-logo')
    expect(consent).not.toContain('Privacy policy')
  })

  it('"Not you? Use another account" signs in someone else and the code is theirs', async () => {
    const grace = await createUser(idp.db, { email: 'grace@example.com', name: 'Grace Hopper', password: 'compiler of cobol' })
    const browser = new ScriptedBrowser()
    const consent = await signInThrough(
      browser,
      authorizeUrl(idp.confidential.clientId, { login_hint: USER.email }),
      USER.email,
      USER.password,
    )
    expect(consent).toContain('Not Ada Lovelace?')
    const href = unescape(/<a href="([^"]*)">Use another account<\/a>/.exec(consent)![1]!)
    expect(new URL(href, idp.issuer).searchParams.get('prompt')).toBe('login')
    expect(new URL(href, idp.issuer).searchParams.has('login_hint')).toBe(false)
    // The session is Ada's, yet the link asks for a sign-in, not her consent again.
    const next = await signInThrough(browser, new URL(href, idp.issuer).href, grace.email, 'compiler of cobol')
    expect(next).toContain('Signed in as Grace Hopper')
    const answer = await browser.submit(`${idp.issuer}/oidc/authorize/consent`, next, { decision: 'allow' })
    expect(answer.status).toBe(302)
    const callback = new URL(answer.headers.get('Location')!)
    expect(callback.searchParams.get('code')).toEqual(expect.any(String))
    expect(callback.searchParams.get('state')).toBe('st')
    const granted = await idp.db.selectFrom('consents').innerJoin('users', 'users.id', 'consents.user_id').select('users.email').execute()
    expect(granted.map((row) => row.email)).toEqual(['grace@example.com'])
  })
})
