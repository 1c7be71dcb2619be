/**
 * @module The one rule for a person's name as svc stores it (the `name`,
 * `given_name` and `family_name` claims, an invitee's name): one line of
 * text. Control characters (line breaks and tabs included) would let a name
 * write extra lines into a mail or a log; the text-direction controls
 * (embeddings, overrides, isolates, marks) would make it read differently
 * from what it holds, on a page or in a partner's UI. Every path that sets
 * a name checks it: sign-up, the account page, invitations (console and
 * CLI), `user create` and `createUser`.
 */
import { PERSON_NAME_MAX } from '../../shared/field-limits.js'

/** The longest name svc keeps. */
export const NAME_MAX_LENGTH = PERSON_NAME_MAX

// \p{Cc}: C0 and C1 controls, CR, LF and TAB among them; \p{Zl}\p{Zp}: the Unicode line and paragraph
// separators (U+2028, U+2029), line breaks too. The rest are the Unicode bidi controls:
// ALM, LRM, RLM, LRE–RLO (U+202A–U+202E) and LRI–PDI (U+2066–U+2069).
const NOT_IN_A_NAME = /[\p{Cc}\p{Zl}\p{Zp}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u

/**
 * True when `name` holds a character no name may: a control character or a text-direction control.
 *
 * @example
 * hasUnsafeNameCharacters('Grace\nVisit https://evil.example') // true
 * hasUnsafeNameCharacters('Ada Lovelace') // false
 */
export function hasUnsafeNameCharacters(name: string): boolean {
  return NOT_IN_A_NAME.test(name)
}

/**
 * True when `name` (already trimmed) may be stored as a name: 1 to 200 characters, one line, no direction controls.
 *
 * @example
 * isPersonName('Ada Lovelace') // true
 * isPersonName('') // false
 */
export function isPersonName(name: string): boolean {
  return name !== '' && name.length <= NAME_MAX_LENGTH && !hasUnsafeNameCharacters(name)
}

/** The refusal every write path shows for a name, naming the rule. */
export const NAME_RULE = `must be 1 to ${NAME_MAX_LENGTH} characters on one line, without control characters or text-direction overrides`
