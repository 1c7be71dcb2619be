/**
 * @module Where one of svc's own cookies lives. On an https issuer it takes
 * the `__Host-` prefix, which browsers accept only from a secure origin
 * with `Secure`, `Path=/` and no `Domain`: a page on a sibling subdomain can
 * then neither plant nor overwrite it (cookie tossing). Over plain http
 * (local development) the prefix would be refused, so the bare name and a
 * narrower path are used. The issuer's scheme decides, not the request's:
 * behind a TLS-terminating proxy the request is http.
 */

export interface CookiePlace {
  name: string
  path: string
  secure: boolean
}

/**
 * The name, path and `Secure` flag of the cookie `name` for a deployment at `issuer`.
 *
 * @example
 * hostCookie('https://id.example', 'svc_console', '/console') // { name: '__Host-svc_console', path: '/', secure: true }
 */
export function hostCookie(issuer: string, name: string, plainHttpPath = '/'): CookiePlace {
  return issuer.startsWith('https:') ? { name: `__Host-${name}`, path: '/', secure: true } : { name, path: plainHttpPath, secure: false }
}
