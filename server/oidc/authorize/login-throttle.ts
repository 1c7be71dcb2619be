/**
 * @module Login throttling: at most 10 sign-in attempts per account and 50
 * per address in 15 minutes, so passwords cannot be guessed at speed.
 */
import { fixedWindowRateLimiter, type RateLimiter } from '../../http/fixed-window-rate-limiter.js'

export const ATTEMPTS_PER_ACCOUNT = 10
export const ATTEMPTS_PER_ADDRESS = 50
const WINDOW_MS = 15 * 60 * 1000

/**
 * Makes a throttle; `check` counts an attempt and returns the seconds to
 * wait when it is over a limit.
 *
 * @example
 * const wait = throttle.check(email, ip)
 */
export function loginThrottle({ now }: { now?: () => number } = {}) {
  const limiter: RateLimiter = fixedWindowRateLimiter({ windowMs: WINDOW_MS, now })
  return {
    check(account: string, address: string): number | undefined {
      const byAccount = limiter.hit(`account:${account.toLowerCase()}`, ATTEMPTS_PER_ACCOUNT)
      const byAddress = limiter.hit(`address:${address}`, ATTEMPTS_PER_ADDRESS)
      if (byAccount.allowed && byAddress.allowed) return undefined
      return Math.max(byAccount.allowed ? 0 : byAccount.resetSeconds, byAddress.allowed ? 0 : byAddress.resetSeconds)
    },
  }
}

export type LoginThrottle = ReturnType<typeof loginThrottle>
