/**
 * @module The HTTP edge: the one `node:http` listener every request enters,
 * which alone owns what every route shares. It fixes the request id (the
 * caller's `X-Request-Id` when safe, else a new one) for every route, the
 * app's included, writes the access log
 * line (and, with metrics on, counts and times the request by its route's
 * template, `metrics/http-metrics.ts`), refuses a declared body over the server-wide limit (or a larger
 * one of the few routes that take larger bodies), and dispatches:
 * the fast routes, declared in one table, answer straight from `node:http`;
 * everything else goes to the Hono app. What a fast route fails to answer
 * gets the last-resort answer here, in that route's own error shape (Hono
 * routes have theirs in the app's `onError`); both take {@link exposureOf}'s
 * decision of what the error exposes.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { log } from '../log.js'
import { isManagementApiPath, problemJson } from '../management-api/problem-json.js'
import { type RequestMeasurer, requestMeasurer, UNMATCHED } from '../metrics/http-metrics.js'
import type { SvcMetrics } from '../metrics/svc-metrics.js'
import { requestIdFor } from './request-id.js'

/** No request body may be larger; routes keep tighter limits of their own. */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024
/** What the refusal of a larger body says, here and in the app's limit for bodies of no declared length. */
export const BODY_TOO_LARGE = `the body is over ${MAX_REQUEST_BODY_BYTES} bytes`

/** An answer written straight to `node:http`. */
export interface NodeAnswer {
  status: number
  headers: Record<string, string>
  body: string | Buffer | null
}

/** A route answered without Hono, for speed. */
export interface FastRoute {
  /** Whether this route takes the request (cheap: every request asks). */
  matches(req: IncomingMessage): boolean
  /** Answers; a route that answered before returning returns nothing, so the hot path makes no promise. */
  answer(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> | undefined
  /** The answer, in the route's error shape, for an error the route did not answer itself. */
  failure(error: unknown, requestId: string): NodeAnswer
  /** The route's template in the metrics (`/ads/:display`). */
  route?: string
}

/** A route that takes bodies over the server-wide limit, up to a limit of its own (an image upload). */
export interface LargeBodyRoute {
  /** Whether the request is for this route (cheap: every request asks). */
  matches(req: IncomingMessage): boolean
  maxBytes: number
  /** What the refusal of a larger body says. */
  tooLarge: string
}

export interface EdgeOptions {
  /** Tried in order before the app. */
  fastRoutes: FastRoute[]
  /** Everything else: the Hono app's listener. */
  app: RequestListener
  /** One log line per answered request (`SVC_ACCESS_LOG=1`). */
  accessLog?: boolean
  /** Routes with a body limit above the server-wide one; they must enforce it on bodies of no declared length too. */
  largeBodies?: LargeBodyRoute[]
  /** Where every answered request is counted and timed, by route template; not measured without. */
  metrics?: SvcMetrics
}

/**
 * The listener a `node:http` server runs.
 *
 * @example
 * createServer(edgeListener({ fastRoutes: [adsRoute], app: getRequestListener(app.fetch) }))
 */
export function edgeListener({ fastRoutes, app, accessLog = false, largeBodies = [], metrics }: EdgeOptions): RequestListener {
  const measure = metrics && requestMeasurer(metrics)
  return (req, res) => {
    const id = requestIdFor(req.headers['x-request-id'] as string | undefined)
    const started = measure ? performance.now() : 0
    if (accessLog) logRequestWhenAnswered(req, res, id)
    const declared = Number(req.headers['content-length'] ?? 0)
    const large = declared > MAX_REQUEST_BODY_BYTES ? largeBodies.find((route) => route.matches(req)) : undefined
    if (declared > (large?.maxBytes ?? MAX_REQUEST_BODY_BYTES)) {
      if (measure) measure.whenAnswered(res, started)
      const message = large?.tooLarge ?? BODY_TOO_LARGE
      // In the shape of the family the path belongs to: the management API's problem details, else the ads envelope.
      const problem = isManagementApiPath(req.url ?? '')
      const body = problem ? problemJson(413, message, id) : JSON.stringify({ status: 'error', code: 413, message })
      const type = problem ? 'application/problem+json' : 'application/json'
      res.writeHead(413, { 'Content-Type': type, 'Cache-Control': 'no-store', Connection: 'close', 'X-Request-Id': id })
      res.end(body)
      return
    }
    for (const route of fastRoutes) {
      if (!route.matches(req)) continue
      answerFast(route, req, res, id, measure, started)
      return
    }
    if (measure) measure.whenAnswered(res, started)
    // Written into the request, so the app's request id (Hono's middleware reads the header) is this one.
    setRequestHeader(req, 'x-request-id', id)
    void app(req, res)
  }
}

/** Lets `route` answer, and answers its failure if it fails; counted (with metrics) once its answer is written. */
function answerFast(
  route: FastRoute,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  measure: RequestMeasurer | undefined,
  started: number,
): void {
  try {
    const answering = route.answer(req, res, id)
    if (answering === undefined) return measure?.answered(route.route ?? UNMATCHED, req, res, started)
    const failing = answering.catch((error: unknown) => answerFailure(res, route.failure(error, id)))
    if (measure) void failing.then(() => measure.answered(route.route ?? UNMATCHED, req, res, started))
  } catch (error) {
    answerFailure(res, route.failure(error, id))
    measure?.answered(route.route ?? UNMATCHED, req, res, started)
  }
}

function answerFailure(res: ServerResponse, { status, headers, body }: NodeAnswer): void {
  if (!res.headersSent) res.writeHead(status, headers)
  res.end(body ?? undefined)
}

/**
 * Logs one line per answered request: method, path (never the query, which
 * may carry codes and tokens), status, duration and request id.
 */
function logRequestWhenAnswered(req: IncomingMessage, res: ServerResponse, requestId: string): void {
  const started = performance.now()
  res.once('finish', () => {
    const url = req.url ?? ''
    const query = url.indexOf('?')
    log('info', 'request', {
      request_id: requestId,
      method: req.method,
      path: query < 0 ? url : url.slice(0, query),
      status: res.statusCode,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
    })
  })
}

/** Sets a request header for both readers: `req.headers` (the fast routes) and `req.rawHeaders` (Hono's adapter). */
function setRequestHeader(req: IncomingMessage, name: string, value: string): void {
  req.headers[name] = value
  // Every copy goes: Hono joins repeated headers, and the joined value would not be this one.
  const others: string[] = []
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]!.toLowerCase() !== name) others.push(req.rawHeaders[i]!, req.rawHeaders[i + 1]!)
  }
  req.rawHeaders.splice(0, req.rawHeaders.length, ...others, name, value)
}
