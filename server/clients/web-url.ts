/**
 * @module The rule for URLs a client registers that svc calls (its
 * webhook) or links to (its privacy policy, its terms).
 */
import { InvalidInput } from '../invalid-input.js'
import { DROPPED_BY_URL_PARSER, MAX_URI_LENGTH } from './redirect-uris.js'

/**
 * An http(s) URL svc calls (a webhook) or links to, as the URL parser
 * writes it. Refused: anything the parser would quietly change (white
 * space, control characters), credentials, fragments, over 2 KB.
 *
 * @example
 * const url = webUrl('webhook_url', 'https://shop.example/hooks')
 */
export function webUrl(field: string, value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '')
    throw new InvalidInput(field, `${field} must be an http or https URL`)
  if (DROPPED_BY_URL_PARSER.test(value)) throw new InvalidInput(field, `${field} must not contain spaces or control characters`)
  if (url.username || url.password) throw new InvalidInput(field, `${field} must not carry a user name or password`)
  if (url.hash) throw new InvalidInput(field, `${field} must not have a fragment`)
  if (value.length > MAX_URI_LENGTH) throw new InvalidInput(field, `${field} must be at most ${MAX_URI_LENGTH} characters`)
  return url.href
}
