/**
 * @module Request ids: every answer carries one in `X-Request-Id`. A
 * caller's own id is kept when it is safe to echo (Hono's `requestId`
 * rule), so a partner can follow one request through both systems.
 */
import { randomFillSync } from 'node:crypto'

const SAFE_ID = /^[\w\-=]{1,255}$/

// Random bytes are drawn 4 KiB at a time, as randomUUID does, since one
// call into the system's generator per request costs more than the id.
const ID_BYTES = 16
const pool = Buffer.alloc(ID_BYTES * 256)
let used = pool.length

/**
 * Makes a fresh id, `req_` and 32 hex digits.
 *
 * @example
 * newRequestId() // 'req_3f2a…'
 */
export function newRequestId(): string {
  if (used === pool.length) {
    randomFillSync(pool)
    used = 0
  }
  const id = `req_${pool.toString('hex', used, used + ID_BYTES)}`
  used += ID_BYTES
  return id
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
