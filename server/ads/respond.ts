/**
 * @module Writes the ads API's answers: the envelope of the spec, its
 * caching headers (`Cache-Control`, `ETag`, `304` on `If-None-Match`), and
 * one error handler that turns typed errors into the error envelope and
 * anything else into a 5xx that reveals nothing.
 */
import type { Context, ErrorHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AdsError, AdsNotFound } from '../../shared/ads-wire.js'
import type { AdsEnv } from './ads-env.js'
import { AdsApiError } from './errors.js'
import type { AdWindow } from './published-ads-reader.js'

const CACHEABLE = 'public, max-age=60'

function send(c: Context<AdsEnv>, status: ContentfulStatusCode | 304, body: string | null, cacheControl: string): Response {
  c.header('Content-Type', 'application/json')
  c.header('Cache-Control', cacheControl)
  // Answers differ by key and by origin, so a shared cache must keep them
  // apart despite `public`.
  c.header('Vary', 'Authorization, Origin')
  return status === 304 || body === null ? c.body(null, 304) : c.body(body, status)
}

/**
 * Answers with a window of ads: one object when the effective limit is 1,
 * else an array; or the spec's `No ads found` info when there are none.
 *
 * @example
 * return answerWithAds(c, await reader.window(org, slot, 12, false), 12)
 */
export function answerWithAds(c: Context<AdsEnv>, { ads, etag }: AdWindow, limit: number): Response {
  if (ads.length === 0) return send(c, 404, NO_ADS_FOUND, CACHEABLE)
  // The ads arrive serialised, so the envelope is assembled around them
  // rather than parsed and serialised again; keys are in AdsSuccess order.
  const body =
    limit === 1
      ? `{"status":"success","code":200,"data":${ads[0]},"count":1,"request_id":${JSON.stringify(c.get('requestId'))}}`
      : `{"status":"success","code":200,"data":[${ads.join(',')}],"count":${ads.length}}`
  c.header('ETag', etag)
  if (matchesIfNoneMatch(c.req.header('If-None-Match'), etag)) return send(c, 304, null, CACHEABLE)
  return send(c, 200, body, CACHEABLE)
}

const NO_ADS_FOUND = JSON.stringify({ status: 'info', code: 404, message: 'No ads found' } satisfies AdsNotFound)

// RFC 9110 §13.1.2: If-None-Match uses the weak comparison.
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  const opaque = etag.replace(/^W\//, '')
  return header.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag.replace(/^W\//, '') === opaque
  })
}

/**
 * Answers with the error envelope `{status: "error", code, message}`.
 *
 * @example
 * return answerWithError(c, 404, 'no endpoint at /nope')
 */
export function answerWithError(c: Context<AdsEnv>, status: ContentfulStatusCode, message: string): Response {
  const body: AdsError = { status: 'error', code: status, message }
  return send(c, status, JSON.stringify(body), 'no-store')
}

/**
 * The ads API's `onError`: exposed errors keep their status, headers and
 * message; a busy database is a 503 worth retrying; anything else is a 500
 * whose details go to the log under the request id, never to the client.
 *
 * @example
 * adsApi.onError(adsErrorHandler)
 */
export const adsErrorHandler: ErrorHandler<AdsEnv> = (error, c) => {
  if (error instanceof AdsApiError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value)
    return answerWithError(c, error.status, error.message)
  }
  const requestId = c.get('requestId')
  console.error(JSON.stringify({ level: 'error', request_id: requestId, message: error.message, stack: error.stack }))
  if ((error as { code?: unknown }).code === 'SQLITE_BUSY') {
    c.header('Retry-After', '1')
    return answerWithError(c, 503, `service busy; retry shortly (request ${requestId})`)
  }
  return answerWithError(c, 500, `internal error; quote request ${requestId} when contacting support`)
}
