/**
 * @module `/login`: signing in at svc outside an authorization request,
 * as FedCM's `login_url` opens it in a popup. The same labelled form and
 * protections as the authorization flow's; once signed in, the page tells
 * the browser (`Set-Login: logged-in`) and closes the FedCM popup.
 */
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { oneRequestPerTurn } from '../../http/yielding-lane.js'
import type { LoginThrottle } from '../sign-in/login-throttle.js'
import { csrfToken, csrfTokenMatches } from '../csrf.js'
import { checkCredentials, LOGIN_MAX_LENGTH } from '../sign-in/check-credentials.js'
import { htmlPage } from '../../pages/html-page.js'
import { loginPage } from '../pages/login-page.js'
import { messagePage } from '../../pages/message-page.js'
import type { Provider } from '../provider.js'
import { currentSession, endSession, startSession } from '../sessions.js'

const CLOSE_POPUP = 'if (window.IdentityProvider && IdentityProvider.close) IdentityProvider.close()'

function loginForm(csrf: string, email = '', error?: string, signupOpen = true): string {
  return loginPage({
    heading: 'Sign in to svc',
    action: '/login',
    hidden: { csrf },
    loginHint: email || undefined,
    error,
    accountLinks: { forgotPasswordHref: '/forgot-password', ...(signupOpen ? { signUpHref: '/signup' } : {}) },
  })
}

/**
 * Builds the login page, mounted at `/login`.
 *
 * @example
 * app.route('/login', standaloneLogin(provider, { throttle }))
 */
export function standaloneLogin(
  provider: Provider,
  { throttle, signup = 'open' }: { throttle: LoginThrottle; signup?: 'open' | 'closed' },
): Hono {
  const app = new Hono()
  const open = signup === 'open'
  app.get('/', (c) => htmlPage(c, 200, 'Sign in', loginForm(csrfToken(c, provider), '', undefined, open)))
  app.post(
    '/',
    oneRequestPerTurn(),
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (c) => htmlPage(c, 400, 'Sign in', loginForm(csrfToken(c, provider), '', 'The form is too large.', open)),
    }),
    async (c) => {
      if (!(c.req.header('Content-Type') ?? '').startsWith('application/x-www-form-urlencoded')) {
        return htmlPage(c, 400, 'Sign in', loginForm(csrfToken(c, provider), '', 'The form was not sent as a form.', open))
      }
      const form = new URLSearchParams(await c.req.text())
      if (!csrfTokenMatches(c, provider, form.get('csrf'))) {
        return htmlPage(
          c,
          403,
          'Sign in',
          loginForm(csrfToken(c, provider), '', 'The form expired or did not come from this site. Try again.', open),
        )
      }
      const email = (form.get('email') ?? '').trim()
      const check = await checkCredentials(c, provider, throttle, email, form.get('password') ?? '')
      if ('error' in check) {
        if (check.retryAfter !== undefined) c.header('Retry-After', String(check.retryAfter))
        // The e-mail typed is kept, unless it was too long to be anyone's.
        const kept = email.length <= LOGIN_MAX_LENGTH ? email : ''
        return htmlPage(c, check.status, 'Sign in', loginForm(csrfToken(c, provider), kept, check.error, open))
      }
      const { user } = check
      await endSession(c, provider, await currentSession(c, provider))
      await startSession(c, provider, user)
      return htmlPage(c, 200, 'Signed in', messagePage('You are signed in', `Signed in as ${user.name}. You can close this window.`), {
        script: CLOSE_POPUP,
      })
    },
  )
  return app
}
