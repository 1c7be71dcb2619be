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
  return server
}
