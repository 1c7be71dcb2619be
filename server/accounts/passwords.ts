/**
 * @module Password hashing with scrypt from `node:crypto`: a random salt
 * per password, parameters stored beside the hash so they can be raised
 * later, and a constant-time comparison. scrypt runs in libuv's thread
 * pool (4 threads), which RS256 signing of id_tokens uses too, so every
 * hash and check goes through one small queue: a few at once (half the
 * cores, leaving the pool at least two threads), a short line behind them,
 * and beyond it {@link PasswordWorkBusy} at once, which sign-in pages
 * answer with 503 and `Retry-After`. A sign-in flood then costs other
 * requests at most those few threads, never the whole pool.
 */
import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { boundedQueue, QueueFull } from './bounded-queue.js'

const PARAMETERS = { N: 16384, r: 8, p: 1 }
const KEY_LENGTH = 32

const THREAD_POOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE) || 4
/** Password hashes computed at once. */
export const PASSWORD_CONCURRENCY = Math.max(1, Math.min(Math.floor(availableParallelism() / 2), THREAD_POOL_SIZE - 2))
/** Password hashes that may wait for a place (each about 0.1 s of one core). */
export const PASSWORD_QUEUE = 8 * PASSWORD_CONCURRENCY
/** What a refused caller is told to wait. */
export const PASSWORD_RETRY_AFTER_SECONDS = 2

const scryptWork = boundedQueue({ concurrency: PASSWORD_CONCURRENCY, waiting: PASSWORD_QUEUE })

/** Raised when too many passwords are being checked at once; try again after {@link PASSWORD_RETRY_AFTER_SECONDS}. */
export class PasswordWorkBusy extends Error {
  override name = 'PasswordWorkBusy'
  readonly status = 503
  readonly retryAfterSeconds = PASSWORD_RETRY_AFTER_SECONDS
}

async function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  try {
    return await scryptWork.run(
      () =>
        new Promise<Buffer>((resolve, reject) =>
          scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
            error ? reject(error) : resolve(key),
          ),
        ),
    )
  } catch (error) {
    if (error instanceof QueueFull) throw new PasswordWorkBusy(`too many passwords are being checked at once (${error.message})`)
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
 * Rejects with {@link PasswordWorkBusy} when the queue is full.
 *
 * @example
 * if (!(await verifyPassword(typed, user.password_hash))) refuse()
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(N), r: Number(r), p: Number(p) })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/**
 * A hash that matches no password, verified against when an account does
 * not exist so that a wrong e-mail address takes as long as a wrong password.
 */
export const UNUSABLE_PASSWORD_HASH = `scrypt$${PARAMETERS.N}$${PARAMETERS.r}$${PARAMETERS.p}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(KEY_LENGTH).toString('base64url')}`
