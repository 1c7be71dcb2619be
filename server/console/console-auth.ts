/**
 * @module Signing in to the console through svc itself: the console is an
 * OpenID Connect client of the identity provider it runs beside, using
 * openid-client on the server (authorization code flow with PKCE, state
 * and nonce). Its requests to the token endpoint go straight to the app in
 * this process, so no replica needs to reach its own public URL. Routes:
 * `/console/login`, `/console/callback`, `/console/logout` (POST),
 * `/console/signed-out` and `/console/account-deleted`. While an operator
 * requires a second factor of console roles, the sign-in asks for it
 * (`acr_values`), so a password session of an account with an
 * authenticator gets the code prompt rather than a console it cannot
 * use; `/console/login?again=1` asks for a fresh sign-in (`prompt=login`),
 * the way in with a passkey just added.
 */
import { sameSecret } from '../http/constant-time.js'
import { type Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import type * as oidc from 'openid-client'
import { openidClient, relyingPartyFailure } from '../accounts/external-relying-party.js'
import type { Database } from '../db/schema.js'
import { publicUrl } from '../http/public-url.js'
import { hostCookie } from '../http/host-cookie.js'
import { signedCookie } from '../http/signed-cookie.js'
import { discoveryDocument } from '../oidc/discovery.js'
import { htmlPage } from '../pages/html-page.js'
import { accountWords } from '../i18n/account-words.js'
import { requestLocale } from '../i18n/request-locale.js'
import { requestBranding } from '../pages/request-branding.js'
import { html } from '../http/html.js'
import { messagePage } from '../pages/message-page.js'
import type { ConsoleClient } from './console-client.js'
import { CONSOLE_SCOPES, type ConsoleSessions } from './console-sessions.js'
import { secondFactorRequired } from '../accounts/second-factor-requirement.js'
import { ACR } from '../grants/authentication-methods.js'

interface PendingLogin {
  state: string
  nonce: string
  verifier: string
  returnTo: string
}

export interface ConsoleAuthOptions {
  db: Kysely<Database>
  issuer: string
  sessions: ConsoleSessions
  client: () => Promise<ConsoleClient>
  /** Answers a request as the app in this process would. */
  fetchInProcess: (request: Request) => Promise<Response>
}

/**
 * Builds the sign-in routes, mounted at `/console`.
 *
 * @example
 * app.route('/console', consoleAuth({ db, issuer, client, fetchInProcess: app.fetch }))
 */
export function consoleAuth({ db, issuer, sessions, client, fetchInProcess }: ConsoleAuthOptions): Hono {
  const app = new Hono()
  let configuration: Promise<oidc.Configuration> | undefined
  const relyingParty = () =>
    (configuration ??= Promise.all([client(), openidClient()]).then(([registered, openid]) => {
      const config = new openid.Configuration(discoveryDocument(issuer), registered.clientId, registered.clientSecret)
      config[openid.customFetch] = (url, options) => fetchInProcess(new Request(url, options as RequestInit))
      if (issuer.startsWith('http:')) openid.allowInsecureRequests(config)
      return config
    }))
  const loginCookie = hostCookie(issuer, 'svc_console_login', '/console')
  const pendingLogin = signedCookie<PendingLogin>(db, loginCookie.name, loginCookie)

  app.get('/login', async (c) => {
    const openid = await openidClient()
    const pending: PendingLogin = {
      state: openid.randomState(),
      nonce: openid.randomNonce(),
      verifier: openid.randomPKCECodeVerifier(),
      returnTo: safeReturnPath(c.req.query('return')),
    }
    const registered = await client()
    const url = openid.buildAuthorizationUrl(await relyingParty(), {
      redirect_uri: registered.redirectUri,
      scope: CONSOLE_SCOPES.join(' '),
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await openid.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      ...((await secondFactorRequired(db)) ? { acr_values: ACR.multiFactor } : {}),
      ...(c.req.query('again') === '1' ? { prompt: 'login' } : {}),
    })
    await pendingLogin.set(c, pending)
    return c.redirect(url.href, 302)
  })

  app.get('/callback', async (c) => {
    const pending = await pendingLogin.take(c)
    // A mailed link followed in another browser ends here without this browser's pending sign-in.
    if (!pending) return problem(c, 'This sign-in expired or was started in another browser.', true)
    let tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers
    try {
      const openid = await openidClient()
      tokens = await openid.authorizationCodeGrant(await relyingParty(), publicUrl(c, issuer), {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      })
    } catch (error) {
      return problem(c, `svc did not sign you in: ${relyingPartyFailure(error)}`)
    }
    const claims = tokens.claims()!
    await sessions.start(c, {
      claims: { ...claims },
      idToken: tokens.id_token!,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
    })
    return c.redirect(pending.returnTo, 302)
  })

  app.post('/logout', async (c) => {
    const session = await sessions.current(c)
    if (!session) return c.redirect('/console/signed-out', 303)
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    if (typeof form.csrf !== 'string' || !sameSecret(form.csrf, session.csrf))
      return problem(c, 'The sign-out form expired. Go back and try again.')
    await sessions.end(c, session)
    const registered = await client()
    const end = (await openidClient()).buildEndSessionUrl(await relyingParty(), {
      id_token_hint: session.idToken,
      post_logout_redirect_uri: registered.postLogoutRedirectUri,
    })
    return c.redirect(end.href, 303)
  })

  app.get('/signed-out', (c) =>
    htmlPage(
      c,
      200,
      'Signed out',
      html`${messagePage('Signed out', 'You are signed out of the svc console.')}\n<p><a href="/console">Sign in again</a></p>`,
    ),
  )
  // Where the account page goes once the account is gone: a page of its own, so nothing still names the
  // deleted person (the console's header does), and a way onward. Someone signed in has an account to see instead.
  app.get('/account-deleted', async (c) => {
    if (await sessions.current(c)) return c.redirect('/console/account', 303)
    // In the visitor's language, like the account page they came from.
    const words = accountWords(requestLocale(c), requestBranding(c).name)
    return htmlPage(
      c,
      200,
      words.accountDeletedTitle,
      messagePage(words.accountDeletedTitle, words.accountDeletedText, { href: '/console/account', text: words.signInWithAnotherAccount }),
    )
  })
  return app
}

/** A console page to come back to, its query (list filters) included; anything else is the console's home. */
function safeReturnPath(value: string | undefined): string {
  return value && value.length <= 500 && /^\/console(\/[\w\-/]*)?(\?[\w\-.~%=&+]*)?$/.test(value) ? value : '/console'
}

const problem = (c: Context, message: string, startAgain = false) =>
  htmlPage(
    c,
    400,
    'Console sign-in',
    html`${messagePage('Console sign-in', message)}${startAgain ? html`\n<p><a href="/console/login">Sign in to the console</a></p>` : ''}`,
  )
