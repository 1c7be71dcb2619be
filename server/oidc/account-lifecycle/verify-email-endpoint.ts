/**
 * @module `/verify-email`: where the sign-up mail's link lands. GET only
 * shows a `Confirm and sign in` button (mail scanners open links; they
 * must neither use the link up nor get the session); its POST confirms
 * the address (ending whatever the account held before it was proven), signs the account in, and continues the authorization
 * request the visitor signed up from, or says they are signed in. A link
 * that moves an account to a new address also asks for that account's
 * password: otherwise anyone could mail a stranger "confirm this address"
 * and, with one click, own an account under the stranger's confirmed
 * address. A link used, expired or never ours gets a page with the way to
 * a new one.
 */
import { signInOrAskCode } from '../sign-in/second-factor.js'
import { Hono, type Context } from 'hono'
import { htmlPage } from '../../pages/html-page.js'
import { messagePage } from '../../pages/message-page.js'
import { confirmEmail, verificationTarget, type VerificationTarget } from '../../account-changes/email-verification.js'
import { checkCredentials } from '../sign-in/check-credentials.js'
import type { LoginThrottle } from '../../http/login-throttle.js'
import { csrfToken } from '../csrf.js'
import { confirmEmailPage } from '../pages/password-pages.js'
import { deadLink, deadLinkAnswer } from './dead-link.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { languageField, lifecycleBodyLimit, readLifecycleForm } from './lifecycle-request.js'
import { requestLocale } from '../../i18n/request-locale.js'
import { fill } from '../../i18n/pages.js'
import { pageWords, requestBranding } from '../../pages/request-branding.js'
import { ANNOUNCE_SIGNED_IN } from '../pages/signed-in-elsewhere.js'
import { endUnprovenAccess } from '../../account-changes/proven-mailbox.js'

/**
 * Builds the confirmation page, mounted at `/verify-email`.
 *
 * @example
 * app.route('/verify-email', verifyEmailEndpoint(provider, { throttle }))
 */
export function verifyEmailEndpoint(provider: IdentityProviderContext, { throttle }: { throttle: LoginThrottle }): Hono {
  const app = new Hono()
  const dead = (c: Context, token: string) => deadLink(c, provider, token, 'verify_email')
  const page = (c: Context, status: 200 | 400 | 401 | 403 | 429 | 503, token: string, target: VerificationTarget, error?: string) =>
    htmlPage(
      c,
      status,
      pageWords(c).confirmEmailHeading,
      confirmEmailPage(
        { csrf: csrfToken(c, provider), token, ...languageField(c) },
        target.email,
        target.change,
        requestLocale(c),
        requestBranding(c).name,
        error,
      ),
    )
  app.get('/', async (c) => {
    const token = c.req.query('token') ?? ''
    const target = await verificationTarget(provider, token)
    if (!target) return dead(c, token)
    return page(c, 200, token, target)
  })
  app.post(
    '/',
    lifecycleBodyLimit((c) => deadLinkAnswer(c, 'verify_email', 'unknown')),
    async (c) => {
      const form = await readLifecycleForm(c, provider)
      const t = pageWords(c)
      if (!(form instanceof URLSearchParams)) return htmlPage(c, form.status, t.confirmEmailHeading, messagePage(t.tryAgain, form.problem))
      const token = form.get('token') ?? ''
      const target = await verificationTarget(provider, token)
      if (!target) return dead(c, token)
      if (target.change) {
        // The account's own password, checked (and throttled) as on the login page.
        const check = await checkCredentials(c, provider, throttle, target.user.email, form.get('password') ?? '')
        if ('error' in check || check.user.id !== target.user.id) {
          const refusal = 'error' in check ? check : { status: 401 as const, error: pageWords(c).confirmChangeWithPassword }
          if ('retryAfter' in refusal && refusal.retryAfter !== undefined) c.header('Retry-After', String(refusal.retryAfter))
          return page(c, refusal.status, token, target, refusal.error)
        }
      }
      const confirmed = await confirmEmail(provider, token, (trx, user, now) => endUnprovenAccess(trx, provider.events, user, now))
      if (!confirmed) return dead(c, token)
      const held = await signInOrAskCode(c, provider, confirmed.user, ['email'], confirmed.continueTo ?? undefined)
      if (held) return held
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
