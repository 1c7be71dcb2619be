/**
 * @module Tests of disabling an account against a real server in process:
 * every sign-in path refuses it (password on the login pages, the
 * console, FedCM, an external provider), its sessions and tokens die at
 * once, and enabling lets it sign in afresh while the old ones stay dead.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addExternalProvider, linkAccount } from '../accounts/account-links.js'
import { createUser, userByEmail } from '../accounts/users.js'
import { createClient } from '../clients/clients.js'
import { consoleUser } from '../testing/console-user.js'
import { CALLBACK, type IdentityFixture, identityFixture, pkcePair, ScriptedBrowser, USER } from '../testing/identity-fixture.js'
import { webhookOutbox } from '../webhooks/outbox.js'
import { disableAccount, enableAccount } from './account-disabling.js'

const DISABLED = 'This account has been disabled. Ask your administrator, or the person who runs svc, to enable it again.'
const WRONG = 'The email or password is not right.'
const GRACE = { email: 'grace@example.com', password: 'grace password' }

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

const basic = () => `Basic ${Buffer.from(`${idp.confidential.clientId}:${idp.confidential.clientSecret}`).toString('base64')}`
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { Authorization: basic(), 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
})

/** Signs `browser` in at the Shop (the code flow), returning its access and refresh tokens. */
async function shopTokens(browser: ScriptedBrowser, credentials = GRACE) {
  const { verifier, challenge } = pkcePair()
  const query = new URLSearchParams({
    client_id: idp.confidential.clientId,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'openid email offline_access',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state',
    nonce: 'nonce',
  })
  const callback = await browser.authorize(`${idp.issuer}/oidc/authorize?${query}`, credentials)
  const code = callback.searchParams.get('code')
  expect(code).toBeTruthy()
  const res = await fetch(
    `${idp.issuer}/oidc/token`,
    form({ grant_type: 'authorization_code', code: code!, redirect_uri: CALLBACK, code_verifier: verifier }),
  )
  expect(res.status).toBe(200)
  return (await res.json()) as { access_token: string; refresh_token: string }
}

const userinfo = (token: string) => fetch(`${idp.issuer}/oidc/userinfo`, { headers: { Authorization: `Bearer ${token}` } })
const introspect = async (token: string) => (await (await fetch(`${idp.issuer}/oidc/introspect`, form({ token }))).json()).active
const refresh = (token: string) => fetch(`${idp.issuer}/oidc/token`, form({ grant_type: 'refresh_token', refresh_token: token }))

/** Submits the password on svc's own login page (FedCM's login_url), as a person would. */
async function loginPage(email: string, password: string) {
  const browser = new ScriptedBrowser()
  const page = await (await browser.request(`${idp.issuer}/login`)).text()
  const res = await browser.submit(`${idp.issuer}/login`, page, { email, password })
  return { status: res.status, text: await res.text(), browser }
}

/** Signs in to the console from its front door, answering the login page; the status and text of where it ends. */
async function consoleSignIn(email: string, password: string) {
  const browser = new ScriptedBrowser()
  const authorize = (await browser.request(`${idp.issuer}/console/login?return=%2Fconsole%2Fads`)).headers.get('Location')!
  const page = await (await browser.request(new URL(authorize, idp.issuer).href)).text()
  const res = await browser.submit(`${idp.issuer}/oidc/authorize/login`, page, { email, password })
  return { status: res.status, text: await res.text(), location: res.headers.get('Location') }
}

const unescape = (html: string) => html.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&')

describe('a disabled account', () => {
  it('is signed out at once everywhere, its tokens stop working, and it cannot sign in by password, console or FedCM until enabled', async () => {
    const grace = await consoleUser(idp, { svcApp: undefined, svcAccess: ['Ads:Edit'] })
    await idp.db.updateTable('users').set({ email: GRACE.email }).where('email', '=', grace.email).execute()
    // Grace's password, as consoleUser made it.
    const credentials = { email: GRACE.email, password: 'console password' }
    const tokens = await shopTokens(grace.browser, credentials)
    const fedcm = await loginPage(credentials.email, credentials.password)
    expect(fedcm.status).toBe(200)
    expect((await grace.api('GET', '/me')).status).toBe(200)
    expect((await userinfo(tokens.access_token)).status).toBe(200)

    const user = (await userByEmail(idp.db, GRACE.email))!
    await disableAccount(idp.db, webhookOutbox(), user, new Date())

    // Sessions: the console's and the identity provider's (FedCM's accounts list is empty).
    expect((await grace.api('GET', '/me')).status).toBe(401)
    expect(
      (await fedcm.browser.request(`${idp.issuer}/oidc/fedcm/accounts`, { headers: { 'Sec-Fetch-Dest': 'webidentity' } })).status,
    ).toBe(401)
    // Tokens.
    const info = await userinfo(tokens.access_token)
    expect(info.status).toBe(401)
    expect(info.headers.get('WWW-Authenticate')).toContain('error="invalid_token"')
    expect(await introspect(tokens.access_token)).toBe(false)
    expect(await introspect(tokens.refresh_token)).toBe(false)
    const refused = await refresh(tokens.refresh_token)
    expect([refused.status, (await refused.json()).error]).toEqual([400, 'invalid_grant'])
    expect((await idp.events()).at(-1)).toMatchObject({ name: 'tokens.revoked', data: { account: user.sub, reason: 'account disabled' } })

    // Sign-in: the right password learns why; a wrong one the same as anyone's.
    const right = await loginPage(credentials.email, credentials.password)
    expect([right.status, unescape(right.text)]).toEqual([403, expect.stringContaining(DISABLED)])
    const wrong = await loginPage(credentials.email, 'not the password')
    expect([wrong.status, unescape(wrong.text)]).toEqual([401, expect.stringContaining(WRONG)])
    expect(wrong.text).not.toContain('disabled')
    const viaConsole = await consoleSignIn(credentials.email, credentials.password)
    expect([viaConsole.status, unescape(viaConsole.text)]).toEqual([403, expect.stringContaining(DISABLED)])

    await enableAccount(idp.db, user, new Date())
    // What disabling ended stays ended.
    expect((await grace.api('GET', '/me')).status).toBe(401)
    expect((await userinfo(tokens.access_token)).status).toBe(401)
    expect(await introspect(tokens.access_token)).toBe(false)
    expect((await refresh(tokens.refresh_token)).status).toBe(400)
    // And a fresh sign-in works on every door.
    expect((await loginPage(credentials.email, credentials.password)).status).toBe(200)
    expect((await consoleSignIn(credentials.email, credentials.password)).location).toMatch(/\/console\/callback\?/)
    const fresh = await shopTokens(new ScriptedBrowser(), credentials)
    expect((await userinfo(fresh.access_token)).status).toBe(200)
    expect((await refresh(fresh.refresh_token)).status).toBe(200)
  })

  it('tells the person whose open session it ended why, on the sign-in page the console and the account page lead to, and nobody else', async () => {
    const grace = await consoleUser(idp, { svcApp: undefined, svcAccess: ['Ads:Edit'] })
    const user = (await userByEmail(idp.db, grace.email))!
    /** Where the console sends this browser once its session is gone: the sign-in page's text. */
    const consoleSignInPage = async (browser: ScriptedBrowser) => {
      const authorize = (await browser.request(`${idp.issuer}/console/login?return=%2Fconsole%2Fads`)).headers.get('Location')!
      return unescape(await (await browser.request(new URL(authorize, idp.issuer).href)).text())
    }
    const SIGNED_OUT = 'Your account has been disabled, so you were signed out. Ask your administrator'
    await disableAccount(idp.db, webhookOutbox(), user, new Date())

    expect((await grace.api('GET', '/me')).status).toBe(401)
    expect(await consoleSignInPage(grace.browser)).toContain(SIGNED_OUT)
    expect(unescape(await (await grace.browser.request(`${idp.issuer}/login`)).text())).toContain(SIGNED_OUT)
    // A browser that never held the session learns nothing about the account.
    const stranger = new ScriptedBrowser()
    expect(await consoleSignInPage(stranger)).not.toContain('disabled')
    expect(await (await stranger.request(`${idp.issuer}/login`)).text()).not.toContain('disabled')
    // Nor does a browser once the account is enabled again: the person simply signs in afresh.
    await enableAccount(idp.db, user, new Date())
    expect(await consoleSignInPage(grace.browser)).not.toContain('disabled')
  })

  it('is refused when it signs in through a linked external provider, with the sentence, and let in once enabled', async () => {
    // The external provider is a second svc, with its own Ada.
    const external = await identityFixture()
    try {
      const registered = await createClient(external.db, {
        name: 'Partner sign-in',
        redirectUris: [`${idp.issuer}/oidc/external-callback`],
        scopes: ['openid', 'email', 'profile'],
      })
      const partner = await addExternalProvider(idp.db, {
        slug: 'partner-id',
        name: 'Partner ID',
        issuer: external.issuer,
        clientId: registered.clientId,
        clientSecret: registered.clientSecret!,
      })
      await createUser(idp.db, { ...GRACE, name: 'Grace Hopper' })
      const grace = (await userByEmail(idp.db, GRACE.email))!
      await linkAccount(idp.db, webhookOutbox(), grace, partner, { sub: external.sub, email: USER.email })

      const viaPartner = async () => {
        const browser = new ScriptedBrowser()
        const returnTo = `/oidc/authorize?${new URLSearchParams({ client_id: idp.confidential.clientId, redirect_uri: CALLBACK, response_type: 'code', scope: 'openid' })}`
        const start = await browser.request(`${idp.issuer}/oidc/external/partner-id?return=${encodeURIComponent(returnTo)}`)
        expect(start.status).toBe(302)
        // Signs in at the partner as its Ada, who consents, and comes back.
        const back = await browser.authorize(start.headers.get('Location')!)
        const res = await browser.request(back.href)
        return { status: res.status, text: unescape(await res.text()), location: res.headers.get('Location') }
      }
      await disableAccount(idp.db, webhookOutbox(), grace, new Date())
      const refused = await viaPartner()
      expect([refused.status, refused.text]).toEqual([400, expect.stringContaining(DISABLED)])

      await enableAccount(idp.db, grace, new Date())
      const admitted = await viaPartner()
      expect([admitted.status, admitted.location]).toEqual([302, expect.stringMatching(/^\/oidc\/authorize\?/)])
    } finally {
      await external.close()
    }
  })
})
