/**
 * @module Recognises PostgreSQL refusing a text value it cannot store (a
 * NUL character; SQLSTATE 22021), which only client input carries: a
 * client id or e-mail address with `%00` in it. SQLite stores such text,
 * finds nothing, and answers as for any unknown value; on PostgreSQL the
 * same request is a clear 400, not a server error.
 */

export const UNSTORABLE_TEXT_MESSAGE = 'the request contains a NUL character, which no value here may hold'

/**
 * True when `error` is PostgreSQL's refusal of a NUL character in text.
 *
 * @example
 * if (isUnstorableText(error)) return badRequest(UNSTORABLE_TEXT_MESSAGE)
 */
export function isUnstorableText(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '22021'
}
