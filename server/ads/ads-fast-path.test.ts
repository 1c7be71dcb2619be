import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBff } from '../app.js'
import { type Publisher, publisherFixture } from '../testing/publisher.js'

let publisher: Publisher
let bff: ReturnType<typeof createBff>
let server: Server
let origin: string
let limitedKey: string

beforeAll(async () => {
  publisher = await publisherFixture()
  for (let i = 0; i < 4; i++) await publisher.addAd({ display: i % 2 ? 'Home' : 'Donation Stories' })
  limitedKey = await publisher.addKey({ origins: ['https://partner.example'], rateLimit: 1000 })
  bff = createBff({ db: publisher.db })
  server = createServer(bff.listener)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise((resolve) => server.close(resolve)))

describe('the node:http fast path', () => {
  it.each<[string, string, number, Record<string, string>?]>([
    ['GET', '/ads/home?limit=12&random=0', 200],
    ['GET', '/ads/donation-stories', 200],
    ['GET', '/ads?limit=3', 200],
    ['GET', '/ads/', 200],
    ['GET', '/ads/nothing-here', 404],
    ['GET', '/ads?limit=13', 400],
    ['GET', '/ads/%FF', 400],
    ['GET', '/ads/a/b', 404],
    ['POST', '/ads', 405],
    ['DELETE', '/ads/home', 405],
    ['GET', '/ads', 401, { Authorization: 'Basic x' }],
    ['GET', '/ads', 401, { Authorization: 'Bearer nope' }],
    ['GET', '/ads', 403, { Origin: 'https://evil.example' }],
    ['GET', '/ads', 200, { Origin: 'https://partner.example' }],
    ['OPTIONS', '/ads/home', 204, { Origin: 'https://partner.example', 'Access-Control-Request-Method': 'GET' }],
    ['GET', '/ads/home?limit=2', 304, { 'If-None-Match': '*' }],
    // Targets that only decode to the API's path are not its requests.
    ['GET', '/%61ds', 404],
    ['GET', '/ad%73/home', 404],
  ])('answers %s %s with %i and a request id', async (method, path, status, extra = {}) => {
    const headers = { Authorization: `Bearer ${limitedKey}`, ...extra }
    const res = await fetch(`${origin}${path}`, { method, headers })
    expect(res.status).toBe(status)
    expect(res.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/)
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
