/**
 * @module The metrics port (`SVC_METRICS_PORT`): a second listener, bound
 * to 127.0.0.1 whatever `--host` says, that serves `GET /metrics` and
 * nothing else, without a token: a Prometheus agent or a node exporter's
 * textfile collector on the same machine scrapes it, and nothing from
 * outside can reach it.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { answerScrape } from './metrics-endpoint.js'
import type { SvcMetrics } from './svc-metrics.js'

/** Where the metrics port listens: loopback only. */
export const METRICS_HOST = '127.0.0.1'

/** The metrics listener, once it listens. */
export interface ScrapeListener {
  /** Where it listens: always 127.0.0.1. */
  address: AddressInfo
  /** `http://127.0.0.1:PORT/metrics`. */
  url: string
  /** Stops listening; resolves once the connections are closed. */
  close(): Promise<void>
}

/**
 * Starts the metrics listener on `port` (0 picks a free one) and resolves
 * once it listens; rejects as `listen` fails (a port already taken).
 *
 * @example
 * const scrapes = await listenForScrapes(metrics, 9464)
 * scrapes.url // 'http://127.0.0.1:9464/metrics'
 */
export async function listenForScrapes(metrics: SvcMetrics, port: number): Promise<ScrapeListener> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]
    const json = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }
    if (path !== '/metrics')
      return void res
        .writeHead(404, json)
        .end(JSON.stringify({ status: 'error', code: 404, message: `no page at ${path}; this port serves /metrics` }))
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return void res
        .writeHead(405, { ...json, Allow: 'GET, HEAD' })
        .end(JSON.stringify({ status: 'error', code: 405, message: 'method not allowed; /metrics answers GET' }))
    answerScrape(metrics, undefined, undefined).then(
      ({ status, headers, body }) => res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : body),
      () => res.writeHead(500, json).end('{"status":"error","code":500,"message":"the metrics could not be read"}'),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, METRICS_HOST, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  return {
    address,
    url: `http://${address.address}:${address.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
