/**
 * @module The password rule of sign-up and password reset, as NIST SP
 * 800-63B advises: long enough (12 characters at least), not one of the
 * common passwords (nor one with digits or symbols stuck on its ends, nor
 * one repeated), not the account's own e-mail address; no rules about
 * character classes. Each refusal is a sentence to show beside the field.
 */
import { COMMON_PASSWORDS } from './common-passwords.js'
import type { Locale } from '../i18n/locale.js'
import { FORM_ERRORS } from '../i18n/form-errors.js'
import { fill } from '../i18n/pages.js'

export const PASSWORD_MIN_LENGTH = 12
/** Longer is refused before hashing, so nobody makes scrypt chew on megabytes. */
export const PASSWORD_MAX_LENGTH = 1024

// Made on first use: splitting the list is a few ms of a server's start, which checks no password.
let commonPasswords: Set<string> | undefined

/**
 * Why the password may not be used, or `undefined` when it may.
 *
 * @example
 * passwordProblem('password1234', 'ada@example.com') // 'This is one of the most common passwords …'
 */
export function passwordProblem(password: string, email = '', locale: Locale = 'en'): string | undefined {
  const say = FORM_ERRORS[locale]
  const length = [...password].length
  if (length < PASSWORD_MIN_LENGTH) return fill(say.passwordTooShort, { min: PASSWORD_MIN_LENGTH, count: length })
  if (length > PASSWORD_MAX_LENGTH) return fill(say.passwordTooLong, { max: PASSWORD_MAX_LENGTH })
  const lower = password.normalize('NFKC').toLowerCase()
  if (new Set(lower).size < 5) return say.passwordRepetitive
  if (email !== '' && lower.includes(email.trim().toLowerCase())) return say.passwordHasEmail
  if (isCommon(lower)) return say.passwordCommon
  return undefined
}

/** On the list as is, with digits and symbols trimmed from its ends, or as a listed word repeated. */
function isCommon(lower: string): boolean {
  const common = (commonPasswords ??= new Set(COMMON_PASSWORDS.split(/\s+/)))
  if (common.has(lower)) return true
  const core = lower.replace(/^[\d\W_]+|[\d\W_]+$/gu, '')
  if (core.length >= 4 && common.has(core)) return true
  for (let size = 1; size <= lower.length / 2; size++) {
    if (lower.length % size !== 0) continue
    const unit = lower.slice(0, size)
    if (unit.repeat(lower.length / size) === lower && (common.has(unit) || size < 4)) return true
  }
  return false
}
