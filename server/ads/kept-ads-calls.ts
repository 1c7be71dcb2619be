/**
 * @module What an ads API request needs, kept by its `Authorization`
 * header, `Origin` and request target once such a request has passed every
 * check: the key's grant, its rate-limit bucket's name, the parsed query
 * and the slot. Partner pages send the same few requests over and over, so
 * the next one takes one map lookup where it took five (the key's grant,
 * the parsed query, the bucket's name built, the slot's key built and
 * looked up). An entry holds only under the change stamp it was made at: a
 * revoked key, an archived organisation or a changed ad moves the stamp,
 * and the next request goes the whole way again. Capped, oldest out first,
 * so a caller inventing queries or origins cannot grow it; and only short
 * requests are kept, so that a caller padding each one cannot make the
 * cap's worth of entries large.
 */
import type { ApiKeyGrant } from '../api-keys/api-keys.js'
import { type KeptUnderStamp, keptUnderStamp } from '../kept-under-stamp.js'
import type { AdsRequest } from './ads-request.js'
import type { PublishedSlot } from './published-ads-reader.js'

/** One request's checks, passed, and what answering it takes. */
export interface KeptAdsCall {
  /** The change stamp the grant and slot were read at or after. */
  stamp: string
  grant: ApiKeyGrant
  /** The rate-limit bucket the request spends (`rateLimitBucket`). */
  bucket: string
  query: Readonly<AdsRequest>
  slot: PublishedSlot
}

export type KeptAdsCalls = KeptUnderStamp<KeptAdsCall>

/** Calls kept at most: a few MB. */
export const MAX_KEPT_ADS_CALLS = 10_000

/**
 * The longest key a call is kept by, in characters. A partner's request
 * (its `Bearer` key, a path and query, an origin) takes a few hundred; a
 * publishable key is public and the ads API ignores parameters it does not
 * know, so without a bound a stranger could pad 10,000 requests to Node's
 * 16 KB of headers each and hold 160 MB here. A longer request is answered
 * the whole way, every time.
 */
export const MAX_KEPT_CALL_KEY_LENGTH = 1024

/**
 * The key a call is kept by, or `undefined` when the request is too long
 * to keep ({@link MAX_KEPT_CALL_KEY_LENGTH}). The parts cannot run into
 * each other: none of them may hold a line feed (Node refuses one in a
 * request line or a header), and a request without `Origin` has one
 * separator fewer than one with an empty `Origin`, which the key's origin
 * list may refuse.
 *
 * @example
 * keptCallKey('Bearer svc_pk_…', undefined, '/ads/home?limit=3')
 */
export function keptCallKey(authorization: string, origin: string | undefined, target: string): string | undefined {
  const length = authorization.length + target.length + (origin === undefined ? 1 : origin.length + 2)
  if (length > MAX_KEPT_CALL_KEY_LENGTH) return undefined
  return origin === undefined ? `${authorization}\n${target}` : `${authorization}\n${target}\n${origin}`
}

/**
 * Makes an empty table of kept calls.
 *
 * @example
 * const kept = keptAdsCalls()
 * kept.keep(keptCallKey(authorization, origin, target), { stamp, grant, bucket, query, slot })
 * kept.get(keptCallKey(authorization, origin, target), stamp) // the call while the stamp stays
 */
export function keptAdsCalls(max = MAX_KEPT_ADS_CALLS): KeptAdsCalls {
  return keptUnderStamp<KeptAdsCall>(max)
}
