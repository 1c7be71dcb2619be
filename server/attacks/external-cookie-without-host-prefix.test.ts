/**
 * Issue 24, item 9: a page on a sibling subdomain plants the cookie that
 * carries a "Sign in with …" in progress. `svc_external` was the one svc
 * cookie without the `__Host-` prefix on an https issuer, so a sibling could
 * set it (with `Domain=` the parent) and have the callback resume its own
 * pending sign-in (its `state`, its PKCE verifier, its return address).
 * On an https issuer the cookie is `__Host-svc_external` now, which only the
 * host itself can set, and a bare `svc_external` is not read.
 */
import { afterEach, beforeEach, expect, it } from 'vitest'
import { addExternalProvider } from '../accounts/account-links.js'
import { createBff } from '../app.js'
import { openTestDatabase } from '../db/test-database.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'

const ISSUER = 'https://id.example'
let app: ReturnType<typeof createBff>['app']
// A real OpenID provider on loopback stands in for the external one.
let external: IdentityFixture

beforeEach(async () => {
  external = await identityFixture()
  const db = await openTestDatabase()
  await addExternalProvider(db, { slug: 'partner-id', name: 'Partner ID', issuer: external.issuer, clientId: 'c', clientSecret: 's' })
  app = createBff({ db, issuer: ISSUER }).app
})
afterEach(() => external.close())

const START = `${ISSUER}/oidc/external/partner-id?return=${encodeURIComponent('/oidc/authorize?client_id=x')}`

it('keeps a pending external sign-in in a __Host- cookie on an https issuer', async () => {
  const started = await app.request(START)
  expect(started.status).toBe(302)
  expect(started.headers.get('Location')).toMatch(new RegExp(`^${external.issuer}/oidc/authorize\\?`))
  const cookies = started.headers.getSetCookie()
  expect(cookies.find((c) => c.startsWith('__Host-svc_external='))).toMatch(/; Path=\/;.*Secure/)
  expect(cookies.some((c) => c.startsWith('svc_external='))).toBe(false)
})

it('does not resume a pending sign-in from a planted bare cookie', async () => {
  const started = await app.request(START)
  const value = started.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((pair) => /^(__Host-)?svc_external=/.test(pair))!
    .split('=')[1]
  const planted = await app.request(`${ISSUER}/oidc/external-callback?code=x&state=y`, { headers: { Cookie: `svc_external=${value}` } })
  expect(planted.status).toBe(400)
  expect(await planted.text()).toContain('This sign-in was not started from this browser')
})
