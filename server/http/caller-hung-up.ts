/**
 * @module Tells a caller that hung up in the middle of its request body
 * from a server fault: the error that reading the body then raises is the
 * caller's doing, so it is answered as a bad request (to nobody) and
 * logged as information, not as a server error.
 */
import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'

/**
 * True when the `node:http` request behind `c` was cut off before its body ended.
 *
 * @example
 * if (callerHungUp(c)) return c.json({ … }, 400)
 */
export function callerHungUp(c: Context): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  return incoming !== undefined && incoming.destroyed && !incoming.complete
}
