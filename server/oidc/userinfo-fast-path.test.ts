import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientByClientId } from '../clients/clients.js'
import { issueTokens } from '../grants/tokens.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'

let idp: IdentityFixture
let accessToken: string

beforeAll(async () => {
  idp = await identityFixture()
  const client = (await clientByClientId(idp.db, idp.confidential.clientId))!
  const user = await idp.db.selectFrom('users').selectAll().where('sub', '=', idp.sub).executeTakeFirstOrThrow()
  accessToken = (
    await issueTokens(idp.bff.provider, {
      client,
      user,
      scopes: ['openid', 'profile', 'email'],
      grantId: 'grt_userinfo_fast_path',
      authTime: 1,
      sessionId: null,
      grantExpiresAt: new Date(Date.now() + 3600_000),
      withIdToken: false,
    })
  ).access_token
})
afterAll(() => idp.close())

const COMPARED_HEADERS = ['content-type', 'cache-control', 'pragma', 'www-authenticate', 'access-control-allow-origin']

async function observable(res: Response) {
  return {
    status: res.status,
    headers: Object.fromEntries(COMPARED_HEADERS.map((name) => [name, res.headers.get(name)])),
    body: await res.text(),
    requestId: res.headers.get('x-request-id'),
  }
}

describe('userinfo on node:http', () => {
  it.each<[string, (token: string) => Record<string, string>]>([
    ['a live access token', (token) => ({ Authorization: `Bearer ${token}` })],
    ['no token', () => ({})],
    ['a malformed Authorization header', () => ({ Authorization: 'Basic abc' })],
    ['an unknown token', () => ({ Authorization: 'Bearer nope' })],
    ['two Authorization headers', (token) => ({ Authorization: `Bearer ${token}, Bearer b` })],
  ])('answers %s exactly as the Hono route does', async (_, headersFor) => {
    const headers = headersFor(accessToken)
    const viaHono = await observable(await idp.bff.app.request('/oidc/userinfo', { headers }))
    const viaNode = await observable(await fetch(`${idp.issuer}/oidc/userinfo`, { headers: { ...headers, 'X-Request-Id': 'rp-7' } }))
    expect({ ...viaNode, requestId: undefined }).toEqual({ ...viaHono, requestId: undefined })
    expect(viaNode.requestId).toBe('rp-7')
  })

  it('releases the scopes’ claims, and refuses the token once revoked', async () => {
    const res = await fetch(`${idp.issuer}/oidc/userinfo`, { headers: { Authorization: `Bearer ${accessToken}` } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      sub: idp.sub,
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
      email: 'ada@example.com',
      email_verified: true,
      picture: 'https://cdn.example/ada.png',
    })
    await idp.db
      .updateTable('tokens')
      .set({ revoked_at: new Date().toISOString() })
      .where('grant_id', '=', 'grt_userinfo_fast_path')
      .execute()
    const refused = await fetch(`${idp.issuer}/oidc/userinfo`, { headers: { Authorization: `Bearer ${accessToken}` } })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"')
  })

  it('refuses a disabled account from the next request', async () => {
    const client = (await clientByClientId(idp.db, idp.confidential.clientId))!
    const user = await idp.db.selectFrom('users').selectAll().where('sub', '=', idp.sub).executeTakeFirstOrThrow()
    const issued = await issueTokens(idp.bff.provider, {
      client,
      user,
      scopes: ['openid'],
      grantId: 'grt_userinfo_disabled',
      authTime: 1,
      sessionId: null,
      grantExpiresAt: new Date(Date.now() + 3600_000),
      withIdToken: false,
    })
    const ask = () => fetch(`${idp.issuer}/oidc/userinfo`, { headers: { Authorization: `Bearer ${issued.access_token}` } })
    expect((await ask()).status).toBe(200)
    await idp.db.updateTable('users').set({ disabled_at: new Date().toISOString() }).where('id', '=', user.id).execute()
    expect((await ask()).status).toBe(401)
  })
})
