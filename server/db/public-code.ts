/**
 * @module Public identifiers such as `ADS0123456789`: a fixed prefix and
 * random digits, so codes reveal neither counts nor creation order.
 */
import { randomInt } from 'node:crypto'
import { isUniqueViolation } from './unique-violation.js'

const DIGITS = 10

/**
 * Makes a code of `prefix` and ten random digits.
 *
 * @example
 * randomPublicCode('ADS') // 'ADS4820019375'
 */
export function randomPublicCode(prefix: string): string {
  let digits = ''
  for (let i = 0; i < DIGITS; i++) digits += String(randomInt(10))
  return prefix + digits
}

/**
 * Runs `insert` with fresh codes until one does not collide with a stored
 * code (a unique index guards the column).
 *
 * @example
 * // As the ads repository stores a new ad:
 * const { result } = await insertWithFreshCode('ADS', (code) => db.insertInto(…).values({ code, … }).returningAll().executeTakeFirstOrThrow())
 */
export async function insertWithFreshCode<T>(prefix: string, insert: (code: string) => Promise<T>): Promise<{ code: string; result: T }> {
  for (let attempt = 0; ; attempt++) {
    const code = randomPublicCode(prefix)
    try {
      return { code, result: await insert(code) }
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error
    }
  }
}
