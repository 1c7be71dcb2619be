/**
 * @module Writes the ads API's answers: the envelope of the spec with its
 * caching headers (`Cache-Control`, `ETag`, `304` on `If-None-Match`), and
 * the error envelope, which for anything but a typed error reveals nothing.
 */
import type { AdsError, AdsNotFound } from '../../shared/ads-wire.js'
import type { AdWindow } from './published-ads-reader.js'
import { matchesIfNoneMatch } from '../http/if-none-match.js'
import { exposureOf } from '../refusal.js'

/** An answer of the ads API, independent of the HTTP framework that sends it. */
export interface AdsAnswer {
  status: number
  headers: Record<string, string>
  /** `null` for 204 and 304. */
  body: Buffer | string | null
}

/** `Cache-Control` for each max-age up to a minute, made once rather than per answer. */
const CACHEABLE_FOR = Array.from({ length: 61 }, (_, seconds) => `public, max-age=${seconds}`)
const SINGLE_AD_HEAD = Buffer.from('{"status":"success","code":200,"data":')
const AD_LIST_HEAD = Buffer.from('{"status":"success","code":200,"data":[')
const COMMA = Buffer.from(',')
const NO_ADS_FOUND = JSON.stringify({ status: 'info', code: 404, message: 'No ads found' } satisfies AdsNotFound)

function answer(status: number, headers: Record<string, string>, body: Buffer | string | null, cacheControl: string): AdsAnswer {
  headers['Content-Type'] = 'application/json'
  headers['Cache-Control'] = cacheControl
  // Answers differ by key and by origin, so a shared cache must keep them
  // apart despite `public`.
  headers.Vary = 'Authorization, Origin'
  return { status, headers, body }
}

/**
 * Answers with a window of ads: one object when the effective limit is 1,
 * else an array; or the spec's `No ads found` info when there are none.
 *
 * @example
 * adsAnswer(await reader.window(org, slot, 12, false), { limit: 12, requestId, ifNoneMatch }, headers)
 */
export function adsAnswer(
  { ads, etag, maxAge, kept = false }: AdWindow,
  { limit, requestId, ifNoneMatch }: { limit: number; requestId: string; ifNoneMatch: string | undefined },
  headers: Record<string, string>,
): AdsAnswer {
  // Never cached past the next start or end in the slot, which may change the answer, the empty one included.
  const cacheable = CACHEABLE_FOR[maxAge] ?? `public, max-age=${maxAge}`
  if (ads.length === 0) return answer(404, headers, NO_ADS_FOUND, cacheable)
  headers.ETag = etag
  if (matchesIfNoneMatch(ifNoneMatch, etag)) return answer(304, headers, null, cacheable)
  // The ads arrive serialised, so the envelope is assembled around them
  // rather than parsed and serialised again; keys are in AdsSuccess order.
  if (limit === 1) {
    const body = Buffer.concat([SINGLE_AD_HEAD, ads[0]!, Buffer.from(`,"count":1,"request_id":${JSON.stringify(requestId)}}`)])
    return answer(200, headers, body, cacheable)
  }
  let body = kept ? KEPT_LIST_BODIES.get(ads) : undefined
  if (body === undefined) {
    const parts: Buffer[] = [AD_LIST_HEAD]
    for (const [index, ad] of ads.entries()) {
      if (index > 0) parts.push(COMMA)
      parts.push(ad)
    }
    parts.push(Buffer.from(`],"count":${ads.length}}`))
    body = Buffer.concat(parts)
    if (kept) KEPT_LIST_BODIES.set(ads, body)
  }
  return answer(200, headers, body, cacheable)
}

/** A list answer's body (which names no request) by the kept array of its ads; it goes when they do. */
const KEPT_LIST_BODIES = new WeakMap<Buffer[], Buffer>()

/**
 * Answers a failure with `{status: "error", code, message}`, as
 * {@link exposureOf} decides: refusals keep their status, headers and
 * message; svc's own faults say only the request id.
 *
 * @example
 * catch (error) { return errorAnswer(error, headers, requestId) }
 */
export function errorAnswer(error: unknown, headers: Record<string, string>, requestId: string): AdsAnswer {
  const exposure = exposureOf(error, { requestId })
  return answer(exposure.status, Object.assign(headers, exposure.headers), envelope(exposure.status, exposure.message), 'no-store')
}

function envelope(code: number, message: string): string {
  return JSON.stringify({ status: 'error', code, message } satisfies AdsError)
}
