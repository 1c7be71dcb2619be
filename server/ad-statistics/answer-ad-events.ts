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
import { admitWithinRate, assertKeyMayCall, rateLimitBucket, unknownKeyMessage } from '../ads/api-key-auth.js'
import { BatchReplayed, InvalidApiKey, MethodNotAllowed, MissingApiKey, UnsupportedMediaType } from '../ads/errors.js'
import { corsHeaders } from '../ads/partner-cors.js'
import { type AdsAnswer, errorAnswer } from '../ads/respond.js'
import type { Database } from '../db/schema.js'
import type { RateLimitDecision, RateLimiter } from '../http/fixed-window-rate-limiter.js'
import type { ApiKeyGrant } from '../api-keys/api-keys.js'
import type { AdsAnswerOrPromise } from '../ads/answer-ads-request.js'
import type { AdStatisticsWriter } from './ad-statistics-writer.js'
import { EVENT_KINDS, type EventBatch, eventBatchFrom } from './event-batch.js'
import { recentBatches } from './recent-batches.js'
import { knownAds } from './known-ads.js'
import { type KeptEventKey, type KeptEventKeys, keptEventKeys } from './kept-event-keys.js'
import { changeStampOf } from '../db/change-stamp.js'
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
  keptKeys = keptEventKeys(),
}: {
  db: Kysely<Database>
  limiter: RateLimiter
  statistics: AdStatisticsWriter
  /** Where events accepted and refused are counted, when metrics are on. */
  metrics?: SvcMetrics
  /** Where keys that passed their checks are kept (a table of its own; tests give a smaller one). */
  keptKeys?: KeptEventKeys
}): (request: AdEventsRequest) => AdsAnswerOrPromise {
  const grantFor = apiKeyGrants(db)
  const readStamp = changeStampOf(db)
  const recent = recentBatches()
  const homesOf = knownAds(db)

  /** Refuses a batch as a whole (no key, a replay, the rate limit): it counts once, its events unread or uncounted. */
  function refused(call: EventsCall, error: unknown): AdsAnswer {
    metrics?.adEvents('refused', 'batch')
    return errorAnswer(error, call.headers, call.requestId)
  }

  /** Each step goes on at once when it can (a kept key, the in-memory limiter, known ads), and only after its promise when it cannot. */
  function afterBody(call: EventsCall, text: string): AdsAnswerOrPromise {
    try {
      const batch = eventBatchFrom(text)
      if (!batch.key) throw new MissingApiKey('key is missing; send the API key as "key" in the body')
      const stamp = readStamp?.()
      const kept = stamp === undefined ? undefined : keptKeys.get(batch.key, call.origin, stamp)
      const answered =
        kept !== undefined
          ? afterKeptKey(call, batch, kept)
          : afterKey(call, batch, stamp, API_KEY.test(batch.key) ? grantFor(batch.key) : undefined)
      return answered instanceof Promise ? answered.catch((error: unknown) => refused(call, error)) : answered
    } catch (error) {
      return refused(call, error)
    }
  }

  /** A key and origin whose checks passed under the current stamp: only the rate limit is counted again. */
  function afterKeptKey(call: EventsCall, batch: EventBatch, kept: KeptEventKey): AdsAnswerOrPromise {
    const hit = limiter.hit(kept.bucket, kept.grant.rateLimit)
    if (hit instanceof Promise) return hit.then((rate) => afterKeptRate(call, batch, kept.grant, rate))
    return afterKeptRate(call, batch, kept.grant, hit)
  }

  function afterKeptRate(call: EventsCall, batch: EventBatch, grant: ApiKeyGrant, rate: RateLimitDecision): AdsAnswerOrPromise {
    admitWithinRate(call.headers, rate)
    return afterChecks(call, batch, grant)
  }

  function afterKey(
    call: EventsCall,
    batch: EventBatch,
    stamp: string | undefined,
    found: ApiKeyGrant | undefined | Promise<ApiKeyGrant | undefined>,
  ): AdsAnswerOrPromise {
    if (found instanceof Promise) return found.then((grant) => afterKey(call, batch, stamp, grant))
    if (!found) throw new InvalidApiKey(unknownKeyMessage(batch.key!))
    const grant = found
    const bucket = `${rateLimitBucket(grant, 'read_ads', call.origin)}:events`
    const checked = (rate: RateLimitDecision) => {
      admitWithinRate(call.headers, rate)
      assertKeyMayCall(grant, 'read_ads', call.origin)
      if (stamp !== undefined) keptKeys.keep(batch.key!, call.origin, { stamp, grant, bucket })
      return afterChecks(call, batch, grant)
    }
    const hit = limiter.hit(bucket, grant.rateLimit)
    return hit instanceof Promise ? hit.then(checked) : checked(hit)
  }

  /** The key passed its checks and the rate limit: a replay is refused, then the batch's ads are looked up. */
  function afterChecks(call: EventsCall, batch: EventBatch, grant: ApiKeyGrant): AdsAnswerOrPromise {
    if (!recent.firstTime(`${grant.keyId}:${batch.batch}`)) throw new BatchReplayed(`batch ${batch.batch} was counted already`)
    const known = homesOf(adsNamed(batch))
    return known instanceof Promise ? known.then((homes) => countBatch(call, batch, grant, homes)) : countBatch(call, batch, grant, known)
  }

  function countBatch(call: EventsCall, batch: EventBatch, grant: ApiKeyGrant, homes: AdHomes): AdsAnswer {
    const slot = batch.slotKey
    const counting = { id: batch.slotId, slug: batch.slot }
    let counted = 0
    let ignored = 0
    for (const kind of EVENT_KINDS) {
      const countedBefore = counted
      for (const adCode of batch[kind]) {
        // An ad is counted in the slot the page asked for, which must be one that serves it.
        const home = homes.get(adCode)
        const servedHere = home?.organisationId === grant.organisationId && (slot === ANYWHERE || home.displayKey === slot)
        if (servedHere && statistics.countKnown(home, counting, kind)) counted++
        else ignored++
      }
      if (metrics) {
        metrics.adEvents('accepted', kind, counted - countedBefore)
        metrics.adEvents('refused', kind, batch[kind].length - (counted - countedBefore))
      }
    }
    const { headers } = call
    headers['Content-Type'] = 'application/json'
    headers['Cache-Control'] = 'no-store'
    return { status: 202, headers, body: `{"status":"success","code":202,"counted":${counted},"ignored":${ignored}}` }
  }

  return function answerAdEvents(request) {
    const origin = request.headers.get('origin')
    const headers: Record<string, string> = { 'X-Request-Id': request.requestId }
    if (request.method === 'OPTIONS') return { status: 204, headers: { ...headers, ...eventsPreflightHeaders(origin) }, body: null }
    Object.assign(headers, corsHeaders(origin))
    const call: EventsCall = { headers, origin, requestId: request.requestId }
    try {
      if (request.method !== 'POST') throw new MethodNotAllowed(`method not allowed; ${AD_EVENTS_PATH} answers POST`, 'POST, OPTIONS')
      const type = request.headers.get('content-type') ?? ''
      if (!READABLE_TYPES.test(type)) throw new UnsupportedMediaType('Content-Type must be text/plain or application/json')
      return request.body().then(
        (text) => afterBody(call, text),
        (error: unknown) => refused(call, error),
      )
    } catch (error) {
      return refused(call, error)
    }
  }
}

/** One batch on its way through the steps. */
interface EventsCall {
  /** The answer's headers so far. */
  headers: Record<string, string>
  origin: string | undefined
  requestId: string
}

type AdHomes = Awaited<ReturnType<ReturnType<typeof knownAds>>>

/** Every ad the batch names, once (an ad served is usually viewable too, and sometimes followed). */
function adsNamed({ served, viewable, clicks }: EventBatch): string[] {
  if (viewable.length === 0 && clicks.length === 0) return served
  const codes = served.slice()
  for (const list of [viewable, clicks]) for (const code of list) if (!codes.includes(code)) codes.push(code)
  return codes
}

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
