/**
 * @module The ads API as a Hono sub-app, mounted at `/ads`: adapts Hono's
 * request to the framework-free `adsApiHandler`.
 */
import { Hono } from 'hono'
import type { RequestIdVariables } from 'hono/request-id'
import { ADS_PATH, type AdsRequestLine } from './answer-ads-request.js'
import { isAdsRequest } from './ads-fast-path.js'
import type { AdsAnswer } from './respond.js'

/**
 * Builds the ads API's sub-app.
 *
 * @example
 * app.route('/ads', adsApi(adsApiHandler({ db, limiter: fixedWindowRateLimiter() })))
 */
export function adsApi(answerAdsRequest: (request: AdsRequestLine) => Promise<AdsAnswer>): Hono<{ Variables: RequestIdVariables }> {
  const api = new Hono<{ Variables: RequestIdVariables }>()
  api.all('/*', async (c) => {
    const url = c.req.url
    const pathStart = url.indexOf('/', url.indexOf('//') + 2)
    const queryStart = url.indexOf('?', pathStart)
    const path = queryStart === -1 ? url.slice(pathStart) : url.slice(pathStart, queryStart)
    // The router matched the decoded path; the API reads the path as sent, as the fast path does,
    // so a target like `/%61ds` that only decodes to the API's path is not one of its requests.
    if (!isAdsRequest(url.slice(pathStart))) return c.json({ status: 'error', code: 404, message: `no page at ${path}` }, 404)
    const answer = await answerAdsRequest({
      method: c.req.method,
      path: path.slice(ADS_PATH.length),
      query: queryStart === -1 ? '' : url.slice(queryStart + 1),
      headers: { get: (name) => c.req.header(name) },
      requestId: c.get('requestId'),
    })
    const body = typeof answer.body === 'string' || answer.body === null ? answer.body : new Uint8Array(answer.body)
    return new Response(body, { status: answer.status, headers: answer.headers })
  })
  return api
}
