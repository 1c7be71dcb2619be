/**
 * @module Cookies that carry a sign-in in progress (state, nonce, PKCE
 * verifier) across the trip to an identity provider, or remember a browser
 * (the login throttle's device cookie): JSON, sealed (seal.ts) with a key
 * of the cookie's own so a visitor can neither read nor forge one, and
 * expiring with the cookie; HttpOnly and SameSite=Lax so the provider's
 * redirect back brings it along.
 */
import { createHmac } from 'node:crypto'
import { sameSecret } from './constant-time.js'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { secretSetting } from '../db/settings.js'
import { SealError, sealFor } from './seal.js'

/**
 * Makes the reader and writer of one kind of signed cookie. `readsHmac`
 * also reads the cookie as it was written before seals (`payload.hmac`,
 * signed with the secret `cookie-hmac:NAME`), for a long-lived cookie that
 * browsers still hold: the device cookie lasts a year.
 *
 * @example
 * const pending = signedCookie<{ state: string }>(db, 'svc_login', { path: '/console', secure: true })
 * await pending.set(c, { state })
 */
export function signedCookie<T extends object>(
  db: Kysely<Database>,
  name: string,
  { path, secure, readsHmac = false }: { path: string; secure: boolean; readsHmac?: boolean },
) {
  const seal = sealFor<T>(db, `cookie:${name}`)
  const read = async (c: Context): Promise<T | undefined> => {
    const value = getCookie(c, name)
    if (!value) return undefined
    try {
      return await seal.open(value)
    } catch (error) {
      if (!(error instanceof SealError)) throw error
      return readsHmac ? readHmacSigned<T>(db, name, value) : undefined
    }
  }
  return {
    async set(c: Context, value: T, maxAgeSeconds = 600): Promise<void> {
      const sealed = await seal.seal(value, { expiresAt: new Date(Date.now() + maxAgeSeconds * 1000) })
      setCookie(c, name, sealed, { httpOnly: true, sameSite: 'Lax', path, secure, maxAge: maxAgeSeconds })
    },
    /** The value, once: the cookie is cleared as it is read. */
    async take(c: Context): Promise<T | undefined> {
      const value = await read(c)
      deleteCookie(c, name, { path, secure })
      return value
    },
    /** The value, leaving the cookie in place; undefined when missing, expired or not sealed by us. */
    read,
  }
}

/**
 * A cookie written before seals: `base64url(JSON).base64url(HMAC-SHA256)`
 * under the secret `cookie-hmac:NAME`. Read only, never written: such a
 * cookie is sealed anew the next time it is set. Remove a year after the
 * seals shipped, when the last device cookie of the old kind has expired.
 */
async function readHmacSigned<T>(db: Kysely<Database>, name: string, value: string): Promise<T | undefined> {
  const [payload = '', signature = ''] = value.split('.')
  if (!payload || !signature) return undefined
  // No secret stored: this deployment never wrote such a cookie, and no stored secret is made for one.
  const secret = await secretSetting(db, `cookie-hmac:${name}`)
  if (secret === undefined) return undefined
  const expected = createHmac('sha256', Buffer.from(secret, 'base64url')).update(payload).digest('base64url')
  if (!sameSecret(signature, expected)) return undefined
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString()) as T
  } catch {
    return undefined
  }
}
