/**
 * @module Measures every answered HTTP request at the edge, fast routes
 * included, labelled by its route's template rather than its path, so
 * that `/console/api/ads/ADS0000000042` and a scanner's ten thousand
 * made-up paths make one series each (`/console/api/ads/:code`,
 * `unmatched`). A fast route names its template when the edge dispatches
 * to it; a Hono route's is Hono's matched route path, which a middleware
 * writes on the `node:http` answer for the edge to read when it finishes.
 */
import type { ServerResponse } from 'node:http'
import type { HttpBindings } from '@hono/node-server'
import type { MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import type { SvcMetrics } from './svc-metrics.js'

/** The route label of a request no route took: an unknown path, or one refused at the edge before routing. */
export const UNMATCHED = 'unmatched'

const ROUTE_TEMPLATE = Symbol('svc.routeTemplate')

type Routed = ServerResponse & { [ROUTE_TEMPLATE]?: string }

/**
 * Names the template of the route answering `res`.
 *
 * @example
 * setRouteTemplate(res, '/ads/:display')
 */
export function setRouteTemplate(res: ServerResponse, template: string): void {
  ;(res as Routed)[ROUTE_TEMPLATE] = template
}

const STARTED = Symbol('svc.requestStarted')

type Measured = Routed & { [STARTED]?: number }

/**
 * The function that counts each request and times it from then until its
 * answer is written; the template is read then, once the route that
 * answered is known. A request whose caller hung up before the answer is
 * not counted. Made once per listener: the answer carries its start time
 * and one `finish` listener serves every answer, so a request makes no
 * closure.
 *
 * @example
 * const measure = requestMeasurer(metrics)
 * measure(res) // per request, as it arrives
 */
export function requestMeasurer(metrics: SvcMetrics): (res: ServerResponse) => void {
  function countAnswer(this: Measured): void {
    metrics.httpRequest(this[ROUTE_TEMPLATE] ?? UNMATCHED, this.req.method ?? '', this.statusCode, (performance.now() - this[STARTED]!) / 1000)
  }
  return function measureRequest(res) {
    ;(res as Measured)[STARTED] = performance.now()
    res.on('finish', countAnswer)
  }
}

/**
 * The Hono middleware that writes the matched route's template on the
 * `node:http` answer. The route that answered is the one Hono last
 * dispatched to; when that is a middleware (`app.use`) that passed the
 * request on and the answer is a 404, no route took it.
 *
 * @example
 * app.use(recordRouteTemplate)
 */
export const recordRouteTemplate: MiddlewareHandler = async function recordRouteTemplate(c, next) {
  await next()
  const res = (c.env as Partial<HttpBindings> | undefined)?.outgoing as ServerResponse | undefined
  // In-process `app.request()` has no node answer, and no edge to count it.
  if (res === undefined) return
  const route = matchedRoutes(c)[c.req.routeIndex]
  setRouteTemplate(res, route === undefined || (route.method === 'ALL' && c.res.status === 404) ? UNMATCHED : route.path)
}
