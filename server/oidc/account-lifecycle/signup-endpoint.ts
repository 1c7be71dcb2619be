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
import type { AccountMailThrottle } from './account-mail-throttle.js'
import { PasswordWorkBusy } from '../../accounts/passwords.js'
import { signUp, signUpErrors, type SignUpForm } from '../../accounts/signup.js'
import { csrfToken } from '../csrf.js'
import { PASSWORD_LENGTH_HINT_SCRIPT, signUpPage, type SignUpPageModel } from '../pages/signup-page.js'
import { tryAgainIn } from '../pages/sign-in-messages.js'
import type { Provider } from '../provider.js'
import { continueToFrom, lifecycleBodyLimit, readLifecycleForm, signInHref } from './lifecycle-request.js'

export type SignUpSetting = 'open' | 'closed'

const CLOSED = 'Accounts here are made by invitation. Ask the person who runs this service for one.'
const BUSY = 'svc is busy checking passwords at this moment. Nothing was lost: try again in a few seconds.'

/**
 * Builds the sign-up page, mounted at `/signup`.
 *
 * @example
 * app.route('/signup', signupEndpoint(provider, { signup: 'open', mailThrottle }))
 */
export function signupEndpoint(
  provider: Provider,
  { signup, mailThrottle }: { signup: SignUpSetting; mailThrottle: AccountMailThrottle },
): Hono {
  const app = new Hono()
  const page = (c: Context, status: 200 | 400 | 403 | 429 | 503, continueTo: string | null, model: Partial<SignUpPageModel> = {}) =>
    htmlPage(
      c,
      status,
      'Create an account',
      signUpPage({
        hidden: { csrf: csrfToken(c, provider), ...(continueTo ? { return: continueTo } : {}) },
        signInHref: signInHref(continueTo),
        ...model,
      }),
      { script: PASSWORD_LENGTH_HINT_SCRIPT },
    )
  const closed = (c: Context, status: 200 | 403) =>
    htmlPage(c, status, 'Sign-up is by invitation', messagePage('Sign-up is by invitation', CLOSED))

  app.get('/', (c) => (signup === 'closed' ? closed(c, 200) : page(c, 200, continueToFrom(c.req.query('return')))))
  app.post(
    '/',
    oneRequestPerTurn(),
    lifecycleBodyLimit((c) => page(c, 400, null, { problem: 'The form is too large.' })),
    async (c) => {
      if (signup === 'closed') return closed(c, 403)
      const form = await readLifecycleForm(c, provider)
      if (!(form instanceof URLSearchParams)) return page(c, form.status, null, { problem: form.problem })
      const continueTo = continueToFrom(form.get('return'))
      const values: SignUpForm = {
        name: form.get('name') ?? '',
        email: (form.get('email') ?? '').trim(),
        password: form.get('password') ?? '',
      }
      const kept = { name: values.name.slice(0, 200), email: values.email.slice(0, 254) }
      const errors = signUpErrors(values)
      if (Object.keys(errors).length > 0) return page(c, 400, continueTo, { values: kept, errors })
      const wait = await mailThrottle.admit({ address: clientAddress(c), email: values.email })
      if (wait !== undefined) {
        c.header('Retry-After', String(wait))
        return page(c, 429, continueTo, {
          values: kept,
          problem: `Too many sign-ups from here or for this address. ${tryAgainIn(wait, 'en')}`,
        })
      }
      try {
        await signUp(provider, values, continueTo)
      } catch (error) {
        if (!(error instanceof PasswordWorkBusy)) throw error
        c.header('Retry-After', String(error.retryAfterSeconds))
        return page(c, 503, continueTo, { values: kept, problem: BUSY })
      }
      return htmlPage(
        c,
        200,
        'Check your e-mail',
        messagePage(
          'Check your e-mail',
          `We sent a mail to ${values.email.toLowerCase()}. Follow its link to continue. Nothing there? Look in your spam folder.`,
        ),
      )
    },
  )
  return app
}
