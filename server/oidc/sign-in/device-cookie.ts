/**
 * @module The device cookie (OWASP's "device cookies" against online
 * guessing): after a correct password the browser keeps a signed cookie
 * with a random device id and the accounts it has signed in to. The login
 * throttle counts such a browser's failures against that account on their
 * own, so strangers guessing the account, or sharing the owner's address,
 * cannot keep the owner out. The cookie cannot be forged (HMAC with a
 * deployment secret) and is worth nothing to anyone but its browser: it
 * names accounts, never a password or a session. Each account comes with
 * a short digest of its password hash as it was then, and counts only
 * while that is still the account's hash: a reset or change of password
 * voids every cookie earned with the old one, so a password that leaked
 * leaves no extra guesses behind it.
 */
import type { Context } from 'hono'
import { createHash, randomBytes } from 'node:crypto'
import { signedCookie } from '../../http/signed-cookie.js'
import { hostCookie } from '../../http/host-cookie.js'
import type { UserRow } from '../../db/schema.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'

const DEVICE_COOKIE = 'svc_device'
/** Accounts one browser is remembered for, the latest kept. */
const MAX_ACCOUNTS = 5
const LIFETIME_SECONDS = 365 * 24 * 3600

/** An account the browser signed in to: its `sub` and the digest of the password hash it signed in with. */
type Remembered = [sub: string, password: string]

interface Device {
  /** The device id. */
  id: string
  /** The accounts signed in to from this browser, latest last. */
  accounts: Remembered[]
}

type Account = Pick<UserRow, 'sub' | 'password_hash'>

export interface DeviceCookie {
  /** The browser's device id, when its cookie names the account with its current password. */
  deviceFor(c: Context, account: Account): Promise<string | undefined>
  /**
   * Remembers that this browser signed in to the account with its current
   * password. A browser not yet remembered for it becomes so only when
   * `mayAdd` agrees (the throttle's limit on new device cookies).
   */
  remember(c: Context, account: Account, mayAdd: () => Promise<boolean>): Promise<void>
}

const perProvider = new WeakMap<Pick<IdentityProviderContext, 'db' | 'issuer'>, DeviceCookie>()

/**
 * A short digest of the account's password hash (itself salted, so the
 * digest tells nothing about the password), to tell one password from the
 * next.
 */
const passwordDigest = ({ sub, password_hash }: Account) =>
  createHash('sha256').update(`${sub}\0${password_hash}`).digest('base64url').slice(0, 16)

const isRemembered = (entry: unknown): entry is Remembered =>
  Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && typeof entry[1] === 'string'

/**
 * The device cookie of a deployment (its key comes from the database);
 * `__Host-svc_device` on an https issuer, so a sibling subdomain cannot
 * delete it and put its owner back under the stranger's throttle.
 *
 * @example
 * const device = await deviceCookie(provider).deviceFor(c, user)
 */
export function deviceCookie(provider: Pick<IdentityProviderContext, 'db' | 'issuer'>): DeviceCookie {
  let made = perProvider.get(provider)
  if (made) return made
  // Device cookies written before seals stay readable for their year (signed-cookie.ts).
  const cookie = signedCookie<Device>(provider.db, hostCookie(provider.issuer, DEVICE_COOKIE).name, {
    path: '/',
    secure: true,
    readsHmac: true,
  })
  const current = async (c: Context): Promise<Device | undefined> => {
    const device = await cookie.read(c)
    if (typeof device?.id !== 'string' || !Array.isArray(device.accounts)) return undefined
    // Entries of cookies made before accounts were bound to a password (bare `sub`s) are dropped.
    return { id: device.id, accounts: device.accounts.filter(isRemembered) }
  }
  made = {
    async deviceFor(c, account) {
      const device = await current(c)
      const digest = passwordDigest(account)
      return device?.accounts.some(([sub, password]) => sub === account.sub && password === digest) ? device.id : undefined
    },
    async remember(c, account, mayAdd) {
      const device = (await current(c)) ?? { id: randomBytes(16).toString('base64url'), accounts: [] }
      const others = device.accounts.filter(([sub]) => sub !== account.sub)
      // A browser already remembered for the account (a new password, say) is no new device.
      if (others.length === device.accounts.length && !(await mayAdd())) return
      const accounts = [...others, [account.sub, passwordDigest(account)] satisfies Remembered].slice(-MAX_ACCOUNTS)
      await cookie.set(c, { id: device.id, accounts }, LIFETIME_SECONDS)
    },
  }
  perProvider.set(provider, made)
  return made
}
