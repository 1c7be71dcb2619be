/**
 * @module Login throttling that slows down the guesser, not the owner, as
 * OWASP's authentication cheat sheet and Keycloak's brute-force detection
 * do. Wrong passwords count (and, on an address, refusals); a correct one
 * never does, and it clears what its browser and address had counted
 * against the account. Each kind of bucket lets a few failures through,
 * then makes the next attempt wait 1 second, doubling with every further
 * failure up to 15 minutes (never a hard lock), until it has been quiet
 * for an hour; an owner held back can have a sign-in link mailed instead:
 *
 * - `pair`: one address guessing one account;
 * - `address`: one address guessing many accounts (spraying);
 * - `account`: many addresses guessing one account. A browser that has
 *   signed in to the account before (its signed device cookie names the
 *   account and its current password) is counted on its own `device`
 *   bucket instead of this one and the two above, so strangers failing
 *   against an account, or behind the same address, do not keep its owner
 *   out;
 * - `knownAddress`: one address's failures from such browsers, and their
 *   refusals (a wait, or a password queue too busy), so that many device
 *   cookies from one address cannot flood the owners' lane.
 *
 * Refusals of the other lane by a busy password queue count on `address`.
 * Device cookies cost a correct password of any account, one's own too, so
 * an address gets few new ones an hour, and so does an account from all
 * addresses together (`NEW_DEVICES`): many addresses signing in to one
 * account of their own cannot fill the known browsers' lane either.
 *
 * Buckets are named by a digest of what they count, so their size is fixed
 * whatever is typed; IPv6 addresses count by their /64, the block one
 * subscriber usually gets. Attempts being checked count as failures until
 * their answer is known, so a burst sent at once cannot slip several
 * guesses through where one is allowed (in this process; replicas may
 * each let one through).
 */
import { createHash } from 'node:crypto'
import ipaddr from 'ipaddr.js'
import { type FailureCount, type FailureCounters, memoryFailureCounters } from './failure-counters.js'

/** Failures each kind of bucket lets through before attempts have to wait. */
export const FREE_FAILURES = { pair: 5, address: 50, account: 10, device: 10, knownAddress: 20 } as const
/** New device cookies given in an hour: one address for one account, one address in all, one account from all addresses. */
export const NEW_DEVICES = { pair: 3, address: 20, account: 10 } as const
/** The first wait, which doubles with each failure past the free ones. */
export const FIRST_WAIT_SECONDS = 1
export const LONGEST_WAIT_SECONDS = 15 * 60
/** A bucket without a failure for this long starts again from zero. */
export const FORGET_AFTER_MS = 60 * 60 * 1000

type BucketKind = keyof typeof FREE_FAILURES

export interface LoginAttempt {
  /** The account tried: its `sub` when it exists, otherwise the login as typed, lower-cased. */
  account: string
  /** The caller's address (`clientAddress`). */
  address: string
  /** The browser's device id, when its device cookie names this account. */
  device?: string
}

/**
 * Makes a throttle. `reserve` says how many seconds an attempt must still
 * wait (undefined: go ahead, and the attempt counts as checking until
 * `release`); `failed` and `succeeded` report the answer, `refused` a
 * refusal; `wait` only looks. Counters are in memory unless `counters` shares them between
 * replicas; attempts being checked are always this process's.
 *
 * @example
 * const throttle = loginThrottle()
 * if ((await throttle.reserve(attempt)) === undefined) {
 *   try { await (ok ? throttle.succeeded(attempt) : throttle.failed(attempt)) } finally { throttle.release(attempt) }
 * }
 */
export function loginThrottle({ now = Date.now, counters }: { now?: () => number; counters?: FailureCounters } = {}) {
  const store = counters ?? memoryFailureCounters({ forgetAfterMs: FORGET_AFTER_MS, now })
  // Attempts whose password is being checked, by bucket; an entry goes when its count does.
  const checking = new Map<string, number>()
  async function secondsToWait(attempt: LoginAttempt): Promise<number | undefined> {
    const buckets = bucketsOf(attempt)
    const counts = await store.read(buckets.map(([, bucket]) => bucket))
    const time = now()
    const waits = buckets.map(([kind, bucket], index) => secondsLeft(kind, counts[index]!, checking.get(bucket) ?? 0, time))
    const longest = Math.max(...waits)
    return longest > 0 ? longest : undefined
  }
  return {
    wait: secondsToWait,
    async reserve(attempt: LoginAttempt): Promise<number | undefined> {
      const wait = await secondsToWait(attempt)
      // No await between the look above and the count below: a burst is decided one attempt at a time.
      if (wait === undefined) for (const [, bucket] of bucketsOf(attempt)) checking.set(bucket, (checking.get(bucket) ?? 0) + 1)
      return wait
    },
    release(attempt: LoginAttempt): void {
      for (const [, bucket] of bucketsOf(attempt)) {
        const left = (checking.get(bucket) ?? 1) - 1
        if (left > 0) checking.set(bucket, left)
        else checking.delete(bucket)
      }
    },
    async failed(attempt: LoginAttempt): Promise<void> {
      await store.add(bucketsOf(attempt).map(([, bucket]) => bucket))
    },
    /** Counts a refusal (a wait, or a busy password queue) against the attempt's address. */
    async refused(attempt: LoginAttempt): Promise<void> {
      const where = addressBlock(attempt.address)
      await store.add([attempt.device === undefined ? bucket('address', where) : bucket('knownAddress', where)])
    },
    /**
     * Whether this address may be given a new device cookie for the
     * account (counted when it may): a correct password of one's own
     * account mints one, so without a limit they would cost nothing.
     */
    async admitNewDevice({ account, address }: LoginAttempt): Promise<boolean> {
      const where = addressBlock(address)
      const buckets = [bucket('newDevicePair', where, account), bucket('newDeviceAddress', where), bucket('newDeviceAccount', account)]
      const [pair, all, ofAccount] = await store.read(buckets)
      if (pair!.failures >= NEW_DEVICES.pair || all!.failures >= NEW_DEVICES.address || ofAccount!.failures >= NEW_DEVICES.account)
        return false
      await store.add(buckets)
      return true
    },
    async succeeded({ account, address, device }: LoginAttempt): Promise<void> {
      // Never the address's: an attacker could clear it by signing in to an account of their own.
      const cleared = [bucket('pair', addressBlock(address), account), bucket('account', account)]
      if (device !== undefined) cleared.push(bucket('device', device, account))
      await store.clear(cleared)
    },
  }
}

export type LoginThrottle = ReturnType<typeof loginThrottle>

/** The buckets an attempt is counted on. */
function bucketsOf({ account, address, device }: LoginAttempt): [BucketKind, string][] {
  const where = addressBlock(address)
  if (device !== undefined)
    return [
      ['device', bucket('device', device, account)],
      ['knownAddress', bucket('knownAddress', where)],
    ]
  return [
    ['pair', bucket('pair', where, account)],
    ['address', bucket('address', where)],
    ['account', bucket('account', account)],
  ]
}

/** A bucket's name: its kind and a digest of what it counts. */
function bucket(kind: BucketKind | 'newDevicePair' | 'newDeviceAddress' | 'newDeviceAccount', ...parts: string[]): string {
  return `login-${kind}:${createHash('sha256').update(parts.join('\0')).digest('base64url').slice(0, 22)}`
}

/** An address as counted: IPv4 as is, IPv6 by its /64. */
export function addressBlock(address: string): string {
  if (!ipaddr.IPv6.isValid(address)) return address
  return `${ipaddr.IPv6.parse(address).parts.slice(0, 4).join(':')}::/64`
}

/**
 * Seconds this bucket still makes an attempt wait (0: none). Attempts being
 * checked count as failures: once they could use up the free ones, the
 * next waits at least a second for their answers.
 */
function secondsLeft(kind: BucketKind, { failures, lastFailureAt }: FailureCount, checking: number, time: number): number {
  if (checking > 0 && failures + checking >= FREE_FAILURES[kind])
    return Math.max(FIRST_WAIT_SECONDS, secondsLeft(kind, { failures, lastFailureAt }, 0, time))
  const over = failures - FREE_FAILURES[kind]
  if (over <= 0) return 0
  const waitSeconds = Math.min(LONGEST_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** (over - 1))
  return Math.max(0, Math.ceil((lastFailureAt + waitSeconds * 1000 - time) / 1000))
}
