/**
 * @module `/setup?token=…`: the page the one-time setup link opens, which
 * makes the first operator. GET shows the form while the link is live
 * and no operator exists; POST checks the form with the sign-up page's
 * rules, hashes the password through the queued hasher, then uses up the
 * link and makes the operator (confirmed) in one transaction, and says
 * so ("Your operator account is ready") with the way on, `Open the
 * console`, where they sign in. Nobody is signed in here: the
 * first sign-in with the new password proves it was typed as meant.
 * Links that do not work (used, replaced, mistyped, or an operator
 * exists) get a page saying so; wrong ones count against the caller's
 * address on the login throttle, as wrong passwords do.
 */
import { Hono, type Context } from 'hono'
import { clientAddress } from '../../http/client-address.js'
import { type LoginAttempt, type LoginThrottle } from '../../http/login-throttle.js'
import { oneRequestPerTurn } from '../../http/yielding-lane.js'
import { htmlPage } from '../../pages/html-page.js'
import { messagePage } from '../../pages/message-page.js'
import { pageWords, requestBranding } from '../../pages/request-branding.js'
import { useUiLocales } from '../../i18n/request-locale.js'
import { fill } from '../../i18n/pages.js'
import { hashPassword, PasswordWorkBusy } from '../../accounts/passwords.js'
import { operatorCount } from '../../accounts/users.js'
import { signUpErrors, type SignUpForm } from '../../account-changes/signup.js'
import { InvalidInput } from '../../invalid-input.js'
import { log } from '../../log.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { csrfToken } from '../csrf.js'
import { lifecycleBodyLimit, readLifecycleForm } from '../account-lifecycle/lifecycle-request.js'
import { passwordLengthHintScript } from '../pages/signup-page.js'
import { createOperatorWithSetupLink } from '../../setup/first-operator.js'
import { isLiveSetupToken } from '../../setup/setup-link.js'
import { deadLinkPage, operatorReadyPage, SETUP_WORDS, setupPage, type SetupPageModel } from './setup-page.js'

/**
 * Builds the setup page, mounted at `/setup`.
 *
 * @example
 * app.route('/setup', setupEndpoint(provider, { throttle }))
 */
export function setupEndpoint(provider: IdentityProviderContext, { throttle }: { throttle: LoginThrottle }): Hono {
  const app = new Hono()
  const form = (c: Context, status: 200 | 400 | 503, token: string, model: Omit<SetupPageModel, 'hidden' | 'product'> = {}) => {
    const product = requestBranding(c).name
    return htmlPage(
      c,
      status,
      SETUP_WORDS.title,
      setupPage({ hidden: { csrf: csrfToken(c, provider), token, ui_locales: 'en' }, product, ...model }),
      {
        script: passwordLengthHintScript('en', product),
      },
    )
  }
  const dead = async (c: Context) => {
    const operatorExists = (await operatorCount(provider.db)) > 0
    return htmlPage(
      c,
      operatorExists ? 410 : 404,
      SETUP_WORDS.deadTitle,
      deadLinkPage({ product: requestBranding(c).name, operatorExists }),
    )
  }
  /**
   * Whether the link works, within the throttle: a response to send when
   * it does not (the caller waits, or the link is dead), else `undefined`.
   */
  const checkLink = async (c: Context, token: string): Promise<Response | undefined> => {
    // Each token its own account bucket, so that strangers trying wrong ones hold back only their own address.
    const attempt: LoginAttempt = { account: `setup-link ${token}`, address: clientAddress(c) }
    const wait = await throttle.reserve(attempt)
    if (wait !== undefined) {
      await throttle.refused(attempt)
      c.header('Retry-After', String(wait))
      return htmlPage(c, 429, SETUP_WORDS.deadTitle, messagePage(SETUP_WORDS.deadTitle, fill(SETUP_WORDS.tooMany, { seconds: wait })))
    }
    try {
      if ((await operatorCount(provider.db)) > 0) return dead(c)
      if (await isLiveSetupToken(provider.db, token)) return undefined
      await throttle.failed(attempt)
      return dead(c)
    } finally {
      throttle.release(attempt)
    }
  }

  app.get('/', async (c) => {
    useUiLocales(c, 'en')
    const token = c.req.query('token') ?? ''
    return (await checkLink(c, token)) ?? form(c, 200, token)
  })
  app.post(
    '/',
    oneRequestPerTurn(),
    lifecycleBodyLimit((c) => htmlPage(c, 400, SETUP_WORDS.title, messagePage(SETUP_WORDS.title, pageWords(c).formTooLarge))),
    async (c) => {
      useUiLocales(c, 'en')
      const read = await readLifecycleForm(c, provider)
      if (!(read instanceof URLSearchParams)) {
        // Without a trusted form there is no token to show the form again with: the link, opened again, does.
        return htmlPage(c, read.status, SETUP_WORDS.title, messagePage(pageWords(c).tryAgain, `${read.problem} Open the setup link again.`))
      }
      const token = read.get('token') ?? ''
      const refusal = await checkLink(c, token)
      if (refusal) return refusal
      const values: SignUpForm = {
        name: read.get('name') ?? '',
        email: (read.get('email') ?? '').trim(),
        password: read.get('password') ?? '',
      }
      const kept = { name: values.name.slice(0, 200), email: values.email.slice(0, 254) }
      const errors = signUpErrors(values, 'en')
      if (Object.keys(errors).length > 0) return form(c, 400, token, { values: kept, errors })
      let passwordHash: string
      try {
        passwordHash = await hashPassword(values.password)
      } catch (error) {
        if (!(error instanceof PasswordWorkBusy)) throw error
        c.header('Retry-After', String(error.retryAfterSeconds))
        return form(c, 503, token, { values: kept, problem: pageWords(c).passwordsBusy })
      }
      let operator: Awaited<ReturnType<typeof createOperatorWithSetupLink>>
      try {
        operator = await createOperatorWithSetupLink(
          provider.db,
          token,
          { name: values.name, email: values.email, passwordHash },
          provider.now(),
        )
      } catch (error) {
        if (!(error instanceof InvalidInput && error.field === 'email')) throw error
        const email = values.email.toLowerCase()
        return form(c, 400, token, { values: kept, errors: { email: fill(SETUP_WORDS.emailTaken, { email }) } })
      }
      // Another request with the same link made the operator first.
      if (!operator) return dead(c)
      log('info', `${operator.email} is the first operator, made with the setup link`, {
        event: 'svc.operator_created',
        email: operator.email,
        sub: operator.sub,
      })
      return htmlPage(
        c,
        200,
        SETUP_WORDS.doneTitle,
        operatorReadyPage({ name: operator.name, email: operator.email, product: requestBranding(c).name }),
      )
    },
  )
  return app
}
