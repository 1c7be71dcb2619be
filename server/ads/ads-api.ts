/**
 * @module The ads API as one Hono sub-app: `GET /ads` and
 * `GET /ads/{display}` with CORS for partner pages, key authentication,
 * per-key rate limits and the spec's envelope.
 */
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import type { RateLimiter } from '../http/fixed-window-rate-limiter.js'
import type { AdsEnv } from './ads-env.js'
import { parseAdsRequest } from './ads-request.js'
import { apiKeyGrants } from '../keys/api-key-grants.js'
import { apiKeyAuth, keyMayCall } from './api-key-auth.js'
import { MethodNotAllowed, RouteNotFound } from './errors.js'
import { partnerCors } from './partner-cors.js'
import { publishedAdsReader } from './published-ads-reader.js'
import { rateLimitPerKey } from './rate-limit-per-key.js'
import { adsErrorHandler, answerWithAds } from './respond.js'

export interface AdsApiOptions {
  db: Kysely<Database>
  limiter: RateLimiter
  /** Picks the random start offset in `[0, count)`; injectable for tests. */
  pickOffset?: (count: number) => number
}

/**
 * Builds the ads API, to be mounted at `/ads`.
 *
 * @example
 * app.route('/ads', adsApi({ db, limiter: fixedWindowRateLimiter() }))
 */
export function adsApi({ db, limiter, pickOffset }: AdsApiOptions): Hono<AdsEnv> {
  const api = new Hono<AdsEnv>()
  api.onError(adsErrorHandler)

  api.use(partnerCors())
  const reader = publishedAdsReader(db, { pickOffset })
  api.on(['GET', 'HEAD'], ['/', '/:display'], apiKeyAuth({ grantFor: apiKeyGrants(db) }), rateLimitPerKey({ limiter }), keyMayCall('read_ads'), async (c) => {
    const url = new URL(c.req.url)
    const rawDisplay = c.req.param('display') === undefined ? undefined : lastSegment(url.pathname)
    const { displayKey, limit, random } = parseAdsRequest(rawDisplay, url.searchParams)
    return answerWithAds(c, await reader.window(c.get('grant').organisationId, displayKey, limit, random), limit)
  })
  api.all('/', () => {
    throw new MethodNotAllowed('method not allowed; the ads API answers GET')
  })
  api.all('/:display', () => {
    throw new MethodNotAllowed('method not allowed; the ads API answers GET')
  })
  // A sub-app's notFound is not consulted once mounted, so deeper paths
  // are caught here to keep the ads envelope.
  api.all('/*', (c) => {
    throw new RouteNotFound(`no endpoint at ${c.req.path}; use GET /ads or GET /ads/{display}`)
  })
  return api
}

/** The path's last segment still percent-encoded: Hono's decoded param cannot tell bad UTF-8 apart. */
function lastSegment(pathname: string): string {
  return pathname.slice(pathname.lastIndexOf('/') + 1)
}
