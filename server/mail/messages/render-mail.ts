/**
 * @module Turns one mail's strings (a table per language) into its text and HTML parts: paragraphs with `{placeholders}`
 * filled in, one button-like link, and a closing note. Values are escaped
 * in the HTML part; links are absolute, so they work from any mail reader.
 * `{product}` is the deployment's product name; its logo heads the HTML
 * part and its colour is the button's.
 */
import { escapeHtml } from '../../http/html.js'
import type { OutgoingMail } from '../mail-outbox.js'
import type { Locale } from '../../i18n/locale.js'
import type { Branding } from '../../branding.js'

/** The languages mails are written in: those of svc's pages. */
export type MailLocale = Locale

export interface MailStrings {
  subject: string
  /** Paragraphs before the link. */
  paragraphs: string[]
  /** The link's words. */
  action: string
  /** Paragraphs after the link. */
  after: string[]
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
}

/**
 * Fills `{name}`-style placeholders.
 *
 * @example
 * fill('Hello {name},', { name: 'Ada' }) // 'Hello Ada,'
 */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole)
}

/**
 * Writes a mail from its strings, the values of their placeholders and the link, in the deployment's branding.
 *
 * @example
 * renderMail('ada@example.com', STRINGS.en, { name: 'Ada' }, 'https://id.example/verify-email?token=…', 'en', DEFAULT_BRANDING)
 */
export function renderMail(
  to: string,
  strings: MailStrings,
  mailValues: Record<string, string>,
  link: string,
  locale: MailLocale,
  branding: Branding,
): OutgoingMail {
  const values = { ...mailValues, product: branding.name }
  const logo = branding.logoUrl
    ? `<p><img src="${escapeHtml(branding.logoUrl)}" alt="${escapeHtml(branding.name)}" height="48" style="height: 48px; width: auto; border: 0"></p>\n`
    : ''
  const before = strings.paragraphs.map((p) => fill(p, values))
  const after = strings.after.map((p) => fill(p, values))
  const action = fill(strings.action, values)
  // French sets a (no-break) space before a colon.
  const colon = locale === 'fr' ? '\u00a0:' : ':'
  const text = [...before, `${action}${colon}\n${link}`, ...after].join('\n\n') + '\n'
  const html = `<!doctype html>
<html lang="${locale}"><body style="font: 16px/1.5 system-ui, sans-serif; color: #1f2328">
${logo}${before.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display: inline-block; background: ${branding.color}; color: ${branding.textColor}; padding: .5rem 1.1rem; border-radius: 6px; text-decoration: none">${escapeHtml(action)}</a></p>
<p style="font-size: 14px; overflow-wrap: anywhere; word-break: break-all">${OPEN_THIS_ADDRESS[locale]} ${escapeHtml(link)}</p>
${after.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body></html>
`
  return { to, subject: fill(strings.subject, values), text, html }
}
