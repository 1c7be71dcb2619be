/**
 * Attack: a page on a sibling subdomain (or a man in the middle on plain
 * http) sets cookies for the identity provider's host. With bare names it
 * could plant a CSRF cookie whose value it knows, defeating the
 * double-submit check of the login form, or plant its own session so the
 * victim signs in to partners as the attacker. On an https issuer the
 * provider's cookies are `__Host-` ones, which only the host itself can set.
 */
import { beforeEach, expect, it } from 'vitest'
import { createUser } from '../accounts/users.js'
import { createBff } from '../app.js'
import { openTestDatabase } from '../db/test-database.js'
import { formFields, ScriptedBrowser, USER } from '../testing/identity-fixture.js'

const ISSUER = 'https://id.example'
let app: ReturnType<typeof createBff>['app']

beforeEach(async () => {
  const db = await openTestDatabase()
  await createUser(db, USER)
  app = createBff({ db, issuer: ISSUER }).app
})

const cookiesOf = (res: Response) => res.headers.getSetCookie()
const pair = (setCookie: string) => setCookie.split(';')[0]!

async function signIn(cookie = ''): Promise<Response> {
  const page = await app.request(`${ISSUER}/login`, { headers: { Cookie: cookie } })
  const csrfCookie = cookiesOf(page).map(pair).join('; ')
  return app.request(`${ISSUER}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: [cookie, csrfCookie].filter(Boolean).join('; ') },
    body: new URLSearchParams({ ...formFields(await page.text()), email: USER.email, password: USER.password }).toString(),
  })
}

it('sets the session and CSRF cookies as __Host- cookies on an https issuer', async () => {
  const page = await app.request(`${ISSUER}/login`)
  expect(cookiesOf(page).find((c) => c.startsWith('__Host-svc_csrf='))).toMatch(/; Path=\/;.*Secure/)
  const signedIn = await signIn()
  expect(signedIn.status).toBe(200)
  expect(cookiesOf(signedIn).find((c) => c.startsWith('__Host-svc_session='))).toMatch(/; Path=\/;.*Secure/)
  expect(cookiesOf(signedIn).some((c) => c.startsWith('svc_session='))).toBe(false)
  // The device cookie that keeps the owner out of strangers' throttling, too.
  expect(cookiesOf(signedIn).find((c) => c.startsWith('__Host-svc_device='))).toMatch(/; Path=\/;.*Secure/)
  // And the browser state the check_session iframe reads, which its script looks for under that name.
  expect(cookiesOf(signedIn).find((c) => c.startsWith('__Host-svc_browser_state='))).toMatch(/; Path=\/;.*Secure/)
  expect(await (await app.request(`${ISSUER}/oidc/iframe/check_session`)).text()).toContain('__Host-svc_browser_state=')
})

it("keeps the console's cookies __Host- too, and takes no planted bare console cookie", async () => {
  const browser = new ScriptedBrowser({}, (url, init) => app.request(url, init))
  const toProvider = await browser.request(`${ISSUER}/console/login?return=%2Fconsole%2Fads`)
  expect(cookiesOf(toProvider).find((c) => c.startsWith('__Host-svc_console_login='))).toMatch(/; Path=\/;.*Secure/)
  const callback = await browser.authorize(toProvider.headers.get('Location')!)
  const landed = await browser.request(callback.href)
  expect(landed.headers.get('Location')).toBe('/console/ads')
  expect(cookiesOf(landed).find((c) => c.startsWith('__Host-svc_console='))).toMatch(/; Path=\/;.*Secure/)
  expect((await browser.request(`${ISSUER}/console/api/me`)).status).toBe(200)
  // The same value under the bare name, as a sibling subdomain could set it, is nobody's session.
  const planted = `svc_console=${browser.cookies.get('__Host-svc_console')}`
  expect((await app.request(`${ISSUER}/console/api/me`, { headers: { Cookie: planted } })).status).toBe(401)
})

it('refuses a login form whose CSRF value matches a planted bare cookie', async () => {
  const known = 'A'.repeat(43)
  const res = await app.request(`${ISSUER}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `svc_csrf=${known}` },
    body: new URLSearchParams({ csrf: known, email: USER.email, password: USER.password }).toString(),
  })
  expect(res.status).toBe(403)
})

it('does not take a planted bare session cookie for a signed-in user', async () => {
  // The attacker's own session, signed in at the provider; the first Set-Cookie ends any earlier one.
  const attackers = cookiesOf(await signIn()).findLast((c) => /svc_session=[^;]/.test(c))!
  const planted = `svc_session=${pair(attackers).split('=')[1]}`
  const own = await app.request(`${ISSUER}/oidc/fedcm/accounts`, { headers: { Cookie: pair(attackers), 'Sec-Fetch-Dest': 'webidentity' } })
  expect(own.status).toBe(200)
  const accounts = await app.request(`${ISSUER}/oidc/fedcm/accounts`, { headers: { Cookie: planted, 'Sec-Fetch-Dest': 'webidentity' } })
  expect(accounts.status).toBe(401)
})
