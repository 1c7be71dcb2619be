/**
 * @module `/sign-in-link`: where a mailed sign-in link lands. GET only
 * shows a `Sign in` button (mail scanners open links; they must neither
 * use the link up nor get the session); its POST uses the link up, signs
 * the account in — the visitor just proved they hold its mailbox, as a
 * reset link would — and continues the authorization request it was asked
 * from, or says they are signed in. Links used, expired or never ours get
 * the way back to the login page.
 */
import { signInOrAskCode } from '../sign-in/second-factor.js'
import { Hono, type Context } from 'hono'
import { htmlPage } from '../../pages/html-page.js'
import { messagePage } from '../../pages/message-page.js'
import { signInLinkTarget, useSignInLink } from '../../account-changes/sign-in-link.js'
import { csrfToken } from '../csrf.js'
import { signInLinkPage } from '../pages/password-pages.js'
import { deadLink, deadLinkAnswer } from './dead-link.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { languageField, lifecycleBodyLimit, readLifecycleForm } from './lifecycle-request.js'
import { requestLocale } from '../../i18n/request-locale.js'
import { fill } from '../../i18n/pages.js'
import { pageWords, requestBranding } from '../../pages/request-branding.js'
import { ANNOUNCE_SIGNED_IN } from '../pages/signed-in-elsewhere.js'

/**
 * Builds the page, mounted at `/sign-in-link`.
 *
 * @example
 * app.route('/sign-in-link', signInLinkEndpoint(provider))
 */
export function signInLinkEndpoint(provider: IdentityProviderContext): Hono {
  const app = new Hono()
  const dead = (c: Context, token: string) => deadLink(c, provider, token, 'sign_in_link')
  app.get('/', async (c) => {
    const token = c.req.query('token') ?? ''
    const user = await signInLinkTarget(provider, token)
    if (!user) return dead(c, token)
    return htmlPage(
      c,
      200,
      pageWords(c).signInLinkHeading,
      signInLinkPage({ csrf: csrfToken(c, provider), token, ...languageField(c) }, user.email, requestLocale(c), requestBranding(c).name),
    )
  })
  app.post(
    '/',
    lifecycleBodyLimit((c) => deadLinkAnswer(c, 'sign_in_link', 'unknown')),
    async (c) => {
      const form = await readLifecycleForm(c, provider)
      const t = pageWords(c)
      if (!(form instanceof URLSearchParams)) return htmlPage(c, form.status, t.signInLinkHeading, messagePage(t.tryAgain, form.problem))
      const token = form.get('token') ?? ''
      const signedIn = await useSignInLink(provider, token)
      provider.metrics?.signIn(signedIn ? 'success' : 'failure', 'link')
      if (!signedIn) return dead(c, token)
      const held = await signInOrAskCode(c, provider, signedIn.user, ['email'], signedIn.continueTo ?? undefined)
      if (held) return held
      if (signedIn.continueTo) return c.redirect(signedIn.continueTo, 303)
      return htmlPage(
        c,
        200,
        t.signedInTitle,
        messagePage(t.signedInHeading, fill(t.signedInClose, { user: signedIn.user.name }), {
          href: '/console/account',
          text: t.goToYourAccount,
        }),
        { script: ANNOUNCE_SIGNED_IN },
      )
    },
  )
  return app
}
