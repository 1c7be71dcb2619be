import { createHmac } from 'node:crypto'
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '../db/open-database.js'
import type { Database } from '../db/schema.js'
import { deploymentSecret } from '../db/settings.js'
import { signedCookie } from './signed-cookie.js'

let db: Kysely<Database>
beforeEach(async () => {
  db = await openDatabase({ sqlitePath: ':memory:' })
})
afterEach(async () => {
  vi.useRealTimers()
  await db.destroy()
})

const DEVICE_ID = 'device-one-in-plain-text'

/** An app that sets the cookie on POST and answers GET with what it reads. */
function appWith(readsHmac: boolean) {
  const device = signedCookie<{ id: string }>(db, 'svc_device', { path: '/', secure: true, readsHmac })
  const login = signedCookie<{ id: string }>(db, 'svc_login', { path: '/', secure: true })
  return new Hono()
    .post('/device', async (c) => (await device.set(c, { id: DEVICE_ID }, 3600), c.body(null, 204)))
    .get('/device', async (c) => c.json((await device.read(c)) ?? null))
    .get('/login', async (c) => c.json((await login.read(c)) ?? null))
}

const cookieOf = (res: Response) => res.headers.get('Set-Cookie')!.split(';')[0]!

describe('signedCookie', () => {
  it('reads back what it set, and nothing altered or set for another cookie', async () => {
    const app = appWith(false)
    const cookie = cookieOf(await app.request('/device', { method: 'POST' }))
    // Sealed, not only signed: the value is in neither the cookie nor its decoded bytes. (A two-letter
    // value once turned up by chance in the random base64url, about one run in fifty.)
    const bytes = Buffer.from(cookie.slice('svc_device='.length), 'base64url')
    expect(cookie).not.toContain(DEVICE_ID)
    expect(bytes.toString('latin1')).not.toContain(DEVICE_ID)
    expect(await (await app.request('/device', { headers: { Cookie: cookie } })).json()).toEqual({ id: DEVICE_ID })
    bytes[bytes.length - 1]! ^= 1
    const altered = `svc_device=${bytes.toString('base64url')}`
    expect(await (await app.request('/device', { headers: { Cookie: altered } })).json()).toBeNull()
    // The same value under another cookie's name is sealed for another purpose.
    const moved = cookie.replace('svc_device=', 'svc_login=')
    expect(await (await app.request('/login', { headers: { Cookie: moved } })).json()).toBeNull()
  })

  it('stops reading a cookie once its max-age is over, whatever the browser kept', async () => {
    const app = appWith(false)
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z'), toFake: ['Date'] })
    const cookie = cookieOf(await app.request('/device', { method: 'POST' }))
    vi.setSystemTime(new Date('2030-01-01T00:59:59Z'))
    expect(await (await app.request('/device', { headers: { Cookie: cookie } })).json()).toEqual({ id: DEVICE_ID })
    vi.setSystemTime(new Date('2030-01-01T01:00:00Z'))
    expect(await (await app.request('/device', { headers: { Cookie: cookie } })).json()).toBeNull()
  })

  it('reads a device cookie signed before seals only where asked to, and only with the right signature', async () => {
    const secret = await deploymentSecret(db, 'cookie-hmac:svc_device')
    const payload = Buffer.from(JSON.stringify({ id: 'old' })).toString('base64url')
    const legacy = `svc_device=${payload}.${createHmac('sha256', secret).update(payload).digest('base64url')}`
    expect(await (await appWith(true).request('/device', { headers: { Cookie: legacy } })).json()).toEqual({ id: 'old' })
    expect(await (await appWith(false).request('/device', { headers: { Cookie: legacy } })).json()).toBeNull()
    const forged = `svc_device=${payload}.${createHmac('sha256', 'guess').update(payload).digest('base64url')}`
    expect(await (await appWith(true).request('/device', { headers: { Cookie: forged } })).json()).toBeNull()
  })
})
