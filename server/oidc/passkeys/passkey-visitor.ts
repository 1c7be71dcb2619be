/**
 * @module The cookie that binds a WebAuthn challenge to the browser that
 * asked for it: a random value, HttpOnly, kept as its SHA-256 beside the
 * challenge, so a challenge leaked from one browser is worth nothing in
 * another. SameSite=Lax: the ceremony's requests are the page's own.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { hostCookie } from '../../http/host-cookie.js'

const LIFETIME_SECONDS = 24 * 60 * 60

const digest = (value: string) => createHash('sha256').update(value).digest('hex')

/**
 * The digest naming this browser, setting its cookie first when it has none (or a malformed one).
 *
 * @example
 * const visitorHash = bindVisitor(c, provider.issuer)
 */
export function bindVisitor(c: Context, issuer: string): string {
  const place = hostCookie(issuer, 'svc_passkey')
  const value = getCookie(c, place.name)
  if (value && /^[\w-]{43}$/.test(value)) return digest(value)
  const fresh = randomBytes(32).toString('base64url')
  setCookie(c, place.name, fresh, { httpOnly: true, secure: place.secure, sameSite: 'Lax', path: place.path, maxAge: LIFETIME_SECONDS })
  return digest(fresh)
}

/**
 * The digest naming this browser, or `undefined` when it carries no binding cookie.
 *
 * @example
 * const visitorHash = boundVisitor(c, provider.issuer)
 */
export function boundVisitor(c: Context, issuer: string): string | undefined {
  const value = getCookie(c, hostCookie(issuer, 'svc_passkey').name)
  return value && /^[\w-]{43}$/.test(value) ? digest(value) : undefined
}
