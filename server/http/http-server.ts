/**
 * @module The `node:http` server `serve` runs, with time limits in seconds
 * rather than Node's minutes: a caller trickling its headers or its body
 * (a slowloris, a stalled upload) is answered 408 and disconnected instead
 * of holding a connection and its memory for five minutes.
 */
import { createServer, type RequestListener, type Server } from 'node:http'

/** Whole seconds a request may take, headers and body, unless `SVC_REQUEST_TIMEOUT_SECONDS` says otherwise. */
export const DEFAULT_REQUEST_TIMEOUT_SECONDS = 30
/** Headers come in one packet from every real client; ten seconds is generous. */
const HEADERS_TIMEOUT_SECONDS = 10
/**
 * How long an idle kept-alive connection stays open: longer than the 60 s
 * that nginx's upstream keep-alive and cloud load balancers keep theirs.
 * With Node's 5 s, svc closed a connection just as a proxy (or a test's
 * HTTP client) sent the next request on it, and that request failed with
 * a reset (a 502 behind a proxy). An idle connection costs a socket and a
 * few kilobytes; at shutdown, `closeGracefully` closes each as soon as it is idle.
 */
const KEEP_ALIVE_TIMEOUT_SECONDS = 65

/**
 * Makes the server; Node checks its connections against the limits every second.
 *
 * @example
 * const server = httpServer(listener, { requestTimeoutSeconds: 30 })
 */
export function httpServer(
  listener: RequestListener,
  { requestTimeoutSeconds = DEFAULT_REQUEST_TIMEOUT_SECONDS }: { requestTimeoutSeconds?: number } = {},
): Server {
  const server = createServer({ connectionsCheckingInterval: 1000 }, listener)
  server.requestTimeout = requestTimeoutSeconds * 1000
  server.headersTimeout = Math.min(HEADERS_TIMEOUT_SECONDS, requestTimeoutSeconds) * 1000
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_SECONDS * 1000
  return server
}

/** How often a closing server looks for connections its last requests left idle. */
const IDLE_SWEEP_MS = 50

/**
 * Stops taking connections and resolves once every connection is gone: the
 * requests in flight are answered, and each connection is closed as soon
 * as it is idle. `close()` alone closes only the connections idle at that
 * moment; one whose answer was still being written would be kept open for
 * the keep-alive minute.
 *
 * @example
 * process.once('SIGTERM', () => void closeGracefully(server).then(() => db.destroy()))
 */
export function closeGracefully(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS)
    server.close(() => {
      clearInterval(sweep)
      resolve()
    })
    server.closeIdleConnections()
  })
}
