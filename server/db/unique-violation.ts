/**
 * @module Recognises a unique-constraint violation from either dialect, so
 * code that generates random identifiers can retry on a collision.
 */

/**
 * True when `error` is SQLite's or PostgreSQL's unique-constraint error.
 *
 * @example
 * try { await insert() } catch (e) { if (!isUniqueViolation(e)) throw e }
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505'
}
