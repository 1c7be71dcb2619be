/**
 * @module `/email-sign-in-link`: the "Email me a sign-in link" button the
 * login page shows when the throttle makes a sign-in wait. The answer is
 * the same whether or not the address has an account; only an account
 * with that confirmed address gets a mail, with a link that signs in once
 * (15 minutes). Throttled like "Forgot password?" and sign-up, all ways
 * to make svc mail an address, and carries `return` so the visitor
 * continues the authorization request they were signing in to.
 */
import { Hono, type Context } from 'hono'
import { clientAddress } from '../../http/client-address.js'
import { htmlPage } from '../../pages/html-page.js'
import { messagePage } from '../../pages/message-page.js'
import type { AccountMailThrottle } from '../../account-changes/account-mail-throttle.js'
import { requestSignInLink } from '../../account-changes/sign-in-link.js'
import { EMAIL } from '../../accounts/users.js'
import { tryAgainIn } from '../pages/sign-in-messages.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { continueToFrom, lifecycleBodyLimit, readLifecycleForm, signInHref } from './lifecycle-request.js'
import { requestLocale } from '../../i18n/request-locale.js'
import { fill } from '../../i18n/pages.js'
import { pageWords } from '../../pages/request-branding.js'
import { CLOSE_POPUP_WHEN_SIGNED_IN_ELSEWHERE } from '../pages/signed-in-elsewhere.js'

/**
 * Builds the endpoint, mounted at `/email-sign-in-link`.
 *
 * @example
 * app.route('/email-sign-in-link', emailSignInLinkEndpoint(provider, { mailThrottle }))
 */
export function emailSignInLinkEndpoint(provider: IdentityProviderContext, { mailThrottle }: { mailThrottle: AccountMailThrottle }): Hono {
  const app = new Hono()
  const refusal = (c: Context, status: 400 | 403 | 429, problem: string, continueTo: string | null) => {
    const t = pageWords(c)
    return htmlPage(c, status, t.signIn, messagePage(t.tryAgain, problem, { href: signInHref(continueTo), text: t.backToSignIn }))
  }
  app.post(
    '/',
    lifecycleBodyLimit((c) => refusal(c, 400, pageWords(c).formTooLarge, null)),
    async (c) => {
      const form = await readLifecycleForm(c, provider)
      if (!(form instanceof URLSearchParams)) return refusal(c, form.status, form.problem, null)
      const continueTo = continueToFrom(form.get('return'))
      const t = pageWords(c)
      const email = (form.get('email') ?? '').trim()
      if (email.length > 254 || !EMAIL.test(email) || /\p{Cc}/u.test(email)) return refusal(c, 400, t.enterAccountEmail, continueTo)
      const wait = await mailThrottle.admit({ address: clientAddress(c), email })
      if (wait !== undefined) {
        c.header('Retry-After', String(wait))
        return refusal(c, 429, `${t.tooManySignInLinks} ${tryAgainIn(wait, requestLocale(c))}`, continueTo)
      }
      await requestSignInLink(provider, email, continueTo, requestLocale(c))
      return htmlPage(c, 200, t.checkEmail, messagePage(t.checkEmail, fill(t.signInLinkSent, { email: email.toLowerCase() })), {
        script: CLOSE_POPUP_WHEN_SIGNED_IN_ELSEWHERE,
      })
    },
  )
  return app
}
