/**
 * @module The account page's words as it shows them: the server sends
 * them in the visitor's language with the account (`words`); here their
 * `{name}` placeholders are filled, as text for a `confirm()` or a label,
 * or as markup with each value isolated (`<bdi>`), so a right-to-left name
 * or address does not reorder the sentence around it.
 */
import { html, type TemplateResult } from 'lit'
import type { ConsoleAccount } from '../../../shared/console-wire.js'

export type AccountWords = ConsoleAccount['words']

/**
 * A sentence as text, its placeholders filled.
 *
 * @example
 * sayText('Disconnect {app}', { app: 'Shop' }) // 'Disconnect Shop'
 */
export const sayText = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole)

/**
 * A sentence as markup, each filled value in its own `<bdi>`.
 *
 * @example
 * say('Your address is {email}.', { email: 'ada@example.com' })
 */
export function say(template: string, values: Record<string, string>): TemplateResult {
  const parts = template.split(/\{(\w+)\}/)
  // split() with a group puts the placeholders' names at the odd places.
  return html`${parts.map((part, index) => (index % 2 === 0 ? part : html`<bdi>${values[part] ?? `{${part}}`}</bdi>`))}`
}

/** What each scope lets an application see, in the page's words; an unknown scope as it is named. */
export function scopeSaid(scope: string, words: AccountWords): string {
  const known: Record<string, string> = {
    openid: words.scopeOpenid,
    profile: words.scopeProfile,
    email: words.scopeEmail,
    offline_access: words.scopeOfflineAccess,
    'svc.access': words.scopeSvcAccess,
  }
  return known[scope] ?? scope
}
