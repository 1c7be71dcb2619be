/**
 * @module Assembles the BFF: every feature's sub-app mounted on one Hono
 * app, with a request id on every answer.
 */
import { Hono } from 'hono'
import { requestId, type RequestIdVariables } from 'hono/request-id'
import type { Kysely } from 'kysely'
import { adsApi } from './ads/ads-api.js'
import type { Database } from './db/schema.js'
import { demoSite } from './demo/demo-site.js'
import { fixedWindowRateLimiter, type RateLimiter } from './http/fixed-window-rate-limiter.js'

export interface AppOptions {
  db: Kysely<Database>
  /** Per-key request counters; a fresh in-memory limiter by default. */
  limiter?: RateLimiter
  /** Picks the ads API's random start offset; injectable for tests. */
  pickOffset?: (count: number) => number
  /** The demo key to show on the demo page, when the demo was seeded. */
  demoApiKey?: string
}

/**
 * Builds the BFF's Hono app.
 *
 * @example
 * const app = createApp({ db })
 * const res = await app.request('/ads/home?limit=3', { headers: { Authorization: `Bearer ${key}` } })
 */
export function createApp({
  db,
  limiter = fixedWindowRateLimiter(),
  pickOffset,
  demoApiKey,
}: AppOptions): Hono<{ Variables: RequestIdVariables }> {
  const app = new Hono<{ Variables: RequestIdVariables }>({ strict: false })
  app.use(requestId({ generator: () => `req_${crypto.randomUUID().replaceAll('-', '')}` }))
  app.route('/ads', adsApi({ db, limiter, pickOffset }))
  app.route('/', demoSite({ demoApiKey }))
  app.notFound((c) => c.json({ status: 'error', code: 404, message: `no page at ${c.req.path}` }, 404))
  app.onError((error, c) => {
    console.error(JSON.stringify({ level: 'error', request_id: c.get('requestId'), message: error.message, stack: error.stack }))
    return c.json(
      { status: 'error', code: 500, message: `internal error; quote request ${c.get('requestId')} when contacting support` },
      500,
    )
  })
  return app
}
