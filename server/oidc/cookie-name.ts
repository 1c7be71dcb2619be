/**
 * @module The names of the identity provider's own cookies. On an https
 * issuer they take the `__Host-` prefix, which browsers accept only from a
 * secure origin with `Secure`, `Path=/` and no `Domain`: a page on a
 * sibling subdomain can then neither plant nor overwrite them (cookie
 * tossing, session fixation). Over plain http (local development) the
 * prefix would be refused, so the bare name is used.
 */
import type { Provider } from './provider.js'

/**
 * The cookie's name for this issuer.
 *
 * @example
 * providerCookieName({ issuer: 'https://id.example' }, 'svc_session') // '__Host-svc_session'
 */
export function providerCookieName(provider: Pick<Provider, 'issuer'>, name: string): string {
  return provider.issuer.startsWith('https:') ? `__Host-${name}` : name
}
