/**
 * @module Collects the refusals of one form's fields, so that a save is
 * answered with every field to fix at once (`{errors: {field: message}}`)
 * rather than with the first a check happens to reach.
 */
import { Refusal } from '../refusal.js'

/** Runs field checks, keeping each refusal under its form field. */
export interface FieldRefusals {
  /** The refusals so far, by form field. */
  readonly errors: Record<string, string>
  /** `read()`'s value, or `undefined` with its refusal kept under `field` (anything that is not a refusal is thrown on). */
  checked<T>(field: string, read: () => T): T | undefined
  /** The same for an asynchronous check. */
  checkedAsync<T>(field: string, read: () => Promise<T>): Promise<T | undefined>
  /** One sentence for the whole save: the one refusal, or how many fields and which. */
  message(what: string): string
}

/**
 * A fresh collector for one save.
 *
 * @example
 * const refusals = fieldRefusals()
 * const origins = refusals.checked('origins', () => stringList(input, 'origins').map(canonicalOrigin))
 * if (Object.keys(refusals.errors).length) return consoleError(c, 422, refusals.message('the key'), { errors: refusals.errors })
 */
export function fieldRefusals(): FieldRefusals {
  const errors: Record<string, string> = {}
  const keep = (field: string, error: unknown) => {
    if (!(error instanceof Refusal)) throw error
    errors[field] ??= error.message
    return undefined
  }
  return {
    errors,
    checked(field, read) {
      try {
        return read()
      } catch (error) {
        return keep(field, error)
      }
    },
    checkedAsync: (field, read) => read().catch((error: unknown) => keep(field, error)),
    message(what) {
      const fields = Object.keys(errors)
      return fields.length === 1 ? errors[fields[0]!]! : `${what} has ${fields.length} problems: ${fields.join(', ')}`
    },
  }
}
