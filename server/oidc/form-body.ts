/**
 * @module Reads the `application/x-www-form-urlencoded` bodies the token,
 * revocation and introspection endpoints take, refusing other types,
 * oversized bodies and repeated parameters (RFC 6749 §3.2: parameters
 * must not repeat).
 */
import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import { InvalidRequest } from './errors.js'

const MAX_BODY_BYTES = 64 * 1024

/**
 * The form, or `invalid_request`.
 *
 * @example
 * const form = await readForm(c, ['grant_type', 'code'])
 */
export async function readForm(c: Context, singleValued: readonly string[]): Promise<URLSearchParams> {
  if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new InvalidRequest('the body must be application/x-www-form-urlencoded')
  }
  const form = new URLSearchParams(await bodyText(c))
  for (const name of singleValued) if (form.getAll(name).length > 1) throw new InvalidRequest(`${name} must be given once`)
  return form
}

/**
 * The body as text. Under `@hono/node-server` it is read straight from
 * Node's request stream: building a web `Request` body stream costs more
 * than the rest of a refresh grant's own work.
 */
async function bodyText(c: Context): Promise<string> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  if (!incoming) {
    const text = await c.req.text()
    if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new InvalidRequest('the body is too large')
    return text
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of incoming as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) throw new InvalidRequest('the body is too large')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}
