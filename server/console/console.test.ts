import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createAd } from '../ads/ads-repository.js'
import { createOrganisation } from '../orgs/organisations.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'
import { consoleUser } from '../testing/console-user.js'
import { rolesFrom } from './roles.js'
import { adminConsole } from './console.js'
import { DEFAULT_BRANDING } from '../branding.js'
import { fixedWindowRateLimiter } from '../http/fixed-window-rate-limiter.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

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
  it('brings a visitor back to the page asked for, its query included, and nowhere outside the console', async () => {
    const org = await createOrganisation(idp.db, { name: 'Shop' })
    await consoleUser(idp, { svcApp: org.code, svcRole: 'admin' }, `/console/keys?organisation=${org.code}`)
    const user = await consoleUser(idp, { svcApp: org.code, svcRole: 'admin' })
    for (const hostile of ['//evil.example/console', '/console/../evil', 'https://evil.example/console', '/console?x=<script>']) {
      const login = await user.browser.request(`${idp.issuer}/console/login?return=${encodeURIComponent(hostile)}`)
      const callback = await user.browser.authorize(login.headers.get('Location')!, {})
      expect((await user.browser.request(callback.href)).headers.get('Location')).toBe('/console')
    }
  })

  it("signs a marketer in through svc and lets them manage their organisation's ads only", async () => {
    const mine = await createOrganisation(idp.db, { name: 'Mine' })
    const theirs = await createOrganisation(idp.db, { name: 'Theirs' })
    const foreign = await createAd(idp.db, theirs.id, { title: 'Not yours', display: 'Home' })
    await createAd(idp.db, mine.id, { title: 'Yours', display: 'Home' })
    const user = await consoleUser(idp, { svcApp: mine.code, svcAccess: ['Ads:Edit'] })
    const { me } = user
    expect(me.roles).toMatchObject({ ads: true, apiKeys: false, organisation: mine.code })

    const listed = await (await user.api('GET', '/ads')).json()
    expect(listed.ads.map((ad: { title: string }) => ad.title)).toEqual(['Yours'])
    expect((await user.api('GET', `/ads/${foreign.code}`)).status).toBe(404)
    expect((await user.api('DELETE', `/ads/${foreign.code}`)).status).toBe(404)

    const withoutToken = await user.api('POST', '/ads', { title: 'X', display: 'Home' }, { csrf: false })
    expect(withoutToken.status).toBe(403)
    expect((await withoutToken.json()).message).toContain('CSRF')

    const refused = await user.api('POST', '/ads', { title: '', display: 'Home', url: 'javascript:alert(1)', target: '_top' })
    expect(refused.status).toBe(422)
    expect((await refused.json()).errors).toEqual({
      title: 'title must not be empty',
      url: 'url must be an http or https URL or empty',
      target: 'target must be _self or _blank',
    })

    const created = await user.api('POST', '/ads', { title: 'Spring', display: 'Home', description: '<p onclick="x()">Hi</p>' })
    expect(created.status).toBe(201)
    const { ad } = await created.json()
    expect(ad).toMatchObject({ title: 'Spring', organisation: mine.code, description: '<p>Hi</p>' })
    const changed = await (await user.api('PUT', `/ads/${ad.code}`, { title: 'Spring sale', display: 'Home', publish: 0 })).json()
    expect(changed.ad).toMatchObject({ title: 'Spring sale', publish: 0 })
    // The ad as loaded, sent back whole: saved unchanged, and it previews; its code cannot change.
    const loaded = (await (await user.api('GET', `/ads/${ad.code}`)).json()).ad
    const resaved = await user.api('PUT', `/ads/${ad.code}`, loaded)
    expect(resaved.status).toBe(200)
    expect({ ...(await resaved.json()).ad, updated_at: undefined }).toEqual({ ...loaded, updated_at: undefined })
    expect((await user.api('POST', '/ads/preview', loaded)).status).toBe(200)
    const recoded = await user.api('PUT', `/ads/${ad.code}`, { ...loaded, code: 'ADS0000000001' })
    expect(recoded.status).toBe(422)
    expect((await recoded.json()).errors).toEqual({ code: `this is ad ${ad.code}; its code cannot change` })
    expect((await user.api('DELETE', `/ads/${ad.code}`)).status).toBe(204)

    const preview = await (
      await user.api('POST', '/ads/preview', { title: 'P', display: 'Home', description: '<img src=x onerror=y()>' })
    ).json()
    // Exactly what the ads API would serve: the handler is gone.
    expect(preview.ad).toMatchObject({ title: 'P', description: '<img src="x" />' })
  })

  it("lets an operator see every organisation's ads and create one in the organisation chosen", async () => {
    const first = await createOrganisation(idp.db, { name: 'First' })
    const second = await createOrganisation(idp.db, { name: 'Second' })
    await createAd(idp.db, first.id, { title: 'One', display: 'Home' })
    await createAd(idp.db, second.id, { title: 'Two', display: 'Home' })
    const operator = await consoleUser(idp, { svcMaster: true })
    const listed = (await (await operator.api('GET', '/ads')).json()).ads
    expect(listed.map((ad: { title: string; organisation: string }) => [ad.title, ad.organisation])).toEqual([
      ['Two', second.code],
      ['One', first.code],
    ])
    const unplaced = await operator.api('POST', '/ads', { title: 'Three', display: 'Home' })
    expect(unplaced.status).toBe(422)
    expect((await unplaced.json()).errors).toEqual({ organisation: 'choose an organisation' })
    const placed = await operator.api('POST', '/ads', { title: 'Three', display: 'Home', organisation: second.code })
    expect((await placed.json()).ad).toMatchObject({ title: 'Three', organisation: second.code })
  })

  it('refuses an account without the role, and a visitor without a session, with clear answers', async () => {
    const user = await consoleUser(idp, { svcRole: 'developer' })
    const { me } = user
    const refused = await user.api('GET', '/ads')
    expect(refused.status).toBe(403)
    expect((await refused.json()).message).toBe('your account may not use this part of the console (it needs the ads role)')
    expect(me.roles.developer).toBe(true)
    expect((await fetch(`${idp.issuer}/console/api/ads`)).status).toBe(401)

    const nobody = await consoleUser(idp, {})
    const page = await nobody.browser.request(`${idp.issuer}/console`)
    expect(page.status).toBe(403)
    expect(await page.text()).toContain('this account has no console role')
  })

  it('refuses a callback it did not start, offering a fresh sign-in, and signs out through svc', async () => {
    const stray = await fetch(`${idp.issuer}/console/callback?code=x&state=y`)
    expect(stray.status).toBe(400)
    const page = await stray.text()
    expect(page).toContain('This sign-in expired or was started in another browser.')
    expect(page).toContain('<a href="/console/login">Sign in to the console</a>')

    const { browser, me } = await consoleUser(idp, { svcMaster: true })
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

describe('the console of a checkout never built', () => {
  it('says how to build it instead of loading forever', async () => {
    const idp = await identityFixture()
    try {
      const { provider } = idp.bff
      const unbuilt = adminConsole({
        consoleBuilt: false,
        db: idp.db,
        issuer: idp.issuer,
        events: provider.events,
        keys: provider.keys,
        branding: DEFAULT_BRANDING,
        limiter: fixedWindowRateLimiter(),
        fetchInProcess: (request) => Promise.resolve(idp.bff.app.fetch(request)),
      })
      const operator = await consoleUser(idp, { svcMaster: true })
      const cookie = [...operator.browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
      const page = await (await unbuilt.request('/', { headers: { Cookie: cookie } })).text()
      expect(page).toContain('The console is not built')
      expect(page).toContain('npm run build')
      expect(page).not.toContain('/widget/console.js')
      // Built, the same shell loads the console's script.
      expect(await (await idp.bff.app.request('/console', { headers: { Cookie: cookie } })).text()).toContain(
        '<script type="module" src="/widget/console.js">',
      )
    } finally {
      await idp.close()
    }
  })
})
