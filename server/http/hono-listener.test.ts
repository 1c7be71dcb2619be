/**
 * Regression: `POST /oidc/revoke` answered 200 with an empty body and, on
 * the wire only, `Content-Type: text/plain; charset=UTF-8` (added by the
 * Node server layer to every untyped answer). oidc-client-ts accepts JSON
 * or no type, so `revokeTokens()` threw although the token was revoked,
 * and a sign-out that revokes first never reached `/oidc/logout`. Every
 * OAuth answer that is JSON or empty is checked here on a real socket.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CALLBACK, type IdentityFixture, identityFixture, ScriptedBrowser } from '../testing/identity-fixture.js'

let idp: IdentityFixture
let basic: string
beforeEach(async () => {
  idp = await identityFixture()
  basic = `Basic ${Buffer.from(`${idp.confidential.clientId}:${idp.confidential.clientSecret}`).toString('base64')}`
})
afterEach(() => idp.close())

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
})

async function tokens(): Promise<{ access_token: string; refresh_token: string }> {
  const callback = await new ScriptedBrowser().authorize(
    `${idp.issuer}/oidc/authorize?${new URLSearchParams({
      client_id: idp.confidential.clientId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid offline_access',
      prompt: 'consent',
    })}`,
  )
  const res = await fetch(`${idp.issuer}/oidc/token`, {
    ...form({ grant_type: 'authorization_code', code: callback.searchParams.get('code')!, redirect_uri: CALLBACK }),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: basic },
  })
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  return res.json()
}

/** What oidc-client-ts's JsonService accepts: no type, or JSON. */
function expectJsonOrUntyped(res: Response): void {
  const type = res.headers.get('content-type')
  if (type !== null) expect(type).toMatch(/^application\/json/)
}

describe('OAuth answers on the wire', () => {
  it('revokes with an empty 200 that carries no type, for a known or an unknown token', async () => {
    const { access_token, refresh_token } = await tokens()
    for (const token of [access_token, refresh_token, 'never-issued']) {
      const res = await fetch(`${idp.issuer}/oidc/revoke`, {
        ...form({ token }),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: basic },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBeNull()
      expect(await res.text()).toBe('')
    }
    const userinfo = await fetch(`${idp.issuer}/oidc/userinfo`, { headers: { Authorization: `Bearer ${access_token}` } })
    expect(userinfo.status).toBe(401)
  })

  it('answers token, introspection, userinfo and their refusals as JSON or untyped', async () => {
    const { access_token } = await tokens()
    const answers = [
      await fetch(`${idp.issuer}/oidc/userinfo`, { headers: { Authorization: `Bearer ${access_token}` } }),
      await fetch(`${idp.issuer}/oidc/userinfo`, { headers: { Authorization: 'Bearer nope' } }),
      await fetch(`${idp.issuer}/oidc/userinfo`),
      await fetch(`${idp.issuer}/oidc/introspect`, {
        ...form({ token: access_token }),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: basic },
      }),
      await fetch(`${idp.issuer}/oidc/token`, { ...form({ grant_type: 'authorization_code', code: 'nope' }) }),
      await fetch(`${idp.issuer}/oidc/token`, {
        ...form({ grant_type: 'refresh_token', refresh_token: 'nope' }),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: basic, Origin: 'http://127.0.0.1:3000' },
      }),
      await fetch(`${idp.issuer}/oidc/revoke`, { ...form({ token: 'x' }) }),
      await fetch(`${idp.issuer}/oidc/revoke`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://127.0.0.1:3000', 'Access-Control-Request-Method': 'POST' },
      }),
    ]
    for (const res of answers) expectJsonOrUntyped(res)
    expect(answers.map((res) => res.status)).toEqual([200, 401, 401, 200, 401, 400, 401, 204])
  })
})
