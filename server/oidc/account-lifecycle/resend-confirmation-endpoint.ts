/**
 * @module `/verify-email/resend`: the login page's "Mail me the link
 * again", shown when the right password was typed for an account whose
 * address is not confirmed yet. It mails a fresh confirmation link to an
 * account that waits for one and answers the same for any other address;
 * throttled like the other forms that make svc mail an address.
 */
import { type Context, Hono } from 'hono'
import { resendSignUpConfirmation } from '../../account-changes/signup.js'
import { EMAIL } from '../../accounts/users.js'
import { clientAddress } from '../../http/client-address.js'
import { fill } from '../../i18n/pages.js'
import { requestLocale } from '../../i18n/request-locale.js'
import { htmlPage } from '../../pages/html-page.js'
import { messagePage } from '../../pages/message-page.js'
import { pageWords } from '../../pages/request-branding.js'
import { csrfToken } from '../csrf.js'
import { LOGIN_MAX_LENGTH } from '../sign-in/check-credentials.js'
import { tryAgainIn } from '../pages/sign-in-messages.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import type { AccountMailThrottle } from '../../account-changes/account-mail-throttle.js'
import { continueToFrom, languageField, lifecycleBodyLimit, readLifecycleForm, signInHref } from './lifecycle-request.js'

/** The path the login page's form posts to. */
export const RESEND_CONFIRMATION_PATH = '/verify-email/resend'

/**
 * The login page's "Mail me the link again" form for `email`, continuing at `continueTo` once confirmed.
 *
 * @example
 * loginPage({ …, resendConfirmation: resendConfirmationForm(c, provider, 'ada@example.com', null) })
 */
export function resendConfirmationForm(
  c: Context,
  provider: IdentityProviderContext,
  email: string,
  continueTo: string | null,
): { action: string; hidden: Record<string, string> } {
  return {
    action: RESEND_CONFIRMATION_PATH,
    hidden: { csrf: csrfToken(c, provider), email, ...languageField(c), ...(continueTo ? { return: continueTo } : {}) },
  }
}

/**
 * Builds the endpoint, mounted at {@link RESEND_CONFIRMATION_PATH}.
 *
 * @example
 * app.route(RESEND_CONFIRMATION_PATH, resendConfirmationEndpoint(provider, { mailThrottle }))
 */
export function resendConfirmationEndpoint(
  provider: IdentityProviderContext,
  { mailThrottle }: { mailThrottle: AccountMailThrottle },
): Hono {
  const app = new Hono()
  const answer = (c: Context, status: 200 | 400 | 403 | 429, text: string, continueTo: string | null) => {
    const t = pageWords(c)
    return htmlPage(c, status, t.checkEmail, messagePage(t.checkEmail, text, { href: signInHref(continueTo), text: t.backToSignIn }))
  }
  app.get('/', (c) => c.redirect('/login', 303))
  app.post(
    '/',
    lifecycleBodyLimit((c) => answer(c, 400, pageWords(c).formTooLarge, null)),
    async (c) => {
      const form = await readLifecycleForm(c, provider)
      if (!(form instanceof URLSearchParams)) return answer(c, form.status, form.problem, null)
      const continueTo = continueToFrom(form.get('return'))
      const t = pageWords(c)
      const email = (form.get('email') ?? '').trim()
      if (email.length > LOGIN_MAX_LENGTH || !EMAIL.test(email) || /\p{Cc}/u.test(email))
        return answer(c, 400, t.enterAccountEmail, continueTo)
      const wait = await mailThrottle.admit({ address: clientAddress(c), email })
      if (wait !== undefined) {
        c.header('Retry-After', String(wait))
        return answer(c, 429, `${t.tooManyResets} ${tryAgainIn(wait, requestLocale(c))}`, continueTo)
      }
      await resendSignUpConfirmation(provider, email, continueTo, requestLocale(c))
      return answer(c, 200, fill(t.confirmationSent, { email: email.toLowerCase() }), continueTo)
    },
  )
  return app
}
