/**
 * @module `/oidc/authorize`: the authorization code flow's front door, as a
 * Hono sub-app. GET reads the request and either answers the client at
 * once (a live session with consent) or shows the login or consent form;
 * the forms POST back here with the sealed request, which is read and
 * checked again from the start. A password into an account with an
 * authenticator app shows the code prompt, which posts the same sealed
 * request to `/code`; so does a one-factor session when `acr_values`
 * asks for two (step-up).
 */
import { type Context, Hono } from 'hono'
import { clientAddress } from '../../http/client-address.js'
import { bodyLimit } from 'hono/body-limit'
import { oneRequestPerTurn } from '../../http/yielding-lane.js'
import { checkCredentials, LOGIN_MAX_LENGTH } from '../sign-in/check-credentials.js'
import { csrfToken, csrfTokenMatches } from '../csrf.js'
import { AccessDenied, ConsentRequired, LoginRequired, OAuthError } from '../errors.js'
import { readIdTokenHint } from '../id-token-hint.js'
import { consentPage } from '../pages/consent-page.js'
import { htmlPage } from '../../pages/html-page.js'
import { loginPage } from '../pages/login-page.js'
import { epochSeconds, type IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { type ActiveSession, currentSession, sessionOfDisabledAccount, switchSession } from '../../grants/sessions.js'
import { grantConsent, grantedScopes } from '../../grants/consents.js'
import { type InteractionState, interactionSeal, openInteraction, sealInteraction } from './interaction-state.js'
import { issueCode } from './issue-code.js'
import { type LoginThrottle, loginThrottle } from '../../http/login-throttle.js'
import {
  anotherAccountQuery,
  type AuthorizationRequest,
  AuthorizePageError,
  readAuthorizationRequest,
  readRedirectTarget,
  type RedirectTarget,
} from './read-request.js'
import { redirectWithCode, redirectWithError } from './respond.js'
import { externalProviders } from '../../accounts/account-links.js'
import { SDK_CALLBACK_PATH } from '../sdk-callback.js'
import { sdkFlowOf } from '../sdk-flow.js'
import { withReturn } from '../account-lifecycle/lifecycle-request.js'
import { resendConfirmationForm } from '../account-lifecycle/resend-confirmation-endpoint.js'
import { requestLocale, useUiLocales } from '../../i18n/request-locale.js'
import { refusalPage } from '../../pages/refusal-page.js'
import { fill } from '../../i18n/pages.js'
import { pageWords, requestBranding } from '../../pages/request-branding.js'
import { checkPasskey } from '../passkeys/check-passkey.js'
import { PASSKEY_SIGN_IN_SCRIPT } from '../pages/passkey-sign-in-form.js'
import { awaitSecondFactor, checkSecondFactor, needsSecondFactor } from '../sign-in/second-factor.js'
import { ACR, acrFor } from '../../grants/authentication-methods.js'
import { codePromptPage } from '../pages/code-prompt-page.js'
import { authenticatorWords } from '../../i18n/authenticator-words.js'

/**
 * Builds the authorization endpoint, to be mounted at `/oidc/authorize`.
 *
 * @example
 * app.route('/oidc/authorize', authorizeEndpoint(provider))
 */
export function authorizeEndpoint(
  provider: IdentityProviderContext,
  { throttle = loginThrottle(), signup = 'open' }: { throttle?: LoginThrottle; signup?: 'open' | 'closed' } = {},
): Hono {
  const app = new Hono()
  const interactions = interactionSeal(provider.db)

  /**
   * Reads the sealed request and runs `step` on it. Every failure is a page
   * (client or redirect URI unusable) or a redirect with the error, never a
   * 500 for client input.
   */
  async function withRequest(
    c: Context,
    state: InteractionState,
    step: (request: AuthorizationRequest) => Promise<Response>,
  ): Promise<Response> {
    const query = new URLSearchParams(state.query)
    useUiLocales(c, query.get('ui_locales'))
    let target: RedirectTarget
    try {
      target = await readRedirectTarget(provider, query)
    } catch (error) {
      if (error instanceof AuthorizePageError) return refusalPage(c, 400, 'signInError', { developer: error.message })
      throw error
    }
    // svc's SDK callback delivers to the page that started the flow in this browser; no code for a flow nobody's
    // page started, nor for one whose request was altered on the way (another PKCE challenge for the same state).
    if (target.redirectUri === `${provider.issuer}${SDK_CALLBACK_PATH}`) {
      const flow = await sdkFlowOf(c, provider, target.state)
      if (flow?.clientId !== target.client.client_id || flow.codeChallenge !== query.get('code_challenge'))
        return refusalPage(c, 400, 'signInError', { visitor: pageWords(c).signInNotFromThisBrowser })
    }
    try {
      return await step(readAuthorizationRequest(target, query))
    } catch (error) {
      if (error instanceof OAuthError) return redirectWithError(c, target, provider.issuer, error)
      throw error
    }
  }

  const authorize = (c: Context, state: InteractionState, loggedIn?: ActiveSession) =>
    withRequest(c, state, (request) => decide(c, request, state, loggedIn))

  async function decide(c: Context, request: AuthorizationRequest, state: InteractionState, loggedIn?: ActiveSession): Promise<Response> {
    const session = loggedIn ?? (await currentSession(c, provider))
    const now = epochSeconds(provider.now())
    const hint = request.idTokenHint === undefined ? undefined : await readIdTokenHint(provider, request.idTokenHint)
    if (request.idTokenHint !== undefined && !hint) throw new LoginRequired('id_token_hint is not a valid id_token of this issuer')
    // A sign-in made in answer to this very request satisfies prompt=login;
    // otherwise the session must postdate the request (to the second).
    const freshEnough = (s: ActiveSession) =>
      !((request.prompt.has('login') || request.prompt.has('select_account')) && s !== loggedIn && s.authTime <= state.startedAt) &&
      !(request.maxAge !== undefined && now - s.authTime > request.maxAge) &&
      !(hint && hint.sub !== s.user.sub)
    if (!session || !freshEnough(session)) {
      if (request.prompt.has('none')) throw new LoginRequired(session ? 'the user must sign in again' : 'the user is not signed in')
      return showLogin(c, request, state)
    }
    // Step-up: a client asking for two factors (or a passkey's level) of a session that had one gets the code
    // prompt, when the account has an authenticator app; otherwise the session's own level (acr_values is voluntary).
    if (
      request.acrValues.some((acr) => acr === ACR.multiFactor || acr === ACR.phishingResistant) &&
      acrFor(session.amr) === ACR.oneFactor &&
      (await needsSecondFactor(provider, session.user, session.amr))
    ) {
      if (request.prompt.has('none')) throw new LoginRequired('acr_values asks for a second factor, which needs the user')
      await awaitSecondFactor(c, provider, session.user, session.amr)
      return showCodePrompt(c, state)
    }
    const granted = await grantedScopes(provider, session.user, request.client)
    // svc's own applications (the console) ask no consent for what is svc's to give.
    const needsConsent =
      request.prompt.has('consent') || (request.client.first_party !== 1 && request.scopes.some((scope) => !granted.has(scope)))
    if (needsConsent) {
      if (request.prompt.has('none')) throw new ConsentRequired('the user has not consented to these scopes')
      // The consent form is bound to the session that passed the checks above,
      // so a login form's state posted here cannot skip them.
      const interaction = await sealInteraction(interactions, {
        query: state.query,
        startedAt: state.startedAt,
        satisfiedBy: session.id,
      })
      const locale = requestLocale(c)
      return htmlPage(
        c,
        200,
        pageWords(c).allowAccess,
        consentPage({
          locale,
          product: requestBranding(c).name,
          client: {
            name: request.client.name,
            logoUri: request.client.logo_uri,
            privacyPolicyUrl: request.client.privacy_policy_url,
            termsOfServiceUrl: request.client.terms_of_service_url,
          },
          userName: session.user.name,
          scopes: request.scopes,
          interaction,
          csrf: csrfToken(c, provider),
          anotherAccountHref: `/oidc/authorize?${anotherAccountQuery(state.query)}`,
        }),
      )
    }
    return answerWithCode(c, request, session)
  }

  async function answerWithCode(c: Context, request: AuthorizationRequest, session: ActiveSession): Promise<Response> {
    const code = await provider.db.transaction().execute(async (trx) => {
      const issued = await issueCode(provider, request, session, trx)
      await provider.events.record(trx, 'account.signed_in', request.client.client_id, {
        account: session.user.sub,
        scopes: request.scopes,
        ip: clientAddress(c),
        user_agent: c.req.header('User-Agent') ?? '',
      })
      return issued
    })
    return redirectWithCode(c, request, provider.issuer, code)
  }

  async function showLogin(
    c: Context,
    request: AuthorizationRequest,
    state: InteractionState,
    error?: string,
    status: 200 | 400 | 401 | 403 | 429 | 503 = 200,
    unconfirmed?: string,
  ) {
    const interaction = await sealInteraction(interactions, state)
    const csrf = csrfToken(c, provider)
    const locale = requestLocale(c)
    const t = pageWords(c)
    // Signed out because their account was disabled (the console or an application sent them here): say so, to them alone.
    if (error === undefined && (await sessionOfDisabledAccount(c, provider))) error = t.signedOutDisabled
    return htmlPage(
      c,
      status,
      t.signIn,
      loginPage({
        locale,
        product: requestBranding(c).name,
        // svc's own applications (the console, its account page) are the product itself to a visitor.
        heading: fill(t.signInToContinue, { client: request.client.first_party === 1 ? requestBranding(c).name : request.client.name }),
        action: '/oidc/authorize/login',
        hidden: { interaction, csrf },
        loginHint: request.loginHint,
        error,
        ...(unconfirmed === undefined
          ? {}
          : {
              resendConfirmation: resendConfirmationForm(c, provider, unconfirmed, `/oidc/authorize?${state.query}`),
            }),
        accountLinks: {
          forgotPasswordHref: withReturn('/forgot-password', `/oidc/authorize?${state.query}`),
          ...(signup === 'open' ? { signUpHref: withReturn('/signup', `/oidc/authorize?${state.query}`) } : {}),
        },
        // Held back by the throttle: whoever holds the mailbox may still come in, and continue this request.
        ...(status === 429 && request.loginHint
          ? {
              signInLink: {
                action: '/email-sign-in-link',
                hidden: { csrf: csrfToken(c, provider), email: request.loginHint, return: `/oidc/authorize?${state.query}` },
              },
            }
          : {}),
        external: (await externalProviders(provider.db)).map((external) => ({
          name: external.name,
          href: `/oidc/external/${external.slug}?return=${encodeURIComponent(`/oidc/authorize?${state.query}`)}`,
        })),
        // The token the password form carries: asking for a second one would set the cookie twice.
        passkey: { action: '/oidc/authorize/passkey', hidden: { interaction, csrf } },
      }),
      { moduleScript: PASSKEY_SIGN_IN_SCRIPT },
    )
  }

  /** The second step of a password sign-in into an account with an authenticator app, answering the same sealed request. */
  async function showCodePrompt(
    c: Context,
    state: InteractionState,
    error?: string,
    status: 200 | 400 | 401 | 429 = 200,
    recovery?: boolean,
  ): Promise<Response> {
    const locale = requestLocale(c)
    return htmlPage(
      c,
      status,
      authenticatorWords(locale).codeTitle,
      codePromptPage({
        locale,
        product: requestBranding(c).name,
        action: '/oidc/authorize/code',
        hidden: { interaction: await sealInteraction(interactions, state), csrf: csrfToken(c, provider) },
        error,
        recovery,
      }),
    )
  }

  /** Reads a form POST: CSRF, then the sealed interaction. */
  async function readForm(c: Context): Promise<{ form: URLSearchParams; state: InteractionState } | Response> {
    if (!(c.req.header('Content-Type') ?? '').startsWith('application/x-www-form-urlencoded')) {
      return refusalPage(c, 400, 'signInError', { visitor: pageWords(c).formNotForm })
    }
    const form = new URLSearchParams(await c.req.text())
    if (!csrfTokenMatches(c, provider, form.get('csrf'))) return refusalPage(c, 403, 'signInError', { visitor: pageWords(c).formExpired })
    const state = await openInteraction(interactions, form.get('interaction') ?? '')
    if (!state) return refusalPage(c, 400, 'signInError', { visitor: pageWords(c).signInDamaged })
    return { form, state }
  }

  app.get('/', (c) => {
    const url = c.req.url
    const queryStart = url.indexOf('?')
    return authorize(c, { query: queryStart < 0 ? '' : url.slice(queryStart + 1), startedAt: epochSeconds(provider.now()) })
  })

  const limit = bodyLimit({
    maxSize: 64 * 1024,
    onError: (c) => refusalPage(c, 400, 'signInError', { visitor: pageWords(c).formTooLarge }),
  })

  // OIDC Core §3.1.2.1: the same request may come form-encoded in a POST.
  app.post('/', limit, async (c) => {
    if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
      return refusalPage(c, 400, 'signInError', {
        developer: 'An authorization request sent by POST must be application/x-www-form-urlencoded.',
      })
    }
    return authorize(c, { query: await c.req.text(), startedAt: epochSeconds(provider.now()) })
  })

  app.post('/login', oneRequestPerTurn(), limit, async (c) => {
    const read = await readForm(c)
    if (read instanceof Response) return read
    const { form, state } = read
    const email = (form.get('email') ?? '').trim()
    const password = form.get('password') ?? ''
    return withRequest(c, state, async (request) => {
      const check = await checkCredentials(c, provider, throttle, email, password)
      if ('error' in check) {
        if (check.retryAfter !== undefined) c.header('Retry-After', String(check.retryAfter))
        // The e-mail typed is kept, unless it was too long to be anyone's.
        const loginHint = email.length <= LOGIN_MAX_LENGTH ? email : undefined
        return showLogin(c, { ...request, loginHint }, state, check.error, check.status, check.unconfirmed)
      }
      if (check.secondFactor) {
        await awaitSecondFactor(c, provider, check.user, ['pwd'])
        return showCodePrompt(c, state)
      }
      return decide(c, request, state, await switchSession(c, provider, check.user, ['pwd']))
    })
  })

  // The code of the account's authenticator app (or a recovery code) completes the password sign-in, then the same request goes on.
  app.post('/code', oneRequestPerTurn(), limit, async (c) => {
    const read = await readForm(c)
    if (read instanceof Response) return read
    const { form, state } = read
    return withRequest(c, state, async (request) => {
      const check = await checkSecondFactor(c, provider, throttle, form)
      if ('error' in check) {
        if (check.retryAfter !== undefined) c.header('Retry-After', String(check.retryAfter))
        if (check.expired) return showLogin(c, request, state, check.error, check.status)
        return showCodePrompt(c, state, check.error, check.status, check.recovery)
      }
      return decide(c, request, state, await switchSession(c, provider, check.user, check.amr))
    })
  })

  // A passkey answers the same sealed request as the password form, and continues it the same way.
  app.post('/passkey', limit, async (c) => {
    const read = await readForm(c)
    if (read instanceof Response) return read
    const { form, state } = read
    return withRequest(c, state, async (request) => {
      const check = await checkPasskey(c, provider, throttle, form.get('credential') ?? '')
      if ('error' in check) {
        if (check.retryAfter !== undefined) c.header('Retry-After', String(check.retryAfter))
        return showLogin(c, request, state, check.error, check.status)
      }
      return decide(c, request, state, await switchSession(c, provider, check.user, check.amr))
    })
  })

  app.post('/consent', limit, async (c) => {
    const read = await readForm(c)
    if (read instanceof Response) return read
    const { form, state } = read
    return withRequest(c, state, async (request) => {
      const session = await currentSession(c, provider)
      if (!session || state.satisfiedBy !== session.id) return decide(c, request, { query: state.query, startedAt: state.startedAt })
      if (form.get('decision') !== 'allow') throw new AccessDenied('the user denied access')
      await grantConsent(provider, session.user, request.client, request.scopes)
      return answerWithCode(c, request, session)
    })
  })

  return app
}
