/**
 * @module Password hashing with scrypt from `node:crypto`: a random salt
 * per password, parameters stored beside the hash so they can be raised
 * later, and a constant-time comparison.
 */
import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto'

const PARAMETERS = { N: 16384, r: 8, p: 1 }
const KEY_LENGTH = 32

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

/**
 * Hashes a password as `scrypt$N$r$p$salt$hash`.
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
