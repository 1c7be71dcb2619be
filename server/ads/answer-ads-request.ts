/**
 * @module The ads API itself, free of any HTTP framework: one request in,
 * one answer out. It is the hot path partner pages hit on every view, so
 * the edge answers it straight from `node:http` (`ads-fast-path.ts`, one
 * of the fast routes of `http/edge.ts`), never through Hono. The rules, in
 * the order they apply: the preflight and CORS, the path and method, the
 * key, the rate limit (callers the key was not issued for in buckets of
 * their own), the key's permission and origins, the query, then the
 * envelope.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import type { RateLimitDecision, RateLimiter } from '../http/fixed-window-rate-limiter.js'
import type { ApiKeyGrant } from '../api-keys/api-keys.js'
import { apiKeyGrants } from '../api-keys/api-key-grants.js'
import { parseAdsRequest } from './ads-request.js'
import { admitWithinRate, assertKeyMayCall, authenticate, rateLimitBucket } from './api-key-auth.js'
import { MethodNotAllowed, RouteNotFound } from './errors.js'
import { corsHeaders, preflightHeaders } from './partner-cors.js'
import { type AdWindow, type PublishedSlot, publishedAdsReader } from './published-ads-reader.js'
import { type KeptAdsCall, type KeptAdsCalls, keptAdsCalls, keptCallKey } from './kept-ads-calls.js'
import { changeStampOf } from '../db/change-stamp.js'
import { type AdsAnswer, adsAnswer, errorAnswer } from './respond.js'
import type { SvcMetrics } from '../metrics/svc-metrics.js'

/** What the ads API reads of a request. */
export interface AdsRequestLine {
  method: string
  /** The raw request target below the host: `/ads…`, path and query as sent. */
  target: string
  /** The raw (still percent-encoded) path below `/ads`: `''`, `'/'` or `'/{display}'`. */
  path: string
  /** The raw query string, without `?`. */
  query: string
  /** The request's headers, read by lower-case name. */
  headers: { get(name: string): string | undefined }
  requestId: string
}

export interface AdsApiOptions {
  db: Kysely<Database>
  limiter: RateLimiter
  /** Uniform in [0, 1), for the weighted draw of `random=1`; injectable for tests. */
  random?: () => number
  /** The clock in epoch milliseconds, which decides the ads running; injectable for tests. */
  now?: () => number
  /** Where the ads answered are counted by slot, when metrics are on. */
  metrics?: SvcMetrics
  /** Where requests that passed every check are kept under the change stamp; injectable for tests of its cap. */
  keptCalls?: KeptAdsCalls
}

/** Where the ads API is mounted. */
export const ADS_PATH = '/ads'

/** An answer at once, or a promise of one when a step had to wait (a key or slot not kept, a shared limiter). */
export type AdsAnswerOrPromise = AdsAnswer | Promise<AdsAnswer>

/**
 * Makes the ads API's request handler for one database. A request whose
 * key, rate-limit count and slot are all at hand is answered in the same
 * call, with no promise made: on the hot path, the promises and their
 * microtask turns cost more than the rest of svc's work for the answer.
 * A request seen before under the same change stamp (same key, origin and
 * target) skips its checks and lookups: one map lookup finds them passed.
 *
 * @example
 * const answerAds = adsApiHandler({ db, limiter: fixedWindowRateLimiter() })
 * const answered = answerAds(request)
 * const { status, headers, body } = answered instanceof Promise ? await answered : answered
 */
export function adsApiHandler({
  db,
  limiter,
  random,
  now,
  metrics,
  keptCalls = keptAdsCalls(),
}: AdsApiOptions): (request: AdsRequestLine) => AdsAnswerOrPromise {
  const grantFor = apiKeyGrants(db)
  const reader = publishedAdsReader(db, { ...(random ? { random } : {}), ...(now ? { now } : {}) })
  const readStamp = changeStampOf(db)

  /** Each step goes on at once when it can, and only after its promise when it cannot. */
  function afterKey(call: AdsCall, grant: ApiKeyGrant): AdsAnswerOrPromise {
    const bucket = rateLimitBucket(grant, 'read_ads', call.origin)
    const hit = limiter.hit(bucket, grant.rateLimit)
    return hit instanceof Promise ? hit.then((rate) => afterCount(call, grant, bucket, rate)) : afterCount(call, grant, bucket, hit)
  }

  function afterCount(call: AdsCall, grant: ApiKeyGrant, bucket: string, rate: RateLimitDecision): AdsAnswerOrPromise {
    admitWithinRate(call.headers, rate)
    assertKeyMayCall(grant, 'read_ads', call.origin)
    const query = parseAdsRequest(call.rawDisplay, call.request.query)
    const slot = reader.slot(grant.organisationId, query.displayKey)
    return slot instanceof Promise
      ? slot.then((found) => afterSlot(call, { grant, bucket, query }, found))
      : afterSlot(call, { grant, bucket, query }, slot)
  }

  function afterSlot(call: AdsCall, passed: Omit<KeptAdsCall, 'stamp' | 'slot'>, slot: PublishedSlot): AdsAnswerOrPromise {
    if (call.keptKey !== undefined) keptCalls.keep(call.keptKey, { ...passed, stamp: call.stamp!, slot })
    return windowFor(call, passed.query, slot)
  }

  /** A request kept under the current stamp: only the rate limit is counted again. */
  function answerKept(call: AdsCall, kept: KeptAdsCall): AdsAnswerOrPromise {
    const hit = limiter.hit(kept.bucket, kept.grant.rateLimit)
    if (hit instanceof Promise) return hit.then((rate) => afterKeptCount(call, kept, rate))
    return afterKeptCount(call, kept, hit)
  }

  function afterKeptCount(call: AdsCall, kept: KeptAdsCall, rate: RateLimitDecision): AdsAnswerOrPromise {
    admitWithinRate(call.headers, rate)
    return windowFor(call, kept.query, kept.slot)
  }

  function windowFor(call: AdsCall, query: AdsQuery, slot: PublishedSlot): AdsAnswerOrPromise {
    const read = reader.windowIn(slot, query.limit, query.random, query.tags)
    return read instanceof Promise ? read.then((window) => envelope(call, query, window)) : envelope(call, query, read)
  }

  function envelope(call: AdsCall, { displayKey, limit }: AdsQuery, window: AdWindow): AdsAnswer {
    // Only a slot with ads running is counted, so its label is a slot that exists.
    if (metrics && window.ads.length > 0) metrics.adsServed(displayKey, window.ads.length)
    const { request, headers } = call
    return adsAnswer(window, { limit, requestId: request.requestId, ifNoneMatch: request.headers.get('if-none-match') }, headers)
  }

  function answerCall(call: AdsCall, authorization: string | undefined): AdsAnswerOrPromise {
    const { stamp } = call
    if (stamp !== undefined && authorization !== undefined) {
      call.keptKey = keptCallKey(authorization, call.origin, call.request.target)
      const kept = call.keptKey === undefined ? undefined : keptCalls.get(call.keptKey, stamp)
      if (kept !== undefined) return answerKept(call, kept)
    }
    // A kept call's path was checked already; any other's is checked before its key, as the rules go.
    call.rawDisplay = displaySegment(call.request.path)
    const authenticated = authenticate(authorization, grantFor)
    return authenticated instanceof Promise ? authenticated.then((grant) => afterKey(call, grant)) : afterKey(call, authenticated)
  }

  return function answerAdsRequest(request) {
    const origin = request.headers.get('origin')
    const headers: Record<string, string> = { 'X-Request-Id': request.requestId }
    if (request.method === 'OPTIONS') return { status: 204, headers: { ...headers, ...preflightHeaders(origin) }, body: null }
    Object.assign(headers, corsHeaders(origin))
    try {
      if (request.method !== 'GET' && request.method !== 'HEAD') throw new MethodNotAllowed('method not allowed; the ads API answers GET')
      // Read before the key and the slot: a write after it moves the stamp past the call kept under it.
      const call: AdsCall = { request, headers, origin, stamp: readStamp?.(), keptKey: undefined, rawDisplay: undefined }
      const answered = answerCall(call, request.headers.get('authorization'))
      return answered instanceof Promise ? answered.catch((error: unknown) => errorAnswer(error, headers, request.requestId)) : answered
    } catch (error) {
      return errorAnswer(error, headers, request.requestId)
    }
  }
}

/** One request on its way through the steps. */
interface AdsCall {
  request: AdsRequestLine
  /** The answer's headers so far. */
  headers: Record<string, string>
  origin: string | undefined
  /** The change stamp when the request came; `undefined` for a database without one (nothing is kept). */
  stamp: string | undefined
  /** What the request is kept by once it passes, when it may be kept. */
  keptKey: string | undefined
  /** The raw slug of `/{display}`, once the path is checked. */
  rawDisplay: string | undefined
}

type AdsQuery = ReturnType<typeof parseAdsRequest>

/** The raw slug of `/{display}`, `undefined` for no slug; deeper paths are no endpoint. */
function displaySegment(path: string): string | undefined {
  if (path === '' || path === '/') return undefined
  const segment = path.slice(1)
  if (segment.includes('/')) throw new RouteNotFound(`no endpoint at ${ADS_PATH}${path}; use GET /ads or GET /ads/{display}`)
  return segment
}
