/**
 * @module The caller's IP address as the socket reports it (for login
 * throttling and the `account.signed_in` event), or `unknown` in-process.
 */
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * The remote address of the request's connection.
 *
 * @example
 * clientAddress(c) // '127.0.0.1'
 */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}
