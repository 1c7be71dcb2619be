/**
 * @module The consent form: who asks (the client's name, logo and
 * registered policies), the scopes it asks for, in words, `Allow` and
 * `Deny`, and a way out for a visitor signed in as someone else.
 */
import { type Html, html, joinHtml } from '../../http/html.js'
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
  /** The deployment's product name. */
  product: string
}

/**
 * The consent page's body.
 *
 * @example
 * htmlPage(c, 200, 'Allow access', consentPage({ client, userName, scopes, interaction, csrf, anotherAccountHref, locale, product }))
 */
export function consentPage({ client, userName, scopes, interaction, csrf, anotherAccountHref, locale, product }: ConsentPageModel): Html {
  const t = pageStrings(locale, product)
  const words = (scope: string) => (Object.hasOwn(SCOPE_WORDS, scope) ? t[SCOPE_WORDS[scope]!] : scope)
  // The client's own pages open beside the consent form, which stays where it is.
  const outLink = (href: string, label: string) => html`<a href="${href}" target="_blank" rel="noopener noreferrer">${label}</a>`
  const policies = [
    client.privacyPolicyUrl ? outLink(client.privacyPolicyUrl, t.privacyPolicy) : undefined,
    client.termsOfServiceUrl ? outLink(client.termsOfServiceUrl, t.termsOfService) : undefined,
  ].filter((link) => link !== undefined)
  const logo = client.logoUri
    ? html`<img class="client-logo" src="${client.logoUri}" alt="" width="48" height="48" referrerpolicy="no-referrer" style="display: block; object-fit: contain; border-radius: 8px; margin: 0 0 .75rem">`
    : ''
  return html`${logo}<h1 dir="auto">${fill(t.consentHeading, { client: client.name })}</h1>
<p dir="auto">${fill(t.consentIntro, { user: userName, client: client.name })}</p>
<ul>${scopes.map((scope) => html`<li>${words(scope)}</li>`)}</ul>
${policies.length > 0 ? html`<p class="hint">${joinHtml(policies, ' · ')}</p>` : ''}
<form method="post" action="/oidc/authorize/consent">
  <input type="hidden" name="interaction" value="${interaction}">
  <input type="hidden" name="csrf" value="${csrf}">
  <div class="actions">
    <button class="primary" type="submit" name="decision" value="allow">${t.allow}</button>
    <button type="submit" name="decision" value="deny">${t.deny}</button>
  </div>
</form>
<p class="hint" dir="auto">${fill(t.notYou, { user: userName })} <a href="${anotherAccountHref}">${t.useAnotherAccount}</a></p>`
}
