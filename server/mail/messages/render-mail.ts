/**
 * @module Turns one mail's strings (a table per language) into its text and HTML parts: paragraphs with `{placeholders}`
 * filled in, one button-like link, and a closing note. Values are escaped
 * in the HTML part; links are absolute, so they work from any mail reader.
 * `{product}` is the deployment's product name; its logo heads the HTML
 * part and its colour is the button's. Every mail opens with a greeting
 * from one table: by name only when the caller passes one, which it does
 * only for an address its account has confirmed (see {@link nameToGreet}):
 * a name typed at sign-up or in an invitation is anyone's text, and must
 * not reach a mailbox that never asked for it.
 */
import { html, joinHtml } from '../../http/html.js'
import type { OutgoingMail } from '../mail-outbox.js'
import type { Locale } from '../../i18n/locale.js'
import type { Branding } from '../../branding.js'
import type { UserRow } from '../../db/schema.js'

/** The languages mails are written in: those of svc's pages. */
export type MailLocale = Locale

export interface MailStrings {
  subject: string
  /** Paragraphs before the link, after the greeting. */
  paragraphs: string[]
  /** The link's words. */
  action: string
  /** Paragraphs after the link. */
  after: string[]
}

/** The first line of every mail: with the person's name, or without when the address is not proven. */
const GREETING: Record<MailLocale, { named: string; unnamed: string }> = {
  en: { named: 'Hello {name},', unnamed: 'Hello,' },
  de: { named: 'Hallo {name},', unnamed: 'Hallo,' },
  es: { named: 'Hola, {name}:', unnamed: 'Hola:' },
  fr: { named: 'Bonjour {name},', unnamed: 'Bonjour,' },
  it: { named: 'Ciao {name},', unnamed: 'Ciao,' },
  nl: { named: 'Hallo {name},', unnamed: 'Hallo,' },
  pt: { named: 'Olá, {name},', unnamed: 'Olá,' },
  'pt-PT': { named: 'Olá, {name},', unnamed: 'Olá,' },
}

/**
 * The name a mail to the account's own address may greet: the account's
 * name once its owner has confirmed the address, else none (until then,
 * whoever typed the address also typed the name).
 *
 * @example
 * resetPasswordMail({ to: user.email, name: nameToGreet(user), link, branding })
 */
export function nameToGreet(user: Pick<UserRow, 'name' | 'email_verified'>): string | undefined {
  return user.email_verified === 1 ? user.name : undefined
}

/** The line under the mail's button, for mail readers that hide it. */
const OPEN_THIS_ADDRESS: Record<MailLocale, string> = {
  en: 'Or open this address:',
  de: 'Oder öffnen Sie diese Adresse:',
  es: 'O abre esta dirección:',
  fr: 'Ou ouvrez cette adresse :',
  it: 'Oppure apri questo indirizzo:',
  nl: 'Of open dit adres:',
  pt: 'Ou abra este endereço:',
  'pt-PT': 'Ou abra este endereço:',
}

/**
 * Fills `{name}`-style placeholders.
 *
 * @example
 * fill('Hello {name},', { name: 'Ada' }) // 'Hello Ada,'
 */
export function fill(template: string, values: Record<string, string | undefined>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole)
}

/**
 * Writes a mail from its strings, the values of their placeholders and the
 * link, in the deployment's branding; it greets `values.name` when given,
 * and no one by name otherwise.
 *
 * @example
 * renderMail('ada@example.com', STRINGS.en, { name: 'Ada' }, 'https://id.example/verify-email?token=…', 'en', DEFAULT_BRANDING)
 */
export function renderMail(
  to: string,
  strings: MailStrings,
  { name, ...mailValues }: Record<string, string | undefined>,
  link: string,
  locale: MailLocale,
  branding: Branding,
): OutgoingMail {
  const values = { ...mailValues, product: branding.name }
  const greeting = name ? fill(GREETING[locale].named, { name }) : GREETING[locale].unnamed
  const logo = branding.logoUrl
    ? html`<p><img src="${branding.logoUrl}" alt="${branding.name}" height="48" style="height: 48px; width: auto; border: 0"></p>\n`
    : ''
  const before = [greeting, ...strings.paragraphs.map((p) => fill(p, values))]
  const after = strings.after.map((p) => fill(p, values))
  const action = fill(strings.action, values)
  // French sets a (no-break) space before a colon.
  const colon = locale === 'fr' ? '\u00a0:' : ':'
  const text = [...before, `${action}${colon}\n${link}`, ...after].join('\n\n') + '\n'
  const paragraphs = (texts: string[]) =>
    joinHtml(
      texts.map((p) => html`<p>${p}</p>`),
      '\n',
    )
  // The plain-text part above is text, never escaped; only this part is markup.
  const markup = html`<!doctype html>
<html lang="${locale}"><body style="font: 16px/1.5 system-ui, sans-serif; color: #1f2328">
${logo}${paragraphs(before)}
<p><a href="${link}" style="display: inline-block; background: ${branding.color}; color: ${branding.textColor}; padding: .5rem 1.1rem; border-radius: 6px; text-decoration: none">${action}</a></p>
<p style="font-size: 14px; overflow-wrap: anywhere; word-break: break-all">${OPEN_THIS_ADDRESS[locale]} ${link}</p>
${paragraphs(after)}
</body></html>
`
  return { to, subject: fill(strings.subject, values), text, html: String(markup) }
}
