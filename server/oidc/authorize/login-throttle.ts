/**
 * @module Login throttling: at most 10 sign-in attempts per account and 50
 * per address in 15 minutes, so passwords cannot be guessed at speed.
 */
import { fixedWindowRateLimiter, type RateLimiter } from '../../http/fixed-window-rate-limiter.js'

export const ATTEMPTS_PER_ACCOUNT = 10
export const ATTEMPTS_PER_ADDRESS = 50
export const LOGIN_WINDOW_MS = 15 * 60 * 1000

/**
 * Makes a throttle; `check` counts an attempt and returns the seconds to
 * wait when it is over a limit. Counters are in memory unless `limiter`
 * (made with {@link LOGIN_WINDOW_MS}) shares them between replicas.
 *
 * @example
 * const wait = await throttle.check(email, ip)
 */
export function loginThrottle({ now, limiter }: { now?: () => number; limiter?: RateLimiter } = {}) {
  const counters: RateLimiter = limiter ?? fixedWindowRateLimiter({ windowMs: LOGIN_WINDOW_MS, now })
  return {
    async check(account: string, address: string): Promise<number | undefined> {
      const byAccount = await counters.hit(`login-account:${account.toLowerCase()}`, ATTEMPTS_PER_ACCOUNT)
      const byAddress = await counters.hit(`login-address:${address}`, ATTEMPTS_PER_ADDRESS)
      if (byAccount.allowed && byAddress.allowed) return undefined
      return Math.max(byAccount.allowed ? 0 : byAccount.resetSeconds, byAddress.allowed ? 0 : byAddress.resetSeconds)
    },
  }
}

export type LoginThrottle = ReturnType<typeof loginThrottle>
