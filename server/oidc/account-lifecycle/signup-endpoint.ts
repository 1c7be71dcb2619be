/**
 * @module `/signup`: the sign-up page and its form. Open by default;
 * with `SVC_SIGNUP=closed` the page says sign-up is by invitation and the
 * form is refused. A valid form is throttled (per address, per e-mail),
 * signed up, and answered "check your e-mail" — the same page whether the
 * address was free or taken, and nobody is signed in here: the mailed
 * link confirms the address, signs the new account in and continues the
 * authorization request the visitor came from (`return`).
 */
import { Hono, type Context } from 'hono'
import { oneRequestPerTurn } from '../../http/yielding-lane.js'
import { clientAddress } from '../../http/client-address.js'
import { htmlPage } from '../../pages/html-page.js'
import { messagePage } from '../../pages/message-page.js'
import type { AccountMailThrottle } from '../../account-changes/account-mail-throttle.js'
import { PasswordWorkBusy } from '../../accounts/passwords.js'
import { signUp, signUpErrors, type SignUpForm } from '../../account-changes/signup.js'
import { csrfToken } from '../csrf.js'
import { passwordLengthHintScript, signUpPage, type SignUpPageModel } from '../pages/signup-page.js'
import { tryAgainIn } from '../pages/sign-in-messages.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { continueToFrom, languageField, lifecycleBodyLimit, readLifecycleForm } from './lifecycle-request.js'
import { requestLocale, withLanguage } from '../../i18n/request-locale.js'
import { fill } from '../../i18n/pages.js'
import { pageWords, requestBranding } from '../../pages/request-branding.js'
import { CLOSE_POPUP_WHEN_SIGNED_IN_ELSEWHERE } from '../pages/signed-in-elsewhere.js'
import { PASSKEY_SIGN_IN_SCRIPT } from '../pages/passkey-sign-in-form.js'
import { verifiedNewPasskey } from '../passkeys/passkey-registration.js'
import { passkeyWords } from '../../i18n/passkey-words.js'

export type SignUpSetting = 'open' | 'closed'

/**
 * Builds the sign-up page, mounted at `/signup`.
 *
 * @example
 * app.route('/signup', signupEndpoint(provider, { signup: 'open', mailThrottle }))
 */
export function signupEndpoint(
  provider: IdentityProviderContext,
  { signup, mailThrottle }: { signup: SignUpSetting; mailThrottle: AccountMailThrottle },
): Hono {
  const app = new Hono()
  const page = (c: Context, status: 200 | 400 | 403 | 429 | 503, continueTo: string | null, model: Partial<SignUpPageModel> = {}) => {
    const locale = requestLocale(c)
    return htmlPage(
      c,
      status,
      pageWords(c).createAnAccount,
      signUpPage({
        hidden: { csrf: csrfToken(c, provider), ...languageField(c), ...(continueTo ? { return: continueTo } : {}) },
        signInHref: continueTo ? continueTo : withLanguage(c, '/login'),
        locale,
        ...model,
        product: requestBranding(c).name,
      }),
      { script: passwordLengthHintScript(locale, requestBranding(c).name), moduleScript: PASSKEY_SIGN_IN_SCRIPT },
    )
  }
  const closed = (c: Context, status: 200 | 403) => {
    const t = pageWords(c)
    return htmlPage(c, status, t.signUpClosedTitle, messagePage(t.signUpClosedTitle, t.signUpClosed))
  }

  app.get('/', (c) => (signup === 'closed' ? closed(c, 200) : page(c, 200, continueToFrom(c.req.query('return')))))
  app.post(
    '/',
    oneRequestPerTurn(),
    lifecycleBodyLimit((c) => page(c, 400, null, { problem: pageWords(c).formTooLarge })),
    async (c) => {
      if (signup === 'closed') return closed(c, 403)
      const form = await readLifecycleForm(c, provider)
      if (!(form instanceof URLSearchParams)) return page(c, form.status, null, { problem: form.problem })
      const continueTo = continueToFrom(form.get('return'))
      const locale = requestLocale(c)
      const t = pageWords(c)
      const values: SignUpForm = {
        name: form.get('name') ?? '',
        email: (form.get('email') ?? '').trim(),
        password: form.get('password') ?? '',
      }
      const kept = { name: values.name.slice(0, 200), email: values.email.slice(0, 254) }
      // A passkey made on the page instead of a password (the ceremony script fills `credential`).
      const credential = form.get('credential') ?? ''
      const errors = signUpErrors(values, locale)
      if (credential) delete errors.password
      if (Object.keys(errors).length > 0) return page(c, 400, continueTo, { values: kept, errors })
      const deployment = { db: provider.db, issuer: provider.issuer, product: requestBranding(c).name, now: provider.now }
      const passkey = credential ? await verifiedNewPasskey(c, deployment, credential, null) : undefined
      if (credential && !passkey) return page(c, 400, continueTo, { values: kept, problem: passkeyWords(locale).signUpDamaged })
      const wait = await mailThrottle.admit({ address: clientAddress(c), email: values.email })
      if (wait !== undefined) {
        c.header('Retry-After', String(wait))
        return page(c, 429, continueTo, {
          values: kept,
          problem: `${t.tooManySignUps} ${tryAgainIn(wait, locale)}`,
        })
      }
      try {
        await signUp(provider, values, continueTo, locale, passkey && { ...passkey, name: passkeyWords(locale).passkeyColumn })
      } catch (error) {
        if (!(error instanceof PasswordWorkBusy)) throw error
        c.header('Retry-After', String(error.retryAfterSeconds))
        return page(c, 503, continueTo, { values: kept, problem: t.passwordsBusy })
      }
      return htmlPage(c, 200, t.checkEmail, messagePage(t.checkEmail, fill(t.signUpSent, { email: values.email.toLowerCase() })), {
        script: CLOSE_POPUP_WHEN_SIGNED_IN_ELSEWHERE,
      })
    },
  )
  return app
}
