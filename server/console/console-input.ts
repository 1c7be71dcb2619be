/**
 * @module Reads the fields of the console API's JSON bodies strictly: a
 * field of the wrong type is refused naming it (422), never coerced (a
 * `[5]` read as 5) or silently dropped (`"yes"` read as false).
 */
import { InvalidInput } from '../invalid-input.js'

/**
 * A list of URLs or origins, given as an array or as one string of lines
 * (a form's textarea, one per line); absent is empty. A line of several
 * URLs separated by spaces gives each; any other line is kept whole, so
 * that a refusal quotes what was typed (`"not a url"`, not `"not"`).
 *
 * @example
 * const redirectUris = stringList(input, 'redirect_uris')
 */
export function stringList(input: Record<string, unknown>, field: string): string[] {
  const value = input[field]
  if (value === undefined || value === null) return []
  if (typeof value === 'string')
    return value
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
      .flatMap((line) => {
        const words = line.split(/\s+/)
        return words.every((word) => word.includes('://')) ? words : [line]
      })
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.filter(Boolean)
  throw new InvalidInput(field, `${field} must be a list of strings`)
}

/**
 * A trimmed string, or `undefined` when absent or blank.
 *
 * @example
 * const webhookUrl = optionalText(input, 'webhook_url')
 */
export function optionalText(input: Record<string, unknown>, field: string): string | undefined {
  const value = input[field]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw new InvalidInput(field, `${field} must be a string`)
  return value.trim() === '' ? undefined : value.trim()
}

/**
 * A boolean; absent is false.
 *
 * @example
 * const isPublic = flag(input, 'public')
 */
export function flag(input: Record<string, unknown>, field: string): boolean {
  const value = input[field]
  if (value === undefined || value === null) return false
  if (typeof value !== 'boolean') throw new InvalidInput(field, `${field} must be true or false`)
  return value
}

/**
 * A whole number, given as a number or a string of digits; absent or blank is `undefined`.
 *
 * @example
 * const rateLimit = optionalWholeNumber(input, 'rate_limit')
 */
export function optionalWholeNumber(input: Record<string, unknown>, field: string): number | undefined {
  const value = input[field]
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value === 'number' && Number.isInteger(value)) return value
  if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) return Number(value.trim())
  throw new InvalidInput(field, `${field} must be a whole number`)
}

/** The largest id a row has: PostgreSQL's `integer`, which refuses a larger number outright. */
const LARGEST_ROW_ID = 2 ** 31 - 1

/**
 * A row id from a path: digits only, so that `8.0`, `0x8` or ` 8` name no
 * row, and no larger than an id can be (PostgreSQL would fail the query).
 *
 * @example
 * const id = rowId(c.req.param('id')) // undefined for 'abc' or '99999999999'
 */
export function rowId(value: string | undefined): number | undefined {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= LARGEST_ROW_ID ? Number(value) : undefined
}
