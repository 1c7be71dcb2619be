/**
 * @module CSRF protection for the identity provider's forms: a random
 * token in a SameSite=Strict cookie that the form must echo (the
 * double-submit pattern), compared in constant time; `__Host-svc_csrf` on an
 * https issuer.
 */
import { randomBytes } from 'node:crypto'
import { sameSecret } from '../http/constant-time.js'
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { hostCookie } from '../http/host-cookie.js'
import type { IdentityProviderContext } from '../grants/identity-provider-context.js'

const csrfCookie = (provider: Pick<IdentityProviderContext, 'issuer'>) => hostCookie(provider.issuer, 'svc_csrf').name

/**
 * The request's CSRF token, setting a new cookie when there is none.
 *
 * @example
 * const csrf = csrfToken(c, provider)
 */
export function csrfToken(c: Context, provider: Pick<IdentityProviderContext, 'issuer'>): string {
  const existing = getCookie(c, csrfCookie(provider))
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing
  const token = randomBytes(32).toString('base64url')
  setCookie(c, csrfCookie(provider), token, { httpOnly: true, secure: true, sameSite: 'Strict', path: '/' })
  return token
}

/**
 * True when the form's token matches the cookie.
 *
 * @example
 * if (!csrfTokenMatches(c, provider, form.get('csrf'))) return forbidden()
 */
export function csrfTokenMatches(c: Context, provider: Pick<IdentityProviderContext, 'issuer'>, submitted: string | null): boolean {
  const cookie = getCookie(c, csrfCookie(provider))
  if (!cookie || !submitted) return false
  return sameSecret(submitted, cookie)
}
