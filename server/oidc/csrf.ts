/**
 * @module CSRF protection for the identity provider's forms: a random
 * token in a SameSite=Strict cookie that the form must echo (the
 * double-submit pattern), compared in constant time.
 */
import { randomBytes } from 'node:crypto'
import { sameSecret } from '../http/constant-time.js'
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'

const CSRF_COOKIE = 'svc_csrf'

/**
 * The request's CSRF token, setting a new cookie when there is none.
 *
 * @example
 * const csrf = csrfToken(c)
 */
export function csrfToken(c: Context): string {
  const existing = getCookie(c, CSRF_COOKIE)
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing
  const token = randomBytes(32).toString('base64url')
  setCookie(c, CSRF_COOKIE, token, { httpOnly: true, secure: true, sameSite: 'Strict', path: '/' })
  return token
}

/**
 * True when the form's token matches the cookie.
 *
 * @example
 * if (!csrfTokenMatches(c, form.get('csrf'))) return forbidden()
 */
export function csrfTokenMatches(c: Context, submitted: string | null): boolean {
  const cookie = getCookie(c, CSRF_COOKIE)
  if (!cookie || !submitted) return false
  return sameSecret(submitted, cookie)
}
