/**
 * @module `/verify-email`: where the sign-up mail's link lands. GET only
 * shows a `Confirm and sign in` button (mail scanners open links; they
 * must neither use the link up nor get the session); its POST confirms
 * the address, signs the account in, and continues the authorization
 * request the visitor signed up from, or says they are signed in. A link
 * used, expired or never ours gets a page with the way to a new one.
 */
import { Hono, type Context } from 'hono'
import { htmlPage } from '../../pages/html-page.js'
import { messagePage } from '../../pages/message-page.js'
import { confirmEmail, verificationTarget } from '../../accounts/email-verification.js'
import { csrfToken } from '../csrf.js'
import { confirmEmailPage, linkExpiredPage } from '../pages/password-pages.js'
import type { Provider } from '../provider.js'
import { currentSession, endSession, startSession } from '../sessions.js'
import { lifecycleBodyLimit, readLifecycleForm } from './lifecycle-request.js'

const expired = (c: Context) =>
  htmlPage(
    c,
    400,
    'Link expired',
    linkExpiredPage(
      '/forgot-password',
      'Mail me a link to set my password',
      'Your account exists: sign in with your password, or have a link mailed to set a new one, which also confirms your address.',
    ),
  )

/**
 * Builds the confirmation page, mounted at `/verify-email`.
 *
 * @example
 * app.route('/verify-email', verifyEmailEndpoint(provider))
 */
export function verifyEmailEndpoint(provider: Provider): Hono {
  const app = new Hono()
  app.get('/', async (c) => {
    const token = c.req.query('token') ?? ''
    const target = await verificationTarget(provider, token)
    if (!target) return expired(c)
    return htmlPage(
      c,
      200,
      'Confirm your e-mail address',
      confirmEmailPage({ csrf: csrfToken(c, provider), token }, target.email, target.change),
    )
  })
  app.post(
    '/',
    lifecycleBodyLimit((c) => expired(c)),
    async (c) => {
      const form = await readLifecycleForm(c, provider)
      if (!(form instanceof URLSearchParams))
        return htmlPage(c, form.status, 'Confirm your e-mail address', messagePage('Try again', form.problem))
      const confirmed = await confirmEmail(provider, form.get('token') ?? '')
      if (!confirmed) return expired(c)
      await endSession(c, provider, await currentSession(c, provider))
      await startSession(c, provider, confirmed.user)
      if (confirmed.continueTo) return c.redirect(confirmed.continueTo, 303)
      return htmlPage(
        c,
        200,
        'E-mail address confirmed',
        messagePage('E-mail address confirmed', `Thank you. You are signed in as ${confirmed.user.name} (${confirmed.user.email}).`),
      )
    },
  )
  return app
}
