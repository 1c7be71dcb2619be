/**
 * @module The consent form: the scopes a client asks for, in words, with
 * `Allow` and `Deny` buttons.
 */
import { escapeHtml } from '../../http/html.js'
import type { Locale } from '../../i18n/locale.js'
import { fill, pageStrings, type PageStrings } from '../../i18n/pages.js'

const SCOPE_WORDS: Record<string, keyof PageStrings> = {
  openid: 'scopeOpenid',
  profile: 'scopeProfile',
  email: 'scopeEmail',
  offline_access: 'scopeOfflineAccess',
  'svc.access': 'scopeSvcAccess',
}

export interface ConsentPageModel {
  clientName: string
  userName: string
  scopes: string[]
  interaction: string
  csrf: string
  locale: Locale
  /** The deployment's product name. */
  product: string
}

/**
 * The consent page's body.
 *
 * @example
 * htmlPage(c, 200, 'Allow access', consentPage({ clientName, userName, scopes, interaction, csrf, locale, product }))
 */
export function consentPage({ clientName, userName, scopes, interaction, csrf, locale, product }: ConsentPageModel): string {
  const t = pageStrings(locale, product)
  const words = (scope: string) => (Object.hasOwn(SCOPE_WORDS, scope) ? t[SCOPE_WORDS[scope]!] : scope)
  return `<h1>${escapeHtml(fill(t.consentHeading, { client: clientName }))}</h1>
<p>${escapeHtml(fill(t.consentIntro, { user: userName, client: clientName }))}</p>
<ul>${scopes.map((scope) => `<li>${escapeHtml(words(scope))}</li>`).join('')}</ul>
<form method="post" action="/oidc/authorize/consent">
  <input type="hidden" name="interaction" value="${escapeHtml(interaction)}">
  <input type="hidden" name="csrf" value="${escapeHtml(csrf)}">
  <div class="actions">
    <button class="primary" type="submit" name="decision" value="allow">${t.allow}</button>
    <button type="submit" name="decision" value="deny">${t.deny}</button>
  </div>
</form>`
}
