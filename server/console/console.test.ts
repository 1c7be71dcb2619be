import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createUser } from '../accounts/users.js'
import { createAd } from '../ads/ads-repository.js'
import { createOrganisation } from '../orgs/organisations.js'
import { type IdentityFixture, identityFixture, ScriptedBrowser } from '../oidc/oidc-testing.js'
import { rolesFrom } from './roles.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

const PASSWORD = 'console password'

/** Signs in to the console as a new account with the given svc claims; returns the browser and its CSRF token. */
async function consoleUser(claims: Parameters<typeof createUser>[1] extends infer U ? Partial<U> : never) {
  const email = `user${Math.random().toString(36).slice(2)}@example.com`
  await createUser(idp.db, { email, name: 'Console User', password: PASSWORD, ...claims })
  const browser = new ScriptedBrowser()
  const toLogin = await browser.request(`${idp.issuer}/console/ads`)
  expect(toLogin.headers.get('Location')).toBe('/console/login?return=%2Fconsole%2Fads')
  const authorize = (await browser.request(`${idp.issuer}${toLogin.headers.get('Location')}`)).headers.get('Location')!
  // A first-party client: the login page, then straight back, no consent page.
  const callback = await browser.authorize(authorize, { email, password: PASSWORD })
  const landed = await browser.request(callback.href)
  expect(landed.headers.get('Location')).toBe('/console/ads')
  const me = await (await browser.request(`${idp.issuer}/console/api/me`)).json()
  return { browser, me, email }
}

const api = (browser: ScriptedBrowser, method: string, path: string, body?: unknown, csrf?: string) =>
  browser.request(`${idp.issuer}/console/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(csrf ? { 'X-CSRF-Token': csrf } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

describe('console roles', () => {
  it('reads the roles from the svc claims', () => {
    expect(rolesFrom({ 'svc.role': 'admin', 'svc.app': 'ORG1' })).toEqual({
      organisation: 'ORG1',
      ads: true,
      apiKeys: true,
      developer: false,
      operator: false,
    })
    expect(rolesFrom({ 'svc.access': ['Ads:Edit'], 'svc.app': 'ORG1' })).toMatchObject({ ads: true, apiKeys: false })
    expect(rolesFrom({ 'svc.access': ['Ads:Edit'] })).toMatchObject({ ads: false })
    expect(rolesFrom({ 'svc.role': 'developer' })).toMatchObject({ ads: false, developer: true })
    expect(rolesFrom({ 'svc.master': true })).toEqual({
      organisation: undefined,
      ads: true,
      apiKeys: true,
      developer: true,
      operator: true,
    })
    expect(rolesFrom({ 'svc.role': 'admin' })).toMatchObject({ ads: false, apiKeys: false })
  })
})

describe('the console ads API', () => {
  it("signs a marketer in through svc and lets them manage their organisation's ads only", async () => {
    const mine = await createOrganisation(idp.db, { name: 'Mine' })
    const theirs = await createOrganisation(idp.db, { name: 'Theirs' })
    const foreign = await createAd(idp.db, theirs.id, { title: 'Not yours', display: 'Home' })
    await createAd(idp.db, mine.id, { title: 'Yours', display: 'Home' })
    const { browser, me } = await consoleUser({ svcApp: mine.code, svcAccess: ['Ads:Edit'] })
    expect(me.roles).toMatchObject({ ads: true, apiKeys: false, organisation: mine.code })

    const listed = await (await api(browser, 'GET', '/ads')).json()
    expect(listed.ads.map((ad: { title: string }) => ad.title)).toEqual(['Yours'])
    expect((await api(browser, 'GET', `/ads/${foreign.code}`)).status).toBe(404)
    expect((await api(browser, 'DELETE', `/ads/${foreign.code}`, undefined, me.csrf)).status).toBe(404)

    const withoutToken = await api(browser, 'POST', '/ads', { title: 'X', display: 'Home' })
    expect(withoutToken.status).toBe(403)
    expect((await withoutToken.json()).message).toContain('CSRF')

    const refused = await api(browser, 'POST', '/ads', { title: '', display: 'Home', url: 'javascript:alert(1)', target: '_top' }, me.csrf)
    expect(refused.status).toBe(422)
    expect((await refused.json()).errors).toEqual({
      title: 'title must not be empty',
      url: 'url must be an http or https URL or empty',
      target: 'target must be _self or _blank',
    })

    const created = await api(
      browser,
      'POST',
      '/ads',
      { title: 'Spring', display: 'Home', description: '<p onclick="x()">Hi</p>' },
      me.csrf,
    )
    expect(created.status).toBe(201)
    const { ad } = await created.json()
    expect(ad).toMatchObject({ title: 'Spring', organisation: mine.code, description: '<p>Hi</p>' })
    const changed = await (
      await api(browser, 'PUT', `/ads/${ad.code}`, { title: 'Spring sale', display: 'Home', publish: 0 }, me.csrf)
    ).json()
    expect(changed.ad).toMatchObject({ title: 'Spring sale', publish: 0 })
    expect((await api(browser, 'DELETE', `/ads/${ad.code}`, undefined, me.csrf)).status).toBe(204)

    const preview = await (
      await api(browser, 'POST', '/ads/preview', { title: 'P', display: 'Home', description: '<img src=x onerror=y()>' }, me.csrf)
    ).json()
    // Exactly what the ads API would serve: the handler is gone.
    expect(preview.ad).toMatchObject({ title: 'P', description: '<img src="x" />' })
  })

  it('refuses an account without the role, and a visitor without a session, with clear answers', async () => {
    const { browser, me } = await consoleUser({ svcRole: 'developer' })
    const refused = await api(browser, 'GET', '/ads')
    expect(refused.status).toBe(403)
    expect((await refused.json()).message).toBe('your account may not use this part of the console (it needs the ads role)')
    expect(me.roles.developer).toBe(true)
    expect((await fetch(`${idp.issuer}/console/api/ads`)).status).toBe(401)

    const nobody = await consoleUser({})
    const page = await nobody.browser.request(`${idp.issuer}/console`)
    expect(page.status).toBe(403)
    expect(await page.text()).toContain('this account has no console role')
  })

  it('refuses a callback it did not start, and signs out through svc', async () => {
    const stray = await fetch(`${idp.issuer}/console/callback?code=x&state=y`)
    expect(stray.status).toBe(400)
    expect(await stray.text()).toContain('This sign-in expired or was not started here')

    const { browser, me } = await consoleUser({ svcMaster: true })
    const out = await browser.request(`${idp.issuer}/console/logout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf: me.csrf }).toString(),
    })
    const end = new URL(out.headers.get('Location')!)
    expect(end.pathname).toBe('/oidc/logout')
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${idp.issuer}/console/signed-out`)
    expect((await browser.request(`${idp.issuer}/console/api/me`)).status).toBe(401)
  })
})
