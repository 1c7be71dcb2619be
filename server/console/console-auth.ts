/**
 * @module Signing in to the console through svc itself: the console is an
 * OpenID Connect client of the identity provider it runs beside, using
 * openid-client on the server (authorization code flow with PKCE, state
 * and nonce). Its requests to the token endpoint go straight to the app in
 * this process, so no replica needs to reach its own public URL. Routes:
 * `/console/login`, `/console/callback`, `/console/logout` (POST) and
 * `/console/signed-out`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { type Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Kysely } from 'kysely'
import * as oidc from 'openid-client'
import type { Database } from '../db/schema.js'
import { deploymentSecret } from '../db/settings.js'
import { discoveryDocument } from '../oidc/discovery.js'
import { htmlPage } from '../oidc/pages/html-page.js'
import { messagePage } from '../oidc/pages/message-page.js'
import type { ConsoleClient } from './console-client.js'
import { CONSOLE_SCOPES, consoleSession, endConsoleSession, startConsoleSession } from './console-sessions.js'

const LOGIN_COOKIE = 'svc_console_login'

interface PendingLogin {
  state: string
  nonce: string
  verifier: string
  returnTo: string
}

export interface ConsoleAuthOptions {
  db: Kysely<Database>
  issuer: string
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
export function consoleAuth({ db, issuer, client, fetchInProcess }: ConsoleAuthOptions): Hono {
  const app = new Hono()
  let configuration: Promise<oidc.Configuration> | undefined
  const relyingParty = () =>
    (configuration ??= client().then((registered) => {
      const config = new oidc.Configuration(discoveryDocument(issuer), registered.clientId, registered.clientSecret)
      config[oidc.customFetch] = (url, options) => fetchInProcess(new Request(url, options as RequestInit))
      if (issuer.startsWith('http:')) oidc.allowInsecureRequests(config)
      return config
    }))
  let hmacKey: Promise<Buffer> | undefined
  const sign = async (value: string) =>
    createHmac('sha256', await (hmacKey ??= deploymentSecret(db, 'console-login-hmac')))
      .update(value)
      .digest('base64url')

  app.get('/login', async (c) => {
    const pending: PendingLogin = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      returnTo: safeReturnPath(c.req.query('return')),
    }
    const registered = await client()
    const url = oidc.buildAuthorizationUrl(await relyingParty(), {
      redirect_uri: registered.redirectUri,
      scope: CONSOLE_SCOPES.join(' '),
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
    })
    const payload = Buffer.from(JSON.stringify(pending)).toString('base64url')
    setCookie(c, LOGIN_COOKIE, `${payload}.${await sign(payload)}`, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/console',
      secure: issuer.startsWith('https:'),
      maxAge: 600,
    })
    return c.redirect(url.href, 302)
  })

  app.get('/callback', async (c) => {
    const pending = await readPending(c, sign)
    deleteCookie(c, LOGIN_COOKIE, { path: '/console' })
    if (!pending) return problem(c, 'This sign-in expired or was not started here. Start again.')
    let tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers
    try {
      // The URL as the issuer names it: behind a proxy the request's own may differ, and the redirect URI must match.
      tokens = await oidc.authorizationCodeGrant(
        await relyingParty(),
        new URL(`${c.req.path}?${new URL(c.req.url).searchParams}`, issuer),
        {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        },
      )
    } catch (error) {
      const reason = error instanceof oidc.AuthorizationResponseError ? (error.error_description ?? error.error) : (error as Error).message
      return problem(c, `svc did not sign you in: ${reason}`)
    }
    const claims = tokens.claims()!
    await startConsoleSession(c, db, {
      claims: { ...claims },
      idToken: tokens.id_token!,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      secure: issuer.startsWith('https:'),
    })
    return c.redirect(pending.returnTo, 302)
  })

  app.post('/logout', async (c) => {
    const session = await consoleSession(c, db)
    if (!session) return c.redirect('/console/signed-out', 303)
    const form = await c.req.parseBody()
    if (typeof form.csrf !== 'string' || !sameToken(form.csrf, session.csrf))
      return problem(c, 'The sign-out form expired. Go back and try again.')
    await endConsoleSession(c, db, session)
    const registered = await client()
    const end = oidc.buildEndSessionUrl(await relyingParty(), {
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
      `${messagePage('Signed out', 'You are signed out of the svc console.')}\n<p><a href="/console">Sign in again</a></p>`,
    ),
  )
  return app
}

/** A path inside the console to come back to; anything else goes to the console's home. */
function safeReturnPath(value: string | undefined): string {
  return value && /^\/console(\/[\w\-/]*)?$/.test(value) ? value : '/console'
}

async function readPending(c: Context, sign: (value: string) => Promise<string>): Promise<PendingLogin | undefined> {
  const cookie = getCookie(c, LOGIN_COOKIE) ?? ''
  const [payload = '', signature = ''] = cookie.split('.')
  if (!payload || !sameToken(signature, await sign(payload))) return undefined
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString()) as PendingLogin
  } catch {
    return undefined
  }
}

const sameToken = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

const problem = (c: Context, message: string) => htmlPage(c, 400, 'Console sign-in', messagePage('Console sign-in', message))
