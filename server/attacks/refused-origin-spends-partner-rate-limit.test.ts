/**
 * Attack: a stranger copies a partner's publishable key off its page and
 * floods the ads API from another origin, or with no Origin at all (curl),
 * so the partner's own pages are then answered 429. Only requests the key
 * may make spend its budget; the others are throttled in buckets of their own.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createBff } from '../app.js'
import { fixedWindowRateLimiter } from '../http/fixed-window-rate-limiter.js'
import { publisherFixture } from '../testing/publisher.js'

const PARTNER = 'https://partner.example'
let server: Server
let base: string
let key: string

beforeAll(async () => {
  const publisher = await publisherFixture()
  await publisher.addAd()
  key = await publisher.addKey({ origins: [PARTNER], rateLimit: 5 })
  // A fixed instant in the middle of a minute, so the window cannot turn during the test.
  const bff = createBff({ db: publisher.db, limiter: fixedWindowRateLimiter({ now: () => 30_000 }) })
  server = createServer(bff.listener)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise((resolve) => server.close(resolve)))

const ads = (origin?: string) =>
  fetch(`${base}/ads/home-slider-ads`, { headers: { Authorization: `Bearer ${key}`, ...(origin ? { Origin: origin } : {}) } })

it('a flood from a refused origin and from no origin leaves the partner its whole budget', async () => {
  const refused = []
  for (let i = 0; i < 8; i++) refused.push((await ads('https://attacker.example')).status)
  // Refused as not allowed, then throttled once that bucket is spent.
  expect(refused).toEqual([403, 403, 403, 403, 403, 429, 429, 429])
  const curl = []
  for (let i = 0; i < 7; i++) curl.push((await ads()).status)
  expect(curl).toEqual([200, 200, 200, 200, 200, 429, 429])

  const partner = await ads(PARTNER)
  expect(partner.status).toBe(200)
  expect(partner.headers.get('X-RateLimit-Remaining')).toBe('4')
  for (let i = 0; i < 4; i++) expect((await ads(PARTNER)).status).toBe(200)
  expect((await ads(PARTNER)).status).toBe(429)
})
