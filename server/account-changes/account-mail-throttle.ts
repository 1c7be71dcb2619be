/**
 * @module Limits the forms that make svc send mail to an address typed by
 * anyone (sign-up, "Forgot password?"), so they cannot be used to flood a
 * mailbox or to create accounts in bulk: per e-mail address 5 and per
 * caller's address 20 an hour, counted on the login throttle's failure
 * counters (in the process on SQLite, shared by replicas on PostgreSQL).
 * A bucket that is full lets the next request through once it has been
 * quiet for an hour; refused requests are not counted. Taken and free
 * addresses are counted alike, so the refusal tells nothing either.
 */
import { createHash } from 'node:crypto'
import { type FailureCounters, memoryFailureCounters } from '../http/failure-counters.js'
import { addressBlock } from '../http/login-throttle.js'

export const MAILS_PER_EMAIL = 5
export const REQUESTS_PER_ADDRESS = 20
export const MAIL_THROTTLE_WINDOW_MS = 60 * 60 * 1000

const bucket = (kind: string, value: string) => `mail-${kind}:${createHash('sha256').update(value).digest('base64url').slice(0, 22)}`

export interface AccountMailThrottle {
  /** Counts the request and returns `undefined`, or the seconds to wait (not counted). */
  admit(request: { address: string; email: string }): Promise<number | undefined>
}

/**
 * Makes the throttle.
 *
 * @example
 * const wait = await accountMailThrottle().admit({ address: clientAddress(c), email })
 */
export function accountMailThrottle({
  now = Date.now,
  counters,
}: { now?: () => number; counters?: FailureCounters } = {}): AccountMailThrottle {
  const store = counters ?? memoryFailureCounters({ forgetAfterMs: MAIL_THROTTLE_WINDOW_MS, now })
  return {
    async admit({ address, email }) {
      const buckets = [bucket('address', addressBlock(address)), bucket('email', email.trim().toLowerCase())]
      const limits = [REQUESTS_PER_ADDRESS, MAILS_PER_EMAIL]
      const counts = await store.read(buckets)
      const time = now()
      const waits = counts.map(({ failures, lastFailureAt }, index) =>
        failures >= limits[index]! ? Math.max(1, Math.ceil((lastFailureAt + MAIL_THROTTLE_WINDOW_MS - time) / 1000)) : 0,
      )
      const wait = Math.max(...waits)
      if (wait > 0) return wait
      await store.add(buckets)
      return undefined
    },
  }
}
