/**
 * @module The one rule for an e-mail address svc stores, looks up or mails:
 * a plain `local@domain`. No spaces and none of `, ; < > " ( ) [ ] : \`,
 * so no mail library can read it as a list, a display name, a group or a
 * quoted local part, and the mailbox that confirms an address is the one
 * svc recorded. Control and invisible formatting characters are refused
 * too. Used by sign-up, the e-mail change, "Forgot password?", invitations,
 * the login form, the CLI and `createUser`.
 */

// Everything outside the plain form: white space, the address-list and
// display-name syntax of RFC 5322, control and formatting characters.
const NOT_PLAIN = String.raw`\s@,;<>"()[\]:\\\p{Cc}\p{Cf}`

/** A plain address: one `@`, a dot in the domain, nothing from {@link NOT_PLAIN}. */
export const PLAIN_EMAIL = new RegExp(`^[^${NOT_PLAIN}]+@[^${NOT_PLAIN}]+\\.[^${NOT_PLAIN}]+$`, 'u')

// A sender may be a host without a dot (`no-reply@localhost`, the default): it is the operator's setting, not typed by anyone.
const PLAIN_SENDER = new RegExp(`^[^${NOT_PLAIN}]+@[^${NOT_PLAIN}]+$`, 'u')

/** The longest address SMTP carries (RFC 5321's path limit less the brackets). */
export const EMAIL_MAX_LENGTH = 254

/**
 * True when `value`, as it stands, is a plain address (see the module).
 *
 * @example
 * isPlainEmailAddress('ada@example.com') // true
 * isPlainEmailAddress('x,victim@mail.example') // false
 */
export function isPlainEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && PLAIN_EMAIL.test(value)
}

/**
 * The address as svc stores it (trimmed, lower-cased), or `undefined` when
 * what was typed is not one plain address.
 *
 * @example
 * plainEmailAddress(' Ada@Example.com ') // 'ada@example.com'
 * plainEmailAddress('"Support"<attacker@evil.example>') // undefined
 */
export function plainEmailAddress(typed: string): string | undefined {
  const address = typed.trim().toLowerCase()
  return isPlainEmailAddress(address) ? address : undefined
}

/** A mailbox as nodemailer takes it: an object, so it never parses a string as a list. */
export interface Mailbox {
  name: string
  address: string
}

/**
 * Reads a sender setting (`SVC_MAIL_FROM`): `Name <address>`, `"Name" <address>`
 * or a bare address; `undefined` when it is not one plain mailbox.
 *
 * @example
 * mailboxFromSetting('Shop <no-reply@shop.example>') // { name: 'Shop', address: 'no-reply@shop.example' }
 */
export function mailboxFromSetting(setting: string): Mailbox | undefined {
  const trimmed = setting.trim()
  const plainSender = (address: string) => address.length <= EMAIL_MAX_LENGTH && PLAIN_SENDER.test(address)
  if (plainSender(trimmed)) return { name: '', address: trimmed }
  const match = /^(?:"([^"]*)"|([^"<>]*?))\s*<([^<>]*)>$/u.exec(trimmed)
  if (!match) return undefined
  const name = (match[1] ?? match[2] ?? '').trim()
  const address = match[3]!.trim()
  if (/\p{Cc}/u.test(name) || !plainSender(address)) return undefined
  return { name, address }
}
