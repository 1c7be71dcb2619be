/**
 * @module The consent form: who asks (the client's name, logo and
 * registered policies), the scopes it asks for, in words, `Allow` and
 * `Deny`, and a way out for a visitor signed in as someone else.
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
  client: { name: string; logoUri: string | null; privacyPolicyUrl: string | null; termsOfServiceUrl: string | null }
  userName: string
  scopes: string[]
  interaction: string
  csrf: string
  /** The same authorization request asking for a fresh sign-in. */
  anotherAccountHref: string
  locale: Locale
}

/**
 * The consent page's body.
 *
 * @example
 * htmlPage(c, 200, 'Allow access', consentPage({ client, userName, scopes, interaction, csrf, anotherAccountHref, locale }))
 */
export function consentPage({ client, userName, scopes, interaction, csrf, anotherAccountHref, locale }: ConsentPageModel): string {
  const t = pageStrings(locale)
  const words = (scope: string) => (Object.hasOwn(SCOPE_WORDS, scope) ? t[SCOPE_WORDS[scope]!] : scope)
  // The client's own pages open beside the consent form, which stays where it is.
  const outLink = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${escapeHtml(label)}</a>`
  const policies = [
    client.privacyPolicyUrl ? outLink(client.privacyPolicyUrl, t.privacyPolicy) : '',
    client.termsOfServiceUrl ? outLink(client.termsOfServiceUrl, t.termsOfService) : '',
  ].filter(Boolean)
  const logo = client.logoUri
    ? `<img class="client-logo" src="${escapeHtml(client.logoUri)}" alt="" width="48" height="48" referrerpolicy="no-referrer" style="display: block; object-fit: contain; border-radius: 8px; margin: 0 0 .75rem">`
    : ''
  return `${logo}<h1 dir="auto">${escapeHtml(fill(t.consentHeading, { client: client.name }))}</h1>
<p dir="auto">${escapeHtml(fill(t.consentIntro, { user: userName, client: client.name }))}</p>
<ul>${scopes.map((scope) => `<li>${escapeHtml(words(scope))}</li>`).join('')}</ul>
${policies.length > 0 ? `<p class="hint">${policies.join(' · ')}</p>` : ''}
<form method="post" action="/oidc/authorize/consent">
  <input type="hidden" name="interaction" value="${escapeHtml(interaction)}">
  <input type="hidden" name="csrf" value="${escapeHtml(csrf)}">
  <div class="actions">
    <button class="primary" type="submit" name="decision" value="allow">${t.allow}</button>
    <button type="submit" name="decision" value="deny">${t.deny}</button>
  </div>
</form>
<p class="hint" dir="auto">${escapeHtml(fill(t.notYou, { user: userName }))} <a href="${escapeHtml(anotherAccountHref)}">${escapeHtml(t.useAnotherAccount)}</a></p>`
}
