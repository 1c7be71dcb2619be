/**
 * @module Cookies that carry a sign-in in progress (state, nonce, PKCE
 * verifier) across the trip to an identity provider, or remember a browser
 * (the login throttle's device cookie): JSON, signed with a deployment
 * secret so a visitor cannot forge one, HttpOnly and SameSite=Lax so the
 * provider's redirect back brings it along.
 */
import { createHmac } from 'node:crypto'
import { sameSecret } from './constant-time.js'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { deploymentSecret } from '../db/settings.js'

/**
 * Makes the reader and writer of one kind of signed cookie.
 *
 * @example
 * const pending = signedCookie<{ state: string }>(db, 'svc_login', { path: '/console', secure: true })
 * await pending.set(c, { state })
 */
export function signedCookie<T extends object>(db: Kysely<Database>, name: string, { path, secure }: { path: string; secure: boolean }) {
  let key: Promise<Buffer> | undefined
  const sign = async (payload: string) =>
    createHmac('sha256', await (key ??= deploymentSecret(db, `cookie-hmac:${name}`)))
      .update(payload)
      .digest('base64url')
  const read = async (c: Context): Promise<T | undefined> => {
    const [payload = '', signature = ''] = (getCookie(c, name) ?? '').split('.')
    if (!payload) return undefined
    const expected = await sign(payload)
    if (!sameSecret(signature, expected)) return undefined
    try {
      return JSON.parse(Buffer.from(payload, 'base64url').toString()) as T
    } catch {
      return undefined
    }
  }
  return {
    async set(c: Context, value: T, maxAgeSeconds = 600): Promise<void> {
      const payload = Buffer.from(JSON.stringify(value)).toString('base64url')
      setCookie(c, name, `${payload}.${await sign(payload)}`, { httpOnly: true, sameSite: 'Lax', path, secure, maxAge: maxAgeSeconds })
    },
    /** The value, once: the cookie is cleared as it is read. */
    async take(c: Context): Promise<T | undefined> {
      const value = await read(c)
      deleteCookie(c, name, { path, secure })
      return value
    },
    /** The value, leaving the cookie in place; undefined when missing or not signed by us. */
    read,
  }
}
