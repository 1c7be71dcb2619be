/**
 * @module The sign-in form: labelled `Email` and `Password` fields and a
 * `Sign in` button, carrying the sealed interaction and the CSRF token.
 */
import { escapeHtml } from './html-page.js'

export interface LoginPageModel {
  clientName: string
  interaction: string
  csrf: string
  loginHint?: string
  error?: string
}

/**
 * The login page's body.
 *
 * @example
 * htmlPage(c, 200, 'Sign in', loginPage({ clientName: 'Shop', interaction, csrf }))
 */
export function loginPage({ clientName, interaction, csrf, loginHint, error }: LoginPageModel): string {
  return `<h1>Sign in to continue to ${escapeHtml(clientName)}</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/oidc/authorize/login">
  <input type="hidden" name="interaction" value="${escapeHtml(interaction)}">
  <input type="hidden" name="csrf" value="${escapeHtml(csrf)}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(loginHint ?? '')}"${loginHint ? '' : ' autofocus'}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${loginHint ? ' autofocus' : ''}>
  <div class="actions"><button class="primary" type="submit">Sign in</button></div>
</form>`
}
