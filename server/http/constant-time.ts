/**
 * @module Compares secrets given as strings (CSRF tokens, cookie
 * signatures) in constant time. `timingSafeEqual` needs buffers of one
 * byte length, and a string's length is not its byte length once it
 * holds non-ASCII characters, so the lengths compared are the bytes'.
 */
import { timingSafeEqual } from 'node:crypto'

/**
 * True when `presented` is exactly `expected`, byte for byte, without
 * revealing through timing how much of it matched.
 *
 * @example
 * if (!sameSecret(form.csrf, session.csrf)) return refuse()
 */
export function sameSecret(presented: string, expected: string): boolean {
  const a = Buffer.from(presented)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}
