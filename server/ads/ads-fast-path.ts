/**
 * @module The ads API's one route: the edge's fast route that answers
 * `/ads` straight on `node:http`, bypassing Hono, because the ads endpoint
 * is the hot path partner pages hit on every view and Hono's fetch adapter
 * alone costs about a quarter of a bare server's throughput. It reads the
 * request line for `adsApiHandler` and writes its answer.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { ADS_PATH, type AdsAnswerOrPromise, type AdsRequestLine } from './answer-ads-request.js'
import type { AdsAnswer } from './respond.js'

/**
 * True for request targets the ads API answers: `/ads`, `/ads/…`, `/ads?…`.
 * `/ads/events` is under it too, so the edge asks the ad-events route first.
 *
 * @example
 * isAdsRequest('/ads/home?limit=3') // true
 */
export function isAdsRequest(target: string): boolean {
  if (!target.startsWith(ADS_PATH)) return false
  const next = target.charAt(ADS_PATH.length)
  return next === '' || next === '/' || next === '?'
}

/** Node's parsed headers behind the `get()` the handlers read them with. */
export class NodeHeaders {
  constructor(private readonly headers: IncomingHttpHeaders) {}

  get(name: string): string | undefined {
    const value = this.headers[name]
    return Array.isArray(value) ? value.join(', ') : value
  }
}

/**
 * Answers one `node:http` request with the ads API handler: at once when
 * the handler answered at once, else once its promise settles (returned,
 * for the edge to catch what it rejects with).
 *
 * @example
 * const adsRoute: FastRoute = {
 *   matches: (req) => isAdsRequest(req.url ?? ''),
 *   answer: (req, res, id) => answerAdsOverNode(answerAds, req, res, id),
 *   failure: (error, id) => errorAnswer(error, {}, id),
 * }
 */
export function answerAdsOverNode(
  answerAdsRequest: (request: AdsRequestLine) => AdsAnswerOrPromise,
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
): Promise<void> | undefined {
  const target = req.url!
  const queryStart = target.indexOf('?')
  const answered = answerAdsRequest({
    method: req.method!,
    target,
    path: (queryStart === -1 ? target : target.slice(0, queryStart)).slice(ADS_PATH.length),
    query: queryStart === -1 ? '' : target.slice(queryStart + 1),
    headers: new NodeHeaders(req.headers),
    requestId,
  })
  if (answered instanceof Promise) return answered.then((answer) => writeAnswer(req, res, answer))
  writeAnswer(req, res, answered)
  return undefined
}

function writeAnswer(req: IncomingMessage, res: ServerResponse, { status, headers, body }: AdsAnswer): void {
  if (body !== null) headers['Content-Length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.length)
  res.writeHead(status, headers)
  res.end(req.method === 'HEAD' || body === null ? undefined : body)
}
