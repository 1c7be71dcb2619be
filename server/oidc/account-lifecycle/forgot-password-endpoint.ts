/**
 * @module `/forgot-password`: the "Forgot password?" page. The answer is
 * the same whether or not the address has an account; only an account's
 * owner gets a mail, with a link to set a new password (30 minutes). The
 * form is throttled like sign-up's, both being ways to make svc mail an
 * address, and carries `return` so the visitor continues where they were.
 */
import { Hono, type Context } from 'hono'
import { clientAddress } from '../../http/client-address.js'
import { htmlPage } from '../../pages/html-page.js'
import { messagePage } from '../../pages/message-page.js'
import type { AccountMailThrottle } from './account-mail-throttle.js'
import { requestPasswordReset } from './password-reset.js'
import { EMAIL } from '../../accounts/users.js'
import { csrfToken } from '../csrf.js'
import { forgotPasswordPage } from '../pages/password-pages.js'
import { tryAgainIn } from '../pages/sign-in-messages.js'
import type { Provider } from '../provider.js'
import { continueToFrom, lifecycleBodyLimit, readLifecycleForm, signInHref } from './lifecycle-request.js'

/**
 * Builds the page, mounted at `/forgot-password`.
 *
 * @example
 * app.route('/forgot-password', forgotPasswordEndpoint(provider, { mailThrottle }))
 */
export function forgotPasswordEndpoint(provider: Provider, { mailThrottle }: { mailThrottle: AccountMailThrottle }): Hono {
  const app = new Hono()
  const page = (
    c: Context,
    status: 200 | 400 | 403 | 429,
    continueTo: string | null,
    model: { email?: string; error?: string; problem?: string } = {},
  ) =>
    htmlPage(
      c,
      status,
      'Reset your password',
      forgotPasswordPage({
        hidden: { csrf: csrfToken(c, provider), ...(continueTo ? { return: continueTo } : {}) },
        signInHref: signInHref(continueTo),
        ...model,
      }),
    )

  app.get('/', (c) => page(c, 200, continueToFrom(c.req.query('return'))))
  app.post(
    '/',
    lifecycleBodyLimit((c) => page(c, 400, null, { problem: 'The form is too large.' })),
    async (c) => {
      const form = await readLifecycleForm(c, provider)
      if (!(form instanceof URLSearchParams)) return page(c, form.status, null, { problem: form.problem })
      const continueTo = continueToFrom(form.get('return'))
      const email = (form.get('email') ?? '').trim()
      if (email.length > 254 || !EMAIL.test(email) || /\p{Cc}/u.test(email))
        return page(c, 400, continueTo, {
          email: email.slice(0, 254),
          error: 'Enter the e-mail address of your account, such as ada@example.com.',
        })
      const wait = await mailThrottle.admit({ address: clientAddress(c), email })
      if (wait !== undefined) {
        c.header('Retry-After', String(wait))
        return page(c, 429, continueTo, {
          email,
          problem: `Too many reset requests from here or for this address. ${tryAgainIn(wait, 'en')}`,
        })
      }
      await requestPasswordReset(provider, email, continueTo)
      return htmlPage(
        c,
        200,
        'Check your e-mail',
        messagePage(
          'Check your e-mail',
          `If ${email.toLowerCase()} has an account here, we sent it a link to set a new password. The link works for 30 minutes.`,
        ),
      )
    },
  )
  return app
}
