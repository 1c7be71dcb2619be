/**
 * Attack: a registered partner page submits hundreds of forms to
 * `/oidc/sdk/start` (into one popup), each with a new `state`. A cookie a
 * flow let it fill the visitor's cookie jar for svc's origin: the session
 * and device cookies were evicted and every request grew too large to be
 * answered (431) for ten minutes. The page's cross-site POST carries no
 * SameSite=Lax cookie, so svc cannot count what the browser holds; the
 * flows live in a fixed number of cookie slots instead.
 */
import { createHash, randomBytes } from 'node:crypto'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { FLOW_COOKIE_SLOTS } from '../oidc/sdk-flow.js'
import { CALLBACK, type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

it('sets at most a few flow cookies however many flows a page starts', async () => {
  const names = new Set<string>()
  for (let flow = 0; flow < 60; flow++) {
    const res = await fetch(`${idp.issuer}/oidc/sdk/start`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(CALLBACK).origin },
      body: new URLSearchParams({
        client_id: idp.publicClient.clientId,
        state: randomBytes(96).toString('base64url'),
        code_challenge: createHash('sha256').update(randomBytes(32)).digest('base64url'),
        mode: 'popup',
      }).toString(),
    })
    expect(res.status).toBeLessThan(400)
    for (const cookie of res.headers.getSetCookie()) if (cookie.includes('svc_sdk_')) names.add(cookie.split('=')[0]!)
  }
  expect(names.size).toBeGreaterThan(0)
  expect(names.size).toBeLessThanOrEqual(FLOW_COOKIE_SLOTS)
})
