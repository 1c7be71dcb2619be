/**
 * @module Web origins as keys and organisations list them: parsed from
 * whatever an operator types into the canonical `scheme://host[:port]`.
 */

import { InvalidInput } from '../invalid-input.js'

/**
 * Canonicalises an origin (throwing {@link InvalidInput} for `origins`), refusing anything with a path, query or
 * credentials so a list entry cannot silently mean something else.
 *
 * @example
 * canonicalOrigin('HTTPS://Example.com:443') // 'https://example.com'
 */
export function canonicalOrigin(input: string): string {
  let url: URL
  try {
    url = new URL(input)
  } catch {
    throw new InvalidInput('origins', `origin ${JSON.stringify(input)} is not a URL; write it as https://host[:port]`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidInput('origins', `origin ${JSON.stringify(input)} must use http or https`)
  }
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    throw new InvalidInput('origins', `origin ${JSON.stringify(input)} must be only scheme, host and port`)
  }
  return url.origin
}
