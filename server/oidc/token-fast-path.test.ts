import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueTokens } from '../grants/tokens.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'
import { clientByClientId } from '../clients/clients.js'

let idp: IdentityFixture
let basic: string

beforeAll(async () => {
  idp = await identityFixture()
  basic = `Basic ${Buffer.from(`${idp.confidential.clientId}:${idp.confidential.clientSecret}`).toString('base64')}`
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

async function refreshToken(): Promise<string> {
  const client = (await clientByClientId(idp.db, idp.confidential.clientId))!
  const user = await idp.db.selectFrom('users').selectAll().where('sub', '=', idp.sub).executeTakeFirstOrThrow()
  const issued = await issueTokens(idp.bff.provider, {
    client,
    user,
    scopes: ['openid', 'email', 'offline_access'],
    grantId: `grt_${Math.random()}`,
    authTime: 1,
    sessionId: null,
    grantExpiresAt: new Date(Date.now() + 3600_000),
    withIdToken: false,
  })
  return issued.refresh_token!
}

const FORM = 'application/x-www-form-urlencoded'

describe('the token endpoint on node:http', () => {
  it.each<[string, Record<string, string>, string]>([
    ['a JSON body', { 'Content-Type': 'application/json' }, '{"grant_type":"refresh_token"}'],
    ['no grant_type', { 'Content-Type': FORM }, ''],
    ['an unsupported grant_type', { 'Content-Type': FORM }, 'grant_type=password'],
    ['a malformed Basic header', { 'Content-Type': FORM, Authorization: 'Basic !!!' }, 'grant_type=refresh_token'],
    [
      'a wrong secret',
      { 'Content-Type': FORM, Authorization: `Basic ${Buffer.from('x:y').toString('base64')}` },
      'grant_type=refresh_token',
    ],
    ['a repeated parameter', { 'Content-Type': FORM }, 'grant_type=refresh_token&grant_type=refresh_token'],
    ['an unknown refresh token', { 'Content-Type': FORM }, 'grant_type=refresh_token&refresh_token=nope'],
    ['a body over 64 KB', { 'Content-Type': FORM }, `grant_type=refresh_token&refresh_token=${'a'.repeat(70_000)}`],
  ])('refuses %s exactly as the Hono route does', async (_, extra, body) => {
    const headers = { Authorization: basic, ...extra }
    const viaHono = await observable(await idp.bff.app.request('/oidc/token', { method: 'POST', headers, body }))
    const viaNode = await observable(await fetch(`${idp.issuer}/oidc/token`, { method: 'POST', headers, body }))
    expect(viaNode.status).toBeGreaterThanOrEqual(400)
    expect(viaNode.status).toBeLessThan(500)
    expect({ ...viaNode, requestId: undefined }).toEqual({ ...viaHono, requestId: undefined })
    expect(viaNode.requestId).toMatch(/^req_[0-9a-f]{32}$/)
  })

  it('answers a refresh grant with the same fields and headers as the Hono route', async () => {
    const headers = { Authorization: basic, 'Content-Type': FORM, 'X-Request-Id': 'rp-42' }
    const form = async () => `grant_type=refresh_token&refresh_token=${await refreshToken()}`
    const viaHono = await observable(await idp.bff.app.request('/oidc/token', { method: 'POST', headers, body: await form() }))
    const viaNode = await observable(await fetch(`${idp.issuer}/oidc/token`, { method: 'POST', headers, body: await form() }))
    expect(viaNode.status).toBe(200)
    expect(viaNode.headers).toEqual(viaHono.headers)
    expect(viaNode.requestId).toBe('rp-42')
    const [fromHono, fromNode] = [JSON.parse(viaHono.body), JSON.parse(viaNode.body)]
    expect(Object.keys(fromNode).sort()).toEqual(Object.keys(fromHono).sort())
    expect(Object.keys(fromNode).sort()).toEqual(['access_token', 'expires_in', 'id_token', 'refresh_token', 'scope', 'token_type'])
  })

  it('closes a kept-alive connection after a body it did not read, so the next request is not lost in it', async () => {
    const head = await rawExchange(
      `POST /oidc/token HTTP/1.1\r\nHost: x\r\nContent-Type: ${FORM}\r\nContent-Length: 300000\r\n\r\n${'a'.repeat(300_000)}`,
    )
    expect(head).toMatch(/^HTTP\/1\.1 400/)
    expect(head).toMatch(/^connection: close$/im)
  })

  it('reads a repeated Authorization header as the Hono route does', async () => {
    const other = `Basic ${Buffer.from('x:y').toString('base64')}`
    const viaNode = await rawExchange(
      `POST /oidc/token HTTP/1.1\r\nHost: x\r\nContent-Type: ${FORM}\r\nAuthorization: ${basic}\r\nAuthorization: ${other}\r\nContent-Length: 24\r\nConnection: close\r\n\r\ngrant_type=refresh_token`,
    )
    const viaHono = await idp.bff.app.request('/oidc/token', {
      method: 'POST',
      headers: { 'Content-Type': FORM, Authorization: `${basic}, ${other}` },
      body: 'grant_type=refresh_token',
    })
    expect(viaHono.status).toBe(401)
    expect(viaNode).toMatch(/^HTTP\/1\.1 401/)
    expect(viaNode.slice(viaNode.indexOf('\r\n\r\n') + 4)).toBe(await viaHono.text())
  })

  it('leaves browser calls, which need CORS, to the Hono route', async () => {
    const res = await fetch(`${idp.issuer}/oidc/token`, {
      method: 'POST',
      headers: { 'Content-Type': FORM, Origin: 'http://127.0.0.1:3000' },
      body: `grant_type=refresh_token&client_id=${idp.publicClient.clientId}&refresh_token=nope`,
    })
    expect(res.status).toBe(400)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000')
  })
})

/** Sends raw bytes on a new connection and resolves with all that comes back before it closes. */
function rawExchange(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(idp.issuer).port), '127.0.0.1', () => socket.end(request))
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (answer += chunk))
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
  })
}
