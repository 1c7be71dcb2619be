/**
 * @module `/login`: signing in at svc outside an authorization request,
 * as FedCM's `login_url` opens it in a popup. The same labelled form and
 * protections as the authorization flow's, and a passkey sign-in beside
 * the password; once signed in either way, the page tells the browser
 * (`Set-Login: logged-in`) and closes the FedCM popup. A password into an
 * account with an authenticator app asks for its code first
 * (`/login/code`, where a mailed link's sign-in also comes for it).
 */
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { oneRequestPerTurn } from '../../http/yielding-lane.js'
import type { LoginThrottle } from '../../http/login-throttle.js'
import { csrfToken, csrfTokenMatches } from '../csrf.js'
import { checkCredentials, LOGIN_MAX_LENGTH } from '../sign-in/check-credentials.js'
import { htmlPage } from '../../pages/html-page.js'
import { loginPage } from '../pages/login-page.js'
import { messagePage } from '../../pages/message-page.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { sessionOfDisabledAccount, switchSession } from '../../grants/sessions.js'
import { requestLocale, withLanguage, useUiLocales } from '../../i18n/request-locale.js'
import { fill } from '../../i18n/pages.js'
import { pageWords, requestBranding } from '../../pages/request-branding.js'
import { resendConfirmationForm } from '../account-lifecycle/resend-confirmation-endpoint.js'
import { checkPasskey } from '../passkeys/check-passkey.js'
import { PASSKEY_SIGN_IN_SCRIPT } from '../pages/passkey-sign-in-form.js'
import type { UserRow } from '../../db/schema.js'
import { awaitSecondFactor, checkSecondFactor, secondFactorPending } from '../sign-in/second-factor.js'
import { codePromptPage } from '../pages/code-prompt-page.js'
import { authenticatorWords } from '../../i18n/authenticator-words.js'

const CLOSE_POPUP = 'if (window.IdentityProvider && IdentityProvider.close) IdentityProvider.close()'

/** The page's language is carried through the form as `ui_locales`, as the authorization flow carries its request. */
function loginForm(
  c: Context,
  provider: IdentityProviderContext,
  status: 200 | 400 | 401 | 403 | 429 | 503,
  csrf: string,
  email = '',
  error?: string,
  signupOpen = true,
  unconfirmed?: string,
): Response {
  const locale = requestLocale(c)
  const t = pageWords(c)
  return htmlPage(
    c,
    status,
    t.signIn,
    loginPage({
      locale,
      product: requestBranding(c).name,
      heading: t.signInToSvc,
      action: '/login',
      hidden: { csrf, ui_locales: locale },
      loginHint: email || undefined,
      error,
      ...(unconfirmed === undefined ? {} : { resendConfirmation: resendConfirmationForm(c, provider, unconfirmed, null) }),
      accountLinks: {
        forgotPasswordHref: withLanguage(c, '/forgot-password'),
        ...(signupOpen ? { signUpHref: withLanguage(c, '/signup') } : {}),
      },
      // Held back by the throttle: whoever holds the mailbox may still come in.
      ...(status === 429 && email ? { signInLink: { action: '/email-sign-in-link', hidden: { csrf, email, ui_locales: locale } } } : {}),
      passkey: { action: '/login/passkey', hidden: { csrf, ui_locales: locale } },
    }),
    { moduleScript: PASSKEY_SIGN_IN_SCRIPT },
  )
}

/** The second step: the code of the account's authenticator app, or a recovery code. */
function codeForm(
  c: Context,
  provider: IdentityProviderContext,
  status: 200 | 400 | 401 | 429,
  error?: string,
  recovery?: boolean,
): Response {
  const locale = requestLocale(c)
  return htmlPage(
    c,
    status,
    authenticatorWords(locale).codeTitle,
    codePromptPage({
      locale,
      product: requestBranding(c).name,
      action: '/login/code',
      hidden: { csrf: csrfToken(c, provider), ui_locales: locale },
      error,
      recovery,
    }),
  )
}

/** Signed in, by password or passkey: the page says so and closes the FedCM popup. */
function signedInPage(c: Context, user: UserRow): Response {
  const t = pageWords(c)
  return htmlPage(
    c,
    200,
    t.signedInTitle,
    messagePage(t.signedInHeading, fill(t.signedInClose, { user: user.name }), { href: '/console/account', text: t.goToYourAccount }),
    { script: CLOSE_POPUP },
  )
}

/**
 * Builds the login page, mounted at `/login`.
 *
 * @example
 * app.route('/login', standaloneLogin(provider, { throttle }))
 */
export function standaloneLogin(
  provider: IdentityProviderContext,
  { throttle, signup = 'open' }: { throttle: LoginThrottle; signup?: 'open' | 'closed' },
): Hono {
  const app = new Hono()
  const open = signup === 'open'
  // Signed out because their account was disabled (the account page sent them here): say so, to them alone.
  app.get('/', async (c) =>
    loginForm(
      c,
      provider,
      200,
      csrfToken(c, provider),
      '',
      (await sessionOfDisabledAccount(c, provider)) ? pageWords(c).signedOutDisabled : undefined,
      open,
    ),
  )
  const limit = bodyLimit({
    maxSize: 64 * 1024,
    onError: (c) => loginForm(c, provider, 400, csrfToken(c, provider), '', pageWords(c).formTooLarge, open),
  })
  /** Reads one of the page's form posts: form-encoded, in the language it carries, with this browser's CSRF token. */
  async function readLoginForm(c: Context): Promise<URLSearchParams | Response> {
    if (!(c.req.header('Content-Type') ?? '').startsWith('application/x-www-form-urlencoded')) {
      return loginForm(c, provider, 400, csrfToken(c, provider), '', pageWords(c).formNotForm, open)
    }
    const form = new URLSearchParams(await c.req.text())
    useUiLocales(c, form.get('ui_locales'))
    if (!csrfTokenMatches(c, provider, form.get('csrf')))
      return loginForm(c, provider, 403, csrfToken(c, provider), '', pageWords(c).formExpired, open)
    return form
  }
  app.post('/', oneRequestPerTurn(), limit, async (c) => {
    const form = await readLoginForm(c)
    if (form instanceof Response) return form
    const email = (form.get('email') ?? '').trim()
    const check = await checkCredentials(c, provider, throttle, email, form.get('password') ?? '')
    if ('error' in check) {
      if (check.retryAfter !== undefined) c.header('Retry-After', String(check.retryAfter))
      // The e-mail typed is kept, unless it was too long to be anyone's.
      const kept = email.length <= LOGIN_MAX_LENGTH ? email : ''
      return loginForm(c, provider, check.status, csrfToken(c, provider), kept, check.error, open, check.unconfirmed)
    }
    const { user } = check
    if (check.secondFactor) {
      await awaitSecondFactor(c, provider, user, ['pwd'])
      return codeForm(c, provider, 200)
    }
    await switchSession(c, provider, user, ['pwd'])
    return signedInPage(c, user)
  })
  // The passkey form of the same page: the same checks of the form, the same page once signed in.
  app.post('/passkey', limit, async (c) => {
    const form = await readLoginForm(c)
    if (form instanceof Response) return form
    const check = await checkPasskey(c, provider, throttle, form.get('credential') ?? '')
    if ('error' in check) {
      if (check.retryAfter !== undefined) c.header('Retry-After', String(check.retryAfter))
      return loginForm(c, provider, check.status, csrfToken(c, provider), '', check.error, open)
    }
    await switchSession(c, provider, check.user, check.amr)
    return signedInPage(c, check.user)
  })
  // The second step, when the account has an authenticator app: this page's password form, or a mailed link, sent the browser here.
  app.get('/code', async (c) =>
    (await secondFactorPending(c, provider)) ? codeForm(c, provider, 200) : c.redirect(withLanguage(c, '/login'), 303),
  )
  app.post('/code', oneRequestPerTurn(), limit, async (c) => {
    const form = await readLoginForm(c)
    if (form instanceof Response) return form
    const check = await checkSecondFactor(c, provider, throttle, form)
    if ('error' in check) {
      if (check.retryAfter !== undefined) c.header('Retry-After', String(check.retryAfter))
      if (check.expired) return loginForm(c, provider, check.status, csrfToken(c, provider), '', check.error, open)
      return codeForm(c, provider, check.status, check.error, check.recovery)
    }
    await switchSession(c, provider, check.user, check.amr)
    if (check.continueTo) return c.redirect(check.continueTo, 303)
    return signedInPage(c, check.user)
  })
  return app
}
