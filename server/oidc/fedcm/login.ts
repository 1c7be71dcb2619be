/**
 * @module `/login`: signing in at svc outside an authorization request,
 * as FedCM's `login_url` opens it in a popup. The same labelled form and
 * protections as the authorization flow's; once signed in, the page tells
 * the browser (`Set-Login: logged-in`) and closes the FedCM popup.
 */
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { UNUSABLE_PASSWORD_HASH, verifyPassword } from '../../accounts/passwords.js'
import { userByLogin } from '../../accounts/users.js'
import { clientAddress } from '../../http/client-address.js'
import type { LoginThrottle } from '../authorize/login-throttle.js'
import { csrfToken, csrfTokenMatches } from '../csrf.js'
import { escapeHtml, htmlPage } from '../pages/html-page.js'
import { messagePage } from '../pages/message-page.js'
import type { Provider } from '../provider.js'
import { currentSession, endSession, startSession } from '../sessions.js'

const CLOSE_POPUP = 'if (window.IdentityProvider && IdentityProvider.close) IdentityProvider.close()'

function loginForm(csrf: string, email = '', error?: string): string {
  return `<h1>Sign in to svc</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/login">
  <input type="hidden" name="csrf" value="${escapeHtml(csrf)}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}" autofocus>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <div class="actions"><button class="primary" type="submit">Sign in</button></div>
</form>`
}

/**
 * Builds the login page, mounted at `/login`.
 *
 * @example
 * app.route('/login', loginPage(provider, { throttle }))
 */
export function standaloneLogin(provider: Provider, { throttle }: { throttle: LoginThrottle }): Hono {
  const app = new Hono()
  app.get('/', (c) => htmlPage(c, 200, 'Sign in', loginForm(csrfToken(c))))
  app.post(
    '/',
    bodyLimit({ maxSize: 64 * 1024, onError: (c) => htmlPage(c, 400, 'Sign in', loginForm(csrfToken(c), '', 'The form is too large.')) }),
    async (c) => {
      if (!(c.req.header('Content-Type') ?? '').startsWith('application/x-www-form-urlencoded')) {
        return htmlPage(c, 400, 'Sign in', loginForm(csrfToken(c), '', 'The form was not sent as a form.'))
      }
      const form = new URLSearchParams(await c.req.text())
      if (!csrfTokenMatches(c, form.get('csrf'))) {
        return htmlPage(c, 403, 'Sign in', loginForm(csrfToken(c), '', 'The form expired or did not come from this site. Try again.'))
      }
      const email = (form.get('email') ?? '').trim()
      const wait = throttle.check(email, clientAddress(c))
      if (wait !== undefined)
        return htmlPage(
          c,
          429,
          'Sign in',
          loginForm(csrfToken(c), email, `Too many sign-in attempts. Try again in ${Math.ceil(wait / 60)} minutes.`),
        )
      const user = email === '' ? undefined : await userByLogin(provider.db, email)
      const passwordOk = await verifyPassword(form.get('password') ?? '', user?.password_hash ?? UNUSABLE_PASSWORD_HASH)
      if (!user || !passwordOk) return htmlPage(c, 401, 'Sign in', loginForm(csrfToken(c), email, 'The email or password is not right.'))
      await endSession(c, provider, await currentSession(c, provider))
      await startSession(c, provider, user)
      return htmlPage(c, 200, 'Signed in', messagePage('You are signed in', `Signed in as ${user.name}. You can close this window.`), {
        script: CLOSE_POPUP,
      })
    },
  )
  return app
}
