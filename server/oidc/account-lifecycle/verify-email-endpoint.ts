/**
 * @module `/verify-email`: where the sign-up mail's link lands. GET only
 * shows a `Confirm and sign in` button (mail scanners open links; they
 * must neither use the link up nor get the session); its POST confirms
 * the address (ending whatever the account held before it was proven), signs the account in, and continues the authorization
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
import { languageField, lifecycleBodyLimit, readLifecycleForm } from './lifecycle-request.js'
import { requestLocale, withLanguage } from '../../i18n/request-locale.js'
import { fill } from '../../i18n/pages.js'
import { pageWords, requestBranding } from '../../pages/request-branding.js'
import { ANNOUNCE_SIGNED_IN } from '../pages/signed-in-elsewhere.js'
import { endUnprovenAccess } from './proven-mailbox.js'

const expired = (c: Context) => {
  const locale = requestLocale(c)
  const t = pageWords(c)
  return htmlPage(
    c,
    400,
    t.linkExpiredTitle,
    linkExpiredPage(withLanguage(c, '/forgot-password'), t.mailSetPasswordLink, t.verifyExpiredNote, locale, requestBranding(c).name),
  )
}

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
    const locale = requestLocale(c)
    return htmlPage(
      c,
      200,
      pageWords(c).confirmEmailHeading,
      confirmEmailPage(
        { csrf: csrfToken(c, provider), token, ...languageField(c) },
        target.email,
        target.change,
        locale,
        requestBranding(c).name,
      ),
    )
  })
  app.post(
    '/',
    lifecycleBodyLimit((c) => expired(c)),
    async (c) => {
      const form = await readLifecycleForm(c, provider)
      const t = pageWords(c)
      if (!(form instanceof URLSearchParams)) return htmlPage(c, form.status, t.confirmEmailHeading, messagePage(t.tryAgain, form.problem))
      const confirmed = await confirmEmail(provider, form.get('token') ?? '', (trx, user, now) =>
        endUnprovenAccess(trx, provider.events, user, now),
      )
      if (!confirmed) return expired(c)
      await endSession(c, provider, await currentSession(c, provider))
      await startSession(c, provider, confirmed.user)
      if (confirmed.continueTo) return c.redirect(confirmed.continueTo, 303)
      const done = pageWords(c)
      return htmlPage(
        c,
        200,
        done.emailConfirmedTitle,
        messagePage(done.emailConfirmedTitle, fill(done.emailConfirmed, { name: confirmed.user.name, email: confirmed.user.email }), {
          href: '/console/account',
          text: done.goToYourAccount,
        }),
        { script: ANNOUNCE_SIGNED_IN },
      )
    },
  )
  return app
}
