/**
 * @module The consent form: the scopes a client asks for, in words, with
 * `Allow` and `Deny` buttons.
 */
import { escapeHtml } from '../../http/html.js'

const SCOPE_WORDS: Record<string, string> = {
  openid: 'Know who you are (your account code)',
  profile: 'See your name and profile picture',
  email: 'See your e-mail address',
  offline_access: 'Stay connected when you are not using it',
  'svc.access': 'See your svc roles and permissions',
}

export interface ConsentPageModel {
  clientName: string
  userName: string
  scopes: string[]
  interaction: string
  csrf: string
}

/**
 * The consent page's body.
 *
 * @example
 * htmlPage(c, 200, 'Allow access', consentPage({ clientName, userName, scopes, interaction, csrf }))
 */
export function consentPage({ clientName, userName, scopes, interaction, csrf }: ConsentPageModel): string {
  return `<h1>${escapeHtml(clientName)} wants to access your svc account</h1>
<p>Signed in as ${escapeHtml(userName)}. ${escapeHtml(clientName)} will be able to:</p>
<ul>${scopes.map((scope) => `<li>${escapeHtml(SCOPE_WORDS[scope] ?? scope)}</li>`).join('')}</ul>
<form method="post" action="/oidc/authorize/consent">
  <input type="hidden" name="interaction" value="${escapeHtml(interaction)}">
  <input type="hidden" name="csrf" value="${escapeHtml(csrf)}">
  <div class="actions">
    <button class="primary" type="submit" name="decision" value="allow">Allow</button>
    <button type="submit" name="decision" value="deny">Deny</button>
  </div>
</form>`
}
