/**
 * @module The URL of a request as the public issuer names it. Behind a
 * TLS-terminating proxy the request itself arrives as `http://` on an
 * inner host, but a redirect URI handed back to an OpenID Connect library
 * must match the registered one exactly.
 */
import type { Context } from 'hono'

/**
 * The request's path and query under `issuer`.
 *
 * @example
 * publicUrl(c, 'https://svc.example') // https://svc.example/console/callback?code=…
 */
export function publicUrl(c: Context, issuer: string): URL {
  return new URL(`${c.req.path}?${new URL(c.req.url).searchParams}`, issuer)
}
