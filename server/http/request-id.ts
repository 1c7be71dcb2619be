/**
 * @module Request ids: every answer carries one in `X-Request-Id`. A
 * caller's own id is kept when it is safe to echo (Hono's `requestId`
 * rule), so a partner can follow one request through both systems.
 */
import { pooledRandomText } from '../random-pool.js'

const SAFE_ID = /^[\w\-=]{1,255}$/

/**
 * Makes a fresh id, `req_` and 32 hex digits.
 *
 * @example
 * newRequestId() // 'req_3f2a…'
 */
export function newRequestId(): string {
  // From the shared pool: one call into the system's generator per request would cost more than the id.
  return `req_${pooledRandomText(16, 'hex')}`
}

/**
 * The id for a request: the caller's `X-Request-Id` when safe, else a fresh one.
 *
 * @example
 * requestIdFor(req.headers['x-request-id'])
 */
export function requestIdFor(inbound: string | undefined): string {
  return inbound !== undefined && SAFE_ID.test(inbound) ? inbound : newRequestId()
}
