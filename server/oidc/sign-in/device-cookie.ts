/**
 * @module The device cookie (OWASP's "device cookies" against online
 * guessing): after a correct password the browser keeps a signed cookie
 * with a random device id and the accounts it has signed in to. The login
 * throttle counts such a browser's failures against that account on their
 * own, so strangers guessing the account, or sharing the owner's address,
 * cannot keep the owner out. The cookie cannot be forged (HMAC with a
 * deployment secret) and is worth nothing to anyone but its browser: it
 * names accounts, never a password or a session.
 */
import type { Context } from 'hono'
import { randomBytes } from 'node:crypto'
import { signedCookie } from '../../http/signed-cookie.js'
import { hostCookie } from '../../http/host-cookie.js'
import type { Provider } from '../provider.js'

const DEVICE_COOKIE = 'svc_device'
/** Accounts one browser is remembered for, the latest kept. */
const MAX_ACCOUNTS = 5
const LIFETIME_SECONDS = 365 * 24 * 3600

interface Device {
  /** The device id. */
  id: string
  /** The `sub`s of the accounts signed in to from this browser, latest last. */
  accounts: string[]
}

export interface DeviceCookie {
  /** The browser's device id, when its cookie names `sub`. */
  deviceFor(c: Context, sub: string): Promise<string | undefined>
  /** Remembers that this browser signed in to `sub` (a new device id if it had none). */
  remember(c: Context, sub: string): Promise<void>
}

const perProvider = new WeakMap<Pick<Provider, 'db' | 'issuer'>, DeviceCookie>()

/**
 * The device cookie of a deployment (its key comes from the database);
 * `__Host-svc_device` on an https issuer, so a sibling subdomain cannot
 * delete it and put its owner back under the stranger's throttle.
 *
 * @example
 * const device = await deviceCookie(provider).deviceFor(c, user.sub)
 */
export function deviceCookie(provider: Pick<Provider, 'db' | 'issuer'>): DeviceCookie {
  let made = perProvider.get(provider)
  if (made) return made
  const cookie = signedCookie<Device>(provider.db, hostCookie(provider.issuer, DEVICE_COOKIE).name, { path: '/', secure: true })
  const current = async (c: Context): Promise<Device | undefined> => {
    const device = await cookie.read(c)
    const wellFormed = typeof device?.id === 'string' && Array.isArray(device.accounts)
    return wellFormed ? device : undefined
  }
  made = {
    async deviceFor(c, sub) {
      const device = await current(c)
      return device?.accounts.includes(sub) ? device.id : undefined
    },
    async remember(c, sub) {
      const device = (await current(c)) ?? { id: randomBytes(16).toString('base64url'), accounts: [] }
      const accounts = [...device.accounts.filter((account) => account !== sub), sub].slice(-MAX_ACCOUNTS)
      await cookie.set(c, { id: device.id, accounts }, LIFETIME_SECONDS)
    },
  }
  perProvider.set(provider, made)
  return made
}
