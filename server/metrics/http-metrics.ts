/**
 * @module Measures every answered HTTP request at the edge, fast routes
 * included, labelled by its route's template rather than its path, so
 * that `/console/api/ads/ADS0000000042` and a scanner's ten thousand
 * made-up paths make one series each (`/console/api/ads/:code`,
 * `unmatched`). A fast route names its template when the edge dispatches
 * to it; a Hono route's is Hono's matched route path, which a middleware
 * writes on the `node:http` answer for the edge to read when it finishes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
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

/** How the edge counts and times requests, made once per listener. */
export interface RequestMeasurer {
  /**
   * Counts a request when its answer is written (`finish`), by the
   * template then on the answer: for the app's routes and the edge's own
   * refusals. A request whose caller hung up before the answer is not counted.
   */
  whenAnswered(res: ServerResponse, started: number): void
  /**
   * Counts a request a fast route has answered, now: no listener and
   * nothing written on the answer, which on the ads API cost more than
   * the rest of the count. A caller gone before the answer is not
   * counted; an answer not yet written is counted when it is.
   */
  answered(route: string, req: IncomingMessage, res: ServerResponse, started: number): void
}

/**
 * Counts and times requests from `started` (`performance.now()` as the
 * request arrived) until their answer is written.
 *
 * @example
 * const measure = requestMeasurer(metrics)
 * const started = performance.now()
 * measure.whenAnswered(res, started) // or, once a fast route has answered: measure.answered('/ads/:display', req, res, started)
 */
export function requestMeasurer(metrics: SvcMetrics): RequestMeasurer {
  // One listener for every answer, which carries its start time: a request makes no closure.
  function countAnswer(this: Measured): void {
    metrics.httpRequest(this[ROUTE_TEMPLATE] ?? UNMATCHED, this.req.method ?? '', this.statusCode, (performance.now() - this[STARTED]!) / 1000)
  }
  function whenAnswered(res: ServerResponse, started: number): void {
    ;(res as Measured)[STARTED] = started
    res.on('finish', countAnswer)
  }
  return {
    whenAnswered,
    answered(route, req, res, started) {
      if (!res.writableEnded) {
        setRouteTemplate(res, route)
        return whenAnswered(res, started)
      }
      if (req.socket.destroyed) return
      metrics.httpRequest(route, req.method ?? '', res.statusCode, (performance.now() - started) / 1000)
    },
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
