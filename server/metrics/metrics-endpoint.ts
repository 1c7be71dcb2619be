/**
 * @module `GET /metrics`: the metrics in Prometheus's text format. On the
 * main port it answers only `Authorization: Bearer <SVC_METRICS_TOKEN>`
 * (compared in constant time) and 401 with `WWW-Authenticate: Bearer`
 * otherwise, since the counts say how busy the service is and which
 * slots exist; on the loopback-only metrics port (`metrics-port.ts`) it
 * asks for nothing, as only this machine can reach it.
 */
import { Hono } from 'hono'
import { sameSecret } from '../http/constant-time.js'
import type { SvcMetrics } from './svc-metrics.js'

/** An answer of the metrics endpoint, whichever server sends it. */
export interface ScrapeAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

const BEARER = /^Bearer[ ]+(\S+)\s*$/i

/**
 * Answers one scrape: the metrics to the right token (or to anyone when
 * `token` is `undefined`), a 401 otherwise.
 *
 * @example
 * const { status, headers, body } = await answerScrape(metrics, req.headers.authorization, token)
 */
export async function answerScrape(
  metrics: SvcMetrics,
  authorization: string | undefined,
  token: string | undefined,
): Promise<ScrapeAnswer> {
  if (token !== undefined) {
    const presented = BEARER.exec(authorization ?? '')?.[1]
    if (presented === undefined || !sameSecret(presented, token)) {
      return {
        status: 401,
        headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'WWW-Authenticate': 'Bearer realm="metrics"' },
        body: JSON.stringify({
          status: 'error',
          code: 401,
          message: 'send the metrics token as Authorization: Bearer <SVC_METRICS_TOKEN>',
        }),
      }
    }
  }
  return { status: 200, headers: { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' }, body: await metrics.scrape() }
}

/**
 * The endpoint on the main port, mounted at `/metrics` only when a token is set.
 *
 * @example
 * if (metrics && metricsToken) app.route('/metrics', metricsEndpoint(metrics, metricsToken))
 */
export function metricsEndpoint(metrics: SvcMetrics, token: string): Hono {
  const app = new Hono()
  app.get('/', async (c) => {
    const { status, headers, body } = await answerScrape(metrics, c.req.header('Authorization'), token)
    return c.body(body, status as 200, headers)
  })
  return app
}
