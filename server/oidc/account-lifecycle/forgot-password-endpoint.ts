/**
 * @module `/forgot-password`: the "Forgot password?" page. The answer is
 * the same whether or not the address has an account; only an account's
 * owner gets a mail, with a link to set a new password (30 minutes). The
 * form is throttled like sign-up's, both being ways to make svc mail an
 * address, and carries `return` so the visitor continues where they were.
 * The look-up, the link and the mail happen after the answer, through a
 * bounded background queue: the answer does the same work, and takes the
 * same time, whether or not the address has an account (a lookup that
 * found one took about half a millisecond more). A full queue answers 503.
 */
import { Hono, type Context } from 'hono'
import { clientAddress } from '../../http/client-address.js'
import { htmlPage } from '../../pages/html-page.js'
import { messagePage } from '../../pages/message-page.js'
import type { AccountMailThrottle } from '../../account-changes/account-mail-throttle.js'
import { requestPasswordReset } from '../../account-changes/password-reset.js'
import { isPlainEmailAddress } from '../../../shared/email-address.js'
import { type BackgroundQueue, backgroundQueue } from '../../accounts/background-queue.js'
import { csrfToken } from '../csrf.js'
import { forgotPasswordPage } from '../pages/password-pages.js'
import { tryAgainIn } from '../pages/sign-in-messages.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { continueToFrom, languageField, lifecycleBodyLimit, readLifecycleForm } from './lifecycle-request.js'
import { requestLocale, withLanguage } from '../../i18n/request-locale.js'
import { fill } from '../../i18n/pages.js'
import { pageWords, requestBranding } from '../../pages/request-branding.js'
import { CLOSE_POPUP_WHEN_SIGNED_IN_ELSEWHERE } from '../pages/signed-in-elsewhere.js'

/** How many reset requests may wait for their look-up: a few hundred bytes each. */
export const RESET_REQUESTS_WAITING = 1000

/**
 * Builds the page, mounted at `/forgot-password`.
 *
 * @example
 * app.route('/forgot-password', forgotPasswordEndpoint(provider, { mailThrottle }))
 */
export function forgotPasswordEndpoint(
  provider: IdentityProviderContext,
  {
    mailThrottle,
    // One at a time, as the database takes one writer; the mail throttle keeps any one caller to a few.
    resetRequests = backgroundQueue({ what: 'password reset request', concurrency: 1, waiting: RESET_REQUESTS_WAITING }),
  }: { mailThrottle: AccountMailThrottle; resetRequests?: BackgroundQueue },
): Hono {
  const app = new Hono()
  const page = (
    c: Context,
    status: 200 | 400 | 403 | 429 | 503,
    continueTo: string | null,
    model: { email?: string; error?: string; problem?: string } = {},
  ) => {
    const locale = requestLocale(c)
    return htmlPage(
      c,
      status,
      pageWords(c).resetYourPassword,
      forgotPasswordPage({
        hidden: { csrf: csrfToken(c, provider), ...languageField(c), ...(continueTo ? { return: continueTo } : {}) },
        signInHref: continueTo ? continueTo : withLanguage(c, '/login'),
        locale,
        product: requestBranding(c).name,
        ...model,
      }),
    )
  }

  app.get('/', (c) => page(c, 200, continueToFrom(c.req.query('return'))))
  app.post(
    '/',
    lifecycleBodyLimit((c) => page(c, 400, null, { problem: pageWords(c).formTooLarge })),
    async (c) => {
      const form = await readLifecycleForm(c, provider)
      if (!(form instanceof URLSearchParams)) return page(c, form.status, null, { problem: form.problem })
      const continueTo = continueToFrom(form.get('return'))
      const locale = requestLocale(c)
      const t = pageWords(c)
      const email = (form.get('email') ?? '').trim()
      if (!isPlainEmailAddress(email))
        return page(c, 400, continueTo, {
          email: email.slice(0, 254),
          error: t.enterAccountEmail,
        })
      const wait = await mailThrottle.admit({ address: clientAddress(c), email })
      if (wait !== undefined) {
        c.header('Retry-After', String(wait))
        return page(c, 429, continueTo, {
          email,
          problem: `${t.tooManyResets} ${tryAgainIn(wait, locale)}`,
        })
      }
      if (!resetRequests.offer(() => requestPasswordReset(provider, email, continueTo, locale))) {
        c.header('Retry-After', '5')
        return page(c, 503, continueTo, { email, problem: t.resetRequestsBusy })
      }
      return htmlPage(c, 200, t.checkEmail, messagePage(t.checkEmail, fill(t.resetSent, { email: email.toLowerCase() })), {
        script: CLOSE_POPUP_WHEN_SIGNED_IN_ELSEWHERE,
      })
    },
  )
  return app
}
