/**
 * @module `POST /ads/events` straight on `node:http`, like the ads API's
 * fast path: every page view that shows an ad sends a batch, so the
 * endpoint stays off Hono's fetch adapter. The body is read here, up to the
 * endpoint's own small limit.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { BodyTooLarge, InvalidParameter } from '../ads/errors.js'
import type { AdsAnswer } from '../ads/respond.js'
import { BODY_CUT_OFF } from '../refusal.js'
import { AD_EVENTS_PATH, type AdEventsRequest } from './answer-ad-events.js'
import { MAX_EVENTS_BODY_BYTES } from './event-batch.js'

/**
 * True for request targets the events endpoint answers: `/ads/events`, with or without a query.
 *
 * @example
 * isAdEventsRequest('/ads/events') // true
 */
export function isAdEventsRequest(target: string): boolean {
  return target.startsWith(AD_EVENTS_PATH) && (target.length === AD_EVENTS_PATH.length || target.charAt(AD_EVENTS_PATH.length) === '?')
}

/**
 * Answers one `node:http` request with the events handler.
 *
 * @example
 * if (isAdEventsRequest(req.url!)) await answerAdEventsOverNode(answerEvents, req, res, requestId)
 */
export async function answerAdEventsOverNode(
  answerAdEvents: (request: AdEventsRequest) => Promise<AdsAnswer>,
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
): Promise<void> {
  const { status, headers, body } = await answerAdEvents({
    method: req.method!,
    headers: { get: (name) => req.headers[name] as string | undefined },
    requestId,
    body: () => bodyText(req),
  })
  // A body left unread (over the limit, cut off) leaves the connection unusable for a next request.
  if (!req.complete) headers.Connection = 'close'
  if (body !== null) headers['Content-Length'] = String(Buffer.byteLength(body))
  res.writeHead(status, headers)
  res.end(body ?? undefined)
}

async function bodyText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > MAX_EVENTS_BODY_BYTES) throw new BodyTooLarge(`the body is over ${MAX_EVENTS_BODY_BYTES} bytes`)
      chunks.push(chunk)
    }
  } catch (error) {
    if (error instanceof BodyTooLarge) throw error
    throw new InvalidParameter(BODY_CUT_OFF)
  }
  return Buffer.concat(chunks).toString('utf8')
}
