/**
 * @module The rule for a client's `backchannel_logout_uri` (OpenID Connect
 * Back-Channel Logout 1.0 §2.2): an absolute URL without a fragment, https,
 * or http on loopback and localhost for development as for redirect URIs.
 * Whether svc may reach its address is the webhook sender's rule
 * (`webhooks/save-target.ts`), checked by the callers that know the setting.
 */
import { InvalidInput } from '../invalid-input.js'
import { webUrl } from './web-url.js'

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost'])

/**
 * `value` as the URL parser writes it, or an {@link InvalidInput} for `field`.
 *
 * @example
 * backchannelLogoutUri('backchannel_logout_uri', 'https://shop.example/backchannel-logout')
 */
export function backchannelLogoutUri(field: string, value: string): string {
  const url = webUrl(field, value)
  if (new URL(url).protocol === 'http:' && !LOOPBACK_HOSTS.has(new URL(url).hostname))
    throw new InvalidInput(field, `${field} may use http only on loopback (127.0.0.1, [::1]) or localhost; use https`)
  return url
}
