/**
 * @module `POST /ads/events`, free of any HTTP framework: `<svc-ads>`
 * reports which ads it served, which were viewable and which were
 * followed. Authenticated like the ads API (the same key, origin list and
 * per-key rate limit, in a budget of its own) except that the key travels
 * in the body, as `sendBeacon` cannot set headers. Events for unknown ads,
 * other organisations' ads or another slot's ads are ignored (counted as
 * `ignored` in the answer); a replayed batch is refused.
 */
import type { Kysely } from 'kysely'
import { ANYWHERE } from '../../shared/slug.js'
import { apiKeyGrants } from '../api-keys/api-key-grants.js'
import { assertKeyMayCall, rateLimitBucket, unknownKeyMessage } from '../ads/api-key-auth.js'
import { BatchReplayed, InvalidApiKey, MethodNotAllowed, MissingApiKey, RateLimited, UnsupportedMediaType } from '../ads/errors.js'
import { corsHeaders } from '../ads/partner-cors.js'
import { type AdsAnswer, errorAnswer } from '../ads/respond.js'
import type { Database } from '../db/schema.js'
import type { RateLimiter } from '../http/fixed-window-rate-limiter.js'
import type { AdStatisticsWriter } from './ad-statistics-writer.js'
import { EVENT_KINDS, eventBatchFrom } from './event-batch.js'
import { recentBatches } from './recent-batches.js'
import { knownAds } from './known-ads.js'
import type { SvcMetrics } from '../metrics/svc-metrics.js'

/** Where ad events are posted. */
export const AD_EVENTS_PATH = '/ads/events'

/** What the events endpoint reads of a request. */
export interface AdEventsRequest {
  method: string
  headers: { get(name: string): string | undefined }
  requestId: string
  /** Reads the body; rejects with a 413 refusal past the endpoint's limit. */
  body(): Promise<string>
}

// RFC 6750's b64token, as the ads API accepts in its header.
const API_KEY = /^[A-Za-z0-9\-._~+/]{1,200}=*$/
// sendBeacon sends a string as text/plain; fetch callers may send JSON.
const READABLE_TYPES = /^(text\/plain|application\/json)\s*(;|$)/i

/**
 * Makes the events endpoint's handler for one database.
 *
 * @example
 * const answerEvents = adEventsHandler({ db, limiter, statistics: adStatisticsWriter({ db }) })
 */
export function adEventsHandler({
  db,
  limiter,
  statistics,
  metrics,
}: {
  db: Kysely<Database>
  limiter: RateLimiter
  statistics: AdStatisticsWriter
  /** Where events accepted and refused are counted, when metrics are on. */
  metrics?: SvcMetrics
}): (request: AdEventsRequest) => Promise<AdsAnswer> {
  const grantFor = apiKeyGrants(db)
  const recent = recentBatches()
  const homesOf = knownAds(db)

  return async function answerAdEvents(request) {
    const origin = request.headers.get('origin')
    const headers: Record<string, string> = { 'X-Request-Id': request.requestId }
    if (request.method === 'OPTIONS') return { status: 204, headers: { ...headers, ...eventsPreflightHeaders(origin) }, body: null }
    Object.assign(headers, corsHeaders(origin))
    try {
      if (request.method !== 'POST') throw new MethodNotAllowed(`method not allowed; ${AD_EVENTS_PATH} answers POST`, 'POST, OPTIONS')
      const type = request.headers.get('content-type') ?? ''
      if (!READABLE_TYPES.test(type)) throw new UnsupportedMediaType('Content-Type must be text/plain or application/json')
      const batch = eventBatchFrom(await request.body())

      if (!batch.key) throw new MissingApiKey('key is missing; send the API key as "key" in the body')
      // Each step answers at once when it can (a kept key, the in-memory limiter, known ads), and is awaited only when it cannot.
      const found = API_KEY.test(batch.key) ? grantFor(batch.key) : undefined
      const grant = found instanceof Promise ? await found : found
      if (!grant) throw new InvalidApiKey(unknownKeyMessage(batch.key))
      const hit = limiter.hit(`${rateLimitBucket(grant, 'read_ads', origin)}:events`, grant.rateLimit)
      const rate = hit instanceof Promise ? await hit : hit
      headers['X-RateLimit-Limit'] = String(rate.limit)
      headers['X-RateLimit-Remaining'] = String(rate.remaining)
      headers['X-RateLimit-Reset'] = String(rate.resetSeconds)
      if (!rate.allowed) throw new RateLimited(rate.resetSeconds)
      assertKeyMayCall(grant, 'read_ads', origin)
      if (!recent.firstTime(`${grant.keyId}:${batch.batch}`)) throw new BatchReplayed(`batch ${batch.batch} was counted already`)

      const slot = batch.slotKey
      const codes = batch.served.concat(
        batch.viewable.filter(notIn(batch.served)),
        batch.clicks.filter(notIn(batch.served, batch.viewable)),
      )
      const known = homesOf(codes)
      const homes = known instanceof Promise ? await known : known
      let counted = 0
      let ignored = 0
      for (const kind of EVENT_KINDS) {
        const countedBefore = counted
        for (const adCode of batch[kind]) {
          // An ad is counted in the slot the page asked for, which must be one that serves it.
          const home = homes.get(adCode)
          const servedHere = home?.organisationId === grant.organisationId && (slot === ANYWHERE || home.displayKey === slot)
          if (servedHere && statistics.count({ organisationId: grant.organisationId, adCode, slot: batch.slot }, kind)) counted++
          else ignored++
        }
        if (metrics) {
          metrics.adEvents('accepted', kind, counted - countedBefore)
          metrics.adEvents('refused', kind, batch[kind].length - (counted - countedBefore))
        }
      }
      headers['Content-Type'] = 'application/json'
      headers['Cache-Control'] = 'no-store'
      return { status: 202, headers, body: `{"status":"success","code":202,"counted":${counted},"ignored":${ignored}}` }
    } catch (error) {
      // A batch refused as a whole (no key, a replay, the rate limit) counts once, its events unread or uncounted.
      metrics?.adEvents('refused', 'batch')
      return errorAnswer(error, headers, request.requestId)
    }
  }
}

/** Keeps codes not in the given lists (each a few codes at most). */
function notIn(...lists: string[][]): (code: string) => boolean {
  return (code) => !lists.some((list) => list.includes(code))
}

/** A preflight, for callers that post JSON with `fetch`; the widget's beacon needs none. */
function eventsPreflightHeaders(origin: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { Allow: 'POST, OPTIONS', Vary: 'Origin' }
  if (origin === undefined) return headers
  return {
    ...headers,
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'POST',
    'Access-Control-Allow-Headers': 'Content-Type',
    'Access-Control-Max-Age': '600',
  }
}
