/**
 * @module Reads the `application/x-www-form-urlencoded` bodies the token,
 * revocation and introspection endpoints take, refusing other types and
 * repeated parameters (RFC 6749 §3.2: parameters must not repeat).
 */
import type { Context } from 'hono'
import { InvalidRequest } from './errors.js'

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
  const form = new URLSearchParams(await c.req.text())
  for (const name of singleValued) if (form.getAll(name).length > 1) throw new InvalidRequest(`${name} must be given once`)
  return form
}
