/**
 * @module Redirect URIs: which ones a developer may register, and how a
 * request's URI is matched against them. A redirect URI is where svc sends
 * codes, and its origin is allowed to frame svc's One Tap and button pages
 * and to call FedCM, so anything loose here (a wildcard, a `;` that ends a
 * CSP directive, a `javascript:` URL) becomes a hole elsewhere. Accepted:
 * https; http only on loopback (127.0.0.1, [::1]) and localhost, or on
 * svc's own issuer (the operator chose it); an app's reverse-domain
 * private-use scheme (RFC 8252 §7.1). Every URI must be written exactly as
 * the WHATWG URL parser writes it, since requests are compared character
 * for character, with one exception: an http(s) URI whose path is empty
 * (`https://rp.example`) is its normalised form (`https://rp.example/`),
 * at registration (stored normalised) and in requests, because common
 * libraries (express-openid-connect) send their base URL that way and
 * the two name the same page. Matching is exact, except that a native
 * client's loopback IP URI takes any port (RFC 8252 §7.3); `localhost`
 * does not (§8.3). A URI stored before these rules that breaks them is
 * never matched and is left out of every origin list.
 */
import { InvalidInput } from '../invalid-input.js'
import { CLIENT_URI_MAX } from '../../shared/field-limits.js'

export const MAX_URI_LENGTH = CLIENT_URI_MAX
/** White space and control characters: the URL parser drops or escapes them, so the stored URL would differ from the one given. */
export const DROPPED_BY_URL_PARSER = /[\s\u0000-\u001f\u007f]/
/** Schemes that run code, read local data or wrap another URL: never somewhere to send a code. */
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'vbscript:', 'data:', 'file:', 'blob:', 'filesystem:', 'about:', 'view-source:'])
const LOOPBACK_IPS = new Set(['127.0.0.1', '[::1]'])
/** A domain name as the URL parser writes it (lower case, IDN as punycode) or an IPv4 address: what a CSP host-source accepts. */
const DNS_HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/
const IPV6_HOST = /^\[[0-9a-f:.]+\]$/
/** RFC 8252 §7.1: a private-use scheme is a domain the app's developer controls, reversed (com.example.app). */
const REVERSE_DOMAIN_SCHEME = /^[a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+:$/

/**
 * The rule `value` breaks as a registered redirect URI, or `undefined`
 * when it may be registered. `issuer` is svc's own base URL, whose pages
 * may be plain http even off loopback.
 *
 * @example
 * uriProblem('https://*.example.com/cb') // 'must not contain a wildcard (*): register each address exactly'
 */
export function uriProblem(value: string, issuer?: string): string | undefined {
  if (!URL.canParse(value)) return 'must be an absolute URI'
  if (DROPPED_BY_URL_PARSER.test(value)) return 'must not contain spaces or control characters'
  if (value.length > MAX_URI_LENGTH) return `must be at most ${MAX_URI_LENGTH} characters`
  if (value.includes('#')) return 'must not have a fragment'
  const url = new URL(value)
  if (FORBIDDEN_SCHEMES.has(url.protocol))
    return `must not use the ${url.protocol} scheme; use https, http on loopback, or an app's reverse-domain scheme`
  const web = url.protocol === 'https:' || url.protocol === 'http:'
  if (!web && !REVERSE_DOMAIN_SCHEME.test(url.protocol))
    return `uses the scheme ${url.protocol}, which is neither https nor an app's reverse-domain scheme like com.example.app:/callback (RFC 8252 §7.1)`
  if (url.username || url.password) return 'must not carry a user name or password'
  if (url.hostname.includes('*')) return 'must not contain a wildcard (*): register each address exactly'
  if ((web || url.hostname !== '') && !DNS_HOST.test(url.hostname) && !IPV6_HOST.test(url.hostname))
    return `has the host ${JSON.stringify(url.hostname)}, which is not a domain name or an IP address`
  if (url.protocol === 'http:' && !LOOPBACK_IPS.has(url.hostname) && url.hostname !== 'localhost' && !sameOrigin(url, issuer))
    return 'may use http only on loopback (127.0.0.1, [::1]) or localhost; use https'
  if (url.href !== value && withEmptyPathNormalised(value) !== url.href) return `must be written as the URL parser writes it: ${url.href}`
  return undefined
}

/**
 * `value` with an empty http(s) path written as `/` (`https://rp.example?x`
 * becomes `https://rp.example/?x`), the way the URL parser writes it; any
 * other value as it is. Both forms name the same resource (RFC 3986 §6.2.3).
 *
 * @example
 * withEmptyPathNormalised('http://localhost:9508') // 'http://localhost:9508/'
 */
export function withEmptyPathNormalised(value: string): string {
  if (!URL.canParse(value)) return value
  const url = new URL(value)
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.hash !== '') return value
  const authority = `${url.protocol}//${url.host}`
  return value === `${authority}${url.search}` ? url.href : value
}

/**
 * `value`, checked as a URI a client registers; throws an
 * {@link InvalidInput} naming the field, the value and the rule.
 *
 * @example
 * const uri = registrableUri('redirect_uri', 'com.example.app:/callback')
 */
export function registrableUri(field: string, value: string, issuer?: string): string {
  const problem = uriProblem(value, issuer)
  if (problem) throw new InvalidInput(field, `${field} ${JSON.stringify(value)} ${problem}`)
  return withEmptyPathNormalised(value)
}

/**
 * The registered URIs that keep the rules (one stored before them and
 * breaking them is ignored).
 *
 * @example
 * const usable = usableUris(JSON.parse(client.redirect_uris), provider.issuer)
 */
export const usableUris = (registered: string[], issuer?: string): string[] =>
  registered.filter((uri) => uriProblem(uri, issuer) === undefined)

/**
 * True when `requested` is `registered`, character for character (an
 * empty path on either side read as `/`), or, for a native client
 * (`anyLoopbackPort`), the same loopback IP URI on another port (RFC 8252
 * §7.3), path and query still exact.
 *
 * @example
 * redirectUriMatches('http://127.0.0.1/cb', 'http://127.0.0.1:51234/cb', { anyLoopbackPort: true }) // true
 */
export function redirectUriMatches(registered: string, requested: string, { anyLoopbackPort }: { anyLoopbackPort: boolean }): boolean {
  registered = withEmptyPathNormalised(registered)
  requested = withEmptyPathNormalised(requested)
  if (registered === requested) return true
  if (!anyLoopbackPort || !URL.canParse(registered) || !URL.canParse(requested)) return false
  const expected = new URL(registered)
  const asked = new URL(requested)
  if (expected.protocol !== 'http:' || !LOOPBACK_IPS.has(expected.hostname) || asked.protocol !== 'http:') return false
  if (asked.hostname !== expected.hostname) return false
  return `http://${expected.hostname}${asked.port ? `:${asked.port}` : ''}${expected.pathname}${expected.search}` === requested
}

/**
 * The web origin of a registered URI (`https://shop.example`), or
 * `undefined` for an app's scheme or a URI that breaks the rules: only
 * these may go into a CSP `frame-ancestors` or be compared with `Origin`.
 *
 * @example
 * webOriginOf('https://shop.example/callback') // 'https://shop.example'
 */
export function webOriginOf(uri: string, issuer?: string): string | undefined {
  if (uriProblem(uri, issuer) !== undefined) return undefined
  const url = new URL(uri)
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined
}

/**
 * Shows a refused URI on an error page: as received, shortened when long,
 * so a developer can compare it with what they registered (the page
 * escapes it).
 *
 * @example
 * `It asked for ${shownUri(redirectUri)}.`
 */
export const shownUri = (value: string): string => JSON.stringify(value.length > 300 ? `${value.slice(0, 300)}…` : value)

/**
 * Why `requested` matched none of `registered`, for a refusal page: the
 * part in which it differs from a registered URI on the same host (its
 * scheme, port, path or query), or that no URI on its origin is
 * registered. Only URIs on the host the request already names are
 * described, so the page tells a stranger nothing new.
 *
 * @example
 * uriMismatch(['https://rp.example/cb'], 'https://rp.example/cb/', { anyLoopbackPort: false })
 * // 'its path is "/cb/" where the registered "https://rp.example/cb" has "/cb" (they differ only by a trailing slash); …'
 */
export function uriMismatch(registered: string[], requested: string, { anyLoopbackPort }: { anyLoopbackPort: boolean }): string {
  const rule = anyLoopbackPort
    ? 'paths and queries match character for character (an empty path is "/"; a loopback IP address takes any port)'
    : 'registered URIs match character for character (an empty path is "/")'
  if (!URL.canParse(requested)) return `it is not an absolute URI; ${rule}.`
  const asked = new URL(requested)
  const sameHost = registered.filter((uri) => URL.canParse(uri) && new URL(uri).hostname === asked.hostname)
  if (sameHost.length === 0) return `no URI on ${asked.protocol}//${asked.host} is registered for this application; ${rule}.`
  const differences = sameHost.map((uri) => differenceOf(new URL(uri), asked, { anyLoopbackPort }))
  const nearest = differences.sort((a, b) => a.rank - b.rank)[0]!
  return `${nearest.text}; ${rule}.`
}

function differenceOf(expected: URL, asked: URL, { anyLoopbackPort }: { anyLoopbackPort: boolean }): { rank: number; text: string } {
  const shown = JSON.stringify(expected.href)
  if (expected.protocol !== asked.protocol)
    return { rank: 3, text: `its scheme is ${asked.protocol} where the registered ${shown} has ${expected.protocol}` }
  const anyPort = anyLoopbackPort && expected.protocol === 'http:' && LOOPBACK_IPS.has(expected.hostname)
  if (!anyPort && expected.port !== asked.port)
    return {
      rank: 2,
      text: `its port is ${asked.port || 'the default'} where the registered ${shown} has ${expected.port || 'the default'}${
        LOOPBACK_IPS.has(expected.hostname) ? ' (any port is accepted only for native clients, RFC 8252 §7.3)' : ''
      }`,
    }
  if (expected.pathname !== asked.pathname) {
    const slash =
      expected.pathname.replace(/\/$/, '') === asked.pathname.replace(/\/$/, '') ? ' (they differ only by a trailing slash)' : ''
    return {
      rank: 1,
      text: `its path is ${JSON.stringify(asked.pathname)} where the registered ${shown} has ${JSON.stringify(expected.pathname)}${slash}`,
    }
  }
  if (expected.search !== asked.search)
    return {
      rank: 0,
      text: `its query is ${JSON.stringify(asked.search)} where the registered ${shown} has ${JSON.stringify(expected.search)}`,
    }
  return { rank: 0, text: `it is written differently from the registered ${shown}` }
}

function sameOrigin(url: URL, issuer: string | undefined): boolean {
  return issuer !== undefined && URL.canParse(issuer) && new URL(issuer).origin === url.origin
}
