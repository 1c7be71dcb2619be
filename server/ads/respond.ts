/**
 * @module Writes the ads API's answers: the envelope of the spec with its
 * caching headers (`Cache-Control`, `ETag`, `304` on `If-None-Match`), and
 * the error envelope, which for anything but a typed error reveals nothing.
 */
import type { AdsError, AdsNotFound } from '../../shared/ads-wire.js'
import { AdsApiError } from './errors.js'
import type { AdWindow } from './published-ads-reader.js'
import { matchesIfNoneMatch } from '../http/if-none-match.js'
import { isUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../db/unstorable-text.js'
import { log } from '../log.js'

/** An answer of the ads API, independent of the HTTP framework that sends it. */
export interface AdsAnswer {
  status: number
  headers: Record<string, string>
  /** `null` for 204 and 304. */
  body: Buffer | string | null
}

const CACHEABLE = 'public, max-age=60'
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
  { ads, etag }: AdWindow,
  { limit, requestId, ifNoneMatch }: { limit: number; requestId: string; ifNoneMatch: string | undefined },
  headers: Record<string, string>,
): AdsAnswer {
  if (ads.length === 0) return answer(404, headers, NO_ADS_FOUND, CACHEABLE)
  headers.ETag = etag
  if (matchesIfNoneMatch(ifNoneMatch, etag)) return answer(304, headers, null, CACHEABLE)
  // The ads arrive serialised, so the envelope is assembled around them
  // rather than parsed and serialised again; keys are in AdsSuccess order.
  const parts: Buffer[] = []
  if (limit === 1) {
    parts.push(SINGLE_AD_HEAD, ads[0]!, Buffer.from(`,"count":1,"request_id":${JSON.stringify(requestId)}}`))
  } else {
    parts.push(AD_LIST_HEAD)
    for (const [index, ad] of ads.entries()) {
      if (index > 0) parts.push(COMMA)
      parts.push(ad)
    }
    parts.push(Buffer.from(`],"count":${ads.length}}`))
  }
  return answer(200, headers, Buffer.concat(parts), CACHEABLE)
}

/**
 * Answers a failure with `{status: "error", code, message}`: typed errors
 * keep their status, headers and message; a busy database is a 503 worth
 * retrying; anything else is a 500 whose details go to the log under the
 * request id, never to the client.
 *
 * @example
 * catch (error) { return errorAnswer(error, headers, requestId) }
 */
export function errorAnswer(error: unknown, headers: Record<string, string>, requestId: string): AdsAnswer {
  if (error instanceof AdsApiError)
    return answer(error.status, Object.assign(headers, error.headers), envelope(error.status, error.message), 'no-store')
  if (isUnstorableText(error)) return answer(400, headers, envelope(400, UNSTORABLE_TEXT_MESSAGE), 'no-store')
  const { message, stack, code } = error as { message?: string; stack?: string; code?: unknown }
  log('error', message ?? String(error), { request_id: requestId, stack })
  if (code === 'SQLITE_BUSY') {
    headers['Retry-After'] = '1'
    return answer(503, headers, envelope(503, `service busy; retry shortly (request ${requestId})`), 'no-store')
  }
  return answer(500, headers, envelope(500, `internal error; quote request ${requestId} when contacting support`), 'no-store')
}

function envelope(code: number, message: string): string {
  return JSON.stringify({ status: 'error', code, message } satisfies AdsError)
}
