/**
 * @module Password hashing with scrypt from `node:crypto`: a random salt
 * per password, parameters stored beside the hash so they can be raised
 * later, and a constant-time comparison. scrypt is meant to cost CPU, and
 * a sign-in flood must not turn that into everyone's cost: hashes run in
 * worker threads below the event loop's priority (scrypt-workers.ts), off
 * libuv's thread pool that id_token signing uses, and every hash and check
 * goes through one small queue: a few at once (half the cores), a short
 * line behind them, and beyond it {@link PasswordWorkBusy} at once, which
 * sign-in pages answer with 503 and `Retry-After`. One address (an IPv6
 * /64) holds at most two places in that queue, its further checks waiting
 * in a short line of their own, so one caller cannot fill it for everyone.
 */
import { randomBytes, type ScryptOptions, timingSafeEqual } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { boundedQueue, QueueFull } from './bounded-queue.js'
import { scryptWorkers } from './scrypt-workers.js'
import { ServiceBusy } from '../refusal.js'
import { testOnlyScryptCost } from '../test-only-scrypt-cost.js'

/** scrypt's cost factor in production: about 0.1 s of one core per hash. */
const PRODUCTION_COST = 16384
const PARAMETERS = { N: testingCost() ?? PRODUCTION_COST, r: 8, p: 1 }
const KEY_LENGTH = 32

/** Password hashes computed at once: half the cores, at least one. */
export const PASSWORD_CONCURRENCY = Math.max(1, Math.floor(availableParallelism() / 2))
/** Password hashes that may wait for a place (each about 0.1 s of one core). */
export const PASSWORD_QUEUE = 8 * PASSWORD_CONCURRENCY
/** Places one caller's password checks take in the queue at most, and how many more of its checks may wait for them. */
export const PASSWORD_CHECKS_PER_CALLER = { inQueue: 2, waiting: 4 } as const
/** What a refused caller is told to wait. */
export const PASSWORD_RETRY_AFTER_SECONDS = 2

/**
 * A lower cost factor for tests that do not measure hashing, so that their
 * fixtures' accounts and sign-ins cost microseconds, not a tenth of a
 * second each (`vite.config.ts` sets it; the attack tests keep the
 * production cost). Only a Vitest worker, or a process it started, may
 * lower it: a deployment cannot (settings.ts).
 */
function testingCost(): number | undefined {
  const cost = testOnlyScryptCost()
  return cost === undefined ? undefined : Math.min(cost, PRODUCTION_COST)
}

const scryptWork = boundedQueue({ concurrency: PASSWORD_CONCURRENCY, waiting: PASSWORD_QUEUE, perCaller: PASSWORD_CHECKS_PER_CALLER })
const hashingThreads = scryptWorkers()

/** Raised when too many passwords are being checked at once; try again after {@link PASSWORD_RETRY_AFTER_SECONDS}. */
export class PasswordWorkBusy extends ServiceBusy {
  override name = 'PasswordWorkBusy'
  constructor(detail: string) {
    super(`too many passwords are being checked at once (${detail}); try again shortly`, PASSWORD_RETRY_AFTER_SECONDS)
  }
}

async function derive(
  password: string,
  salt: Buffer,
  options: ScryptOptions,
  { priority = false, caller }: { priority?: boolean; caller?: string } = {},
): Promise<Buffer> {
  try {
    return await scryptWork.run(
      () =>
        hashingThreads.derive(password.normalize('NFKC'), salt, KEY_LENGTH, {
          N: options.N ?? PARAMETERS.N,
          r: options.r ?? PARAMETERS.r,
          p: options.p ?? PARAMETERS.p,
          maxmem: 64 * 1024 * 1024,
        }),
      { priority, ...(caller === undefined ? {} : { caller }) },
    )
  } catch (error) {
    if (error instanceof QueueFull) throw new PasswordWorkBusy(error.message)
    throw error
  }
}

/**
 * Hashes a password as `scrypt$N$r$p$salt$hash`; rejects with
 * {@link PasswordWorkBusy} when the queue is full.
 *
 * @example
 * const stored = await hashPassword('correct horse battery staple')
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const hash = await derive(password, salt, PARAMETERS)
  return ['scrypt', PARAMETERS.N, PARAMETERS.r, PARAMETERS.p, salt.toString('base64url'), hash.toString('base64url')].join('$')
}

/**
 * True when `password` matches the stored hash; compares in constant time.
 * Rejects with {@link PasswordWorkBusy} when the queue is full. A
 * `knownDevice` check (a browser that signed in to the account before)
 * waits in the queue's priority line, so a flood from many addresses does
 * not keep owners out. Checks naming a `caller` (the address, by
 * `addressBlock`) take at most its share of the queue.
 *
 * @example
 * if (!(await verifyPassword(typed, user.password_hash, { knownDevice: true, caller: '203.0.113.9' }))) refuse()
 */
export async function verifyPassword(
  password: string,
  stored: string,
  { knownDevice = false, caller }: { knownDevice?: boolean; caller?: string } = {},
): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    { N: Number(N), r: Number(r), p: Number(p) },
    {
      priority: knownDevice,
      ...(caller === undefined ? {} : { caller }),
    },
  )
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/**
 * A hash that matches no password, verified against when an account does
 * not exist so that a wrong e-mail address takes as long as a wrong password.
 */
export const UNUSABLE_PASSWORD_HASH = `scrypt$${PARAMETERS.N}$${PARAMETERS.r}$${PARAMETERS.p}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(KEY_LENGTH).toString('base64url')}`
