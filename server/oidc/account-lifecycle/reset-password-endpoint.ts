/**
 * @module `/reset-password`: where a reset link lands. GET shows the
 * new-password form while the link is usable; its POST checks the
 * password against the policy and, for a reset, that it is not the one
 * the account has already, sets it (which confirms the address, ends
 * every session of the account and revokes its tokens), then signs the
 * visitor in — they just proved they hold the mailbox and chose the
 * password — and continues the authorization request they came from, or
 * says so. Links used, expired or never ours get the way to a new one.
 * The same page, worded for it, is `/accept-invitation`, where an invited
 * person chooses their first password.
 */
import { signInOrAskCode } from '../sign-in/second-factor.js'
import { Hono, type Context } from 'hono'
import { htmlPage } from '../../pages/html-page.js'
import { messagePage } from '../../pages/message-page.js'
import { PasswordWorkBusy } from '../../accounts/passwords.js'
import { passwordProblem } from '../../accounts/password-policy.js'
import { isCurrentPassword, type PasswordLinkPurpose, resetTarget, setNewPassword } from '../../account-changes/password-reset.js'
import { FORM_ERRORS } from '../../i18n/form-errors.js'
import { csrfToken } from '../csrf.js'
import { INVITATION_WORDING, type NewPasswordWording, newPasswordPage, RESET_WORDING } from '../pages/password-pages.js'
import { deadLink, deadLinkAnswer } from './dead-link.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { languageField, lifecycleBodyLimit, readLifecycleForm } from './lifecycle-request.js'
import { requestLocale } from '../../i18n/request-locale.js'
import { fill, type PageStrings } from '../../i18n/pages.js'
import { pageWords, requestBranding } from '../../pages/request-branding.js'
import { ANNOUNCE_SIGNED_IN } from '../pages/signed-in-elsewhere.js'

/** One kind of password-setting link: its token purpose, page wording and what setting the password says. */
interface PasswordLink {
  purpose: PasswordLinkPurpose
  wording: NewPasswordWording
  done: [title: keyof PageStrings, text: keyof PageStrings]
}

const RESET: PasswordLink = {
  purpose: 'reset_password',
  wording: RESET_WORDING,
  done: ['passwordChangedTitle', 'passwordChanged'],
}

const INVITATION: PasswordLink = {
  purpose: 'invitation',
  wording: INVITATION_WORDING,
  done: ['welcomeTitle', 'welcome'],
}

/**
 * Builds the page, mounted at `/reset-password`.
 *
 * @example
 * app.route('/reset-password', resetPasswordEndpoint(provider))
 */
export const resetPasswordEndpoint = (provider: IdentityProviderContext): Hono => passwordLinkEndpoint(provider, RESET)

/**
 * Builds the invitation's page, mounted at `/accept-invitation`.
 *
 * @example
 * app.route('/accept-invitation', acceptInvitationEndpoint(provider))
 */
export const acceptInvitationEndpoint = (provider: IdentityProviderContext): Hono => passwordLinkEndpoint(provider, INVITATION)

function passwordLinkEndpoint(provider: IdentityProviderContext, link: PasswordLink): Hono {
  const app = new Hono()
  const dead = (c: Context, token: string) => deadLink(c, provider, token, link.purpose)
  const form = (c: Context, status: 200 | 400 | 403 | 503, token: string, email: string, error?: string, problem?: string) => {
    const locale = requestLocale(c)
    return htmlPage(
      c,
      status,
      pageWords(c)[link.wording.heading],
      newPasswordPage({
        hidden: { csrf: csrfToken(c, provider), token, ...languageField(c) },
        email,
        error,
        problem,
        wording: link.wording,
        locale,
        product: requestBranding(c).name,
      }),
    )
  }

  app.get('/', async (c) => {
    const token = c.req.query('token') ?? ''
    const target = await resetTarget(provider, token, link.purpose)
    return target ? form(c, 200, token, target.user.email) : dead(c, token)
  })
  app.post(
    '/',
    lifecycleBodyLimit((c) => deadLinkAnswer(c, link.purpose, 'unknown')),
    async (c) => {
      const read = await readLifecycleForm(c, provider)
      if (!(read instanceof URLSearchParams)) {
        const t = pageWords(c)
        return htmlPage(c, read.status, t[link.wording.heading], messagePage(t.tryAgain, read.problem))
      }
      const token = read.get('token') ?? ''
      const password = read.get('password') ?? ''
      const target = await resetTarget(provider, token, link.purpose)
      if (!target) return dead(c, token)
      const problem = passwordProblem(password, target.user.email, requestLocale(c))
      if (problem) return form(c, 400, token, target.user.email, problem)
      let done: Awaited<ReturnType<typeof setNewPassword>>
      try {
        // An invitation's account has no password of its own yet: only a reset can repeat one.
        if (link.purpose === 'reset_password' && (await isCurrentPassword(target.user, password)))
          return form(c, 400, token, target.user.email, FORM_ERRORS[requestLocale(c)].passwordReused)
        done = await setNewPassword(provider, provider.events, token, password, link.purpose)
      } catch (error) {
        if (!(error instanceof PasswordWorkBusy)) throw error
        c.header('Retry-After', String(error.retryAfterSeconds))
        return form(c, 503, token, target.user.email, undefined, pageWords(c).passwordsBusy)
      }
      if (!done) return dead(c, token)
      const held = await signInOrAskCode(c, provider, done.user, ['email'], done.continueTo ?? undefined)
      if (held) return held
      if (done.continueTo) return c.redirect(done.continueTo, 303)
      const t = pageWords(c)
      const [title, text] = [t[link.done[0]], fill(t[link.done[1]], { name: done.user.name })]
      // An invitation brings someone into an organisation's console, where their work is; a reset, back to their account.
      const next =
        link.purpose === 'invitation' ? { href: '/console', text: t.openTheConsole } : { href: '/console/account', text: t.goToYourAccount }
      return htmlPage(c, 200, title, messagePage(title, text, next), {
        script: ANNOUNCE_SIGNED_IN,
      })
    },
  )
  return app
}
