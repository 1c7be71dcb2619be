/**
 * @module `POST /ads/events` straight on `node:http`, like the ads API's
 * fast path: every page view that shows an ad sends a batch, so the
 * endpoint stays off Hono's fetch adapter. The body is read here, up to the
 * endpoint's own small limit.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { BodyTooLarge, InvalidParameter } from '../ads/errors.js'
import type { AdsAnswer } from '../ads/respond.js'
import type { AdsAnswerOrPromise } from '../ads/answer-ads-request.js'
import { BODY_CUT_OFF } from '../refusal.js'
import { AD_EVENTS_PATH, type AdEventsRequest } from './answer-ad-events.js'
import { MAX_EVENTS_BODY_BYTES } from './event-batch.js'
import { NodeHeaders } from '../ads/ads-fast-path.js'
import { type BodyLimits, nodeBodyText } from '../http/node-body-text.js'

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
 * Answers one `node:http` request with the events handler, once the
 * handler's answer is there (returned, for the edge to catch what it
 * rejects with); a refusal made before the body is read is written at once.
 *
 * @example
 * if (isAdEventsRequest(req.url!)) answerAdEventsOverNode(answerEvents, req, res, requestId)
 */
export function answerAdEventsOverNode(
  answerAdEvents: (request: AdEventsRequest) => AdsAnswerOrPromise,
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
): Promise<void> | undefined {
  const answered = answerAdEvents(new NodeEventsRequest(req, requestId))
  if (answered instanceof Promise) return answered.then((answer) => writeAnswer(req, res, answer))
  writeAnswer(req, res, answered)
  return undefined
}

function writeAnswer(req: IncomingMessage, res: ServerResponse, { status, headers, body }: AdsAnswer): void {
  // A body left unread (over the limit, cut off, refused before reading) leaves the connection unusable for a
  // next request; a request without one (a preflight answered at once, before Node marks it complete) leaves nothing.
  if (!req.complete && hasBody(req)) headers.Connection = 'close'
  if (body !== null) headers['Content-Length'] = String(Buffer.byteLength(body))
  res.writeHead(status, headers)
  res.end(body ?? undefined)
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length']
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
}

/** A `node:http` request as the handler reads it (a class rather than closures made per request). */
class NodeEventsRequest implements AdEventsRequest {
  readonly method: string
  readonly headers: { get(name: string): string | undefined }

  constructor(
    private readonly req: IncomingMessage,
    readonly requestId: string,
  ) {
    this.method = req.method!
    this.headers = new NodeHeaders(req.headers)
  }

  body(): Promise<string> {
    return bodyText(this.req)
  }
}

/** A batch's body: a refusal is the ads API's 413 or 400. */
const EVENTS_BODY_LIMITS: BodyLimits = {
  maxBytes: MAX_EVENTS_BODY_BYTES,
  tooLarge: () => new BodyTooLarge(`the body is over ${MAX_EVENTS_BODY_BYTES} bytes`),
  cutOff: () => new InvalidParameter(BODY_CUT_OFF),
}

/** Reads the body with the stream's own events, which cost less than an async iterator per request. */
function bodyText(req: IncomingMessage): Promise<string> {
  return nodeBodyText(req, EVENTS_BODY_LIMITS)
}
