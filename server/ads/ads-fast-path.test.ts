import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBff } from '../app.js'
import { type Publisher, publisherFixture } from '../testing.js'

let publisher: Publisher
let bff: ReturnType<typeof createBff>
let server: Server
let origin: string
let limitedKey: string

beforeAll(async () => {
  publisher = await publisherFixture()
  for (let i = 0; i < 4; i++) await publisher.addAd({ display: i % 2 ? 'Home' : 'Donation Stories' })
  limitedKey = await publisher.addKey({ origins: ['https://partner.example'], rateLimit: 1000 })
  bff = createBff({ db: publisher.db, pickOffset: () => 1 })
  server = createServer(bff.listener)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise((resolve) => server.close(resolve)))

const COMPARED_HEADERS = [
  'content-type',
  'cache-control',
  'vary',
  'etag',
  'www-authenticate',
  'retry-after',
  'allow',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-expose-headers',
  'access-control-max-age',
]

async function observable(res: Response) {
  const text = await res.text()
  return {
    status: res.status,
    headers: Object.fromEntries(COMPARED_HEADERS.map((name) => [name, res.headers.get(name)])),
    // request ids differ between two requests by design
    body: text.replace(/"request_id":"[^"]+"/, '"request_id":"…"'),
    requestId: res.headers.get('x-request-id'),
  }
}

describe('the node:http fast path', () => {
  it.each<[string, string, Record<string, string>?]>([
    ['GET', '/ads/home?limit=12&random=0'],
    ['GET', '/ads/donation-stories'],
    ['GET', '/ads?limit=3'],
    ['GET', '/ads/'],
    ['GET', '/ads/nothing-here'],
    ['GET', '/ads?limit=13'],
    ['GET', '/ads/%FF'],
    ['GET', '/ads/a/b'],
    ['POST', '/ads'],
    ['DELETE', '/ads/home'],
    ['GET', '/ads', { Authorization: 'Basic x' }],
    ['GET', '/ads', { Authorization: 'Bearer nope' }],
    ['GET', '/ads', { Origin: 'https://evil.example' }],
    ['GET', '/ads', { Origin: 'https://partner.example' }],
    ['OPTIONS', '/ads/home', { Origin: 'https://partner.example', 'Access-Control-Request-Method': 'GET' }],
    ['GET', '/ads/home?limit=2', { 'If-None-Match': '*' }],
    ['GET', '/%61ds'],
    ['GET', '/ad%73/home'],
  ])('answers %s %s exactly as the Hono sub-app does', async (method, path, extra = {}) => {
    const headers = { Authorization: `Bearer ${limitedKey}`, ...extra }
    const viaHono = await observable(await bff.app.request(path, { method, headers }))
    const viaNode = await observable(await fetch(`${origin}${path}`, { method, headers }))
    expect(viaNode.status).toBeLessThan(500)
    expect({ ...viaNode, requestId: undefined }).toEqual({ ...viaHono, requestId: undefined })
    expect(viaNode.requestId).toMatch(/^req_[0-9a-f]{32}$/)
  })

  it("keeps a caller's safe X-Request-Id and replaces an unsafe one", async () => {
    const auth = { Authorization: `Bearer ${publisher.apiKey}` }
    expect((await fetch(`${origin}/ads`, { headers: { ...auth, 'X-Request-Id': 'partner-123' } })).headers.get('x-request-id')).toBe(
      'partner-123',
    )
    expect((await fetch(`${origin}/ads`, { headers: { ...auth, 'X-Request-Id': 'bad id!' } })).headers.get('x-request-id')).toMatch(/^req_/)
  })

  it('sends no body for HEAD and leaves other paths to Hono', async () => {
    const head = await fetch(`${origin}/ads/home`, { method: 'HEAD', headers: { Authorization: `Bearer ${publisher.apiKey}` } })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    expect((await fetch(`${origin}/adsense`)).status).toBe(404)
    expect((await fetch(`${origin}/`)).headers.get('content-type')).toContain('text/html')
  })
})
