/**
 * @module `GET|POST /oidc/logout` (OpenID Connect RP-Initiated Logout 1.0)
 * with the spec's four behaviours: the session cookie is invalidated; the
 * client's tokens for the user are revoked; without
 * `post_logout_redirect_uri` a signed-out page is shown; with one (it must
 * be registered) the browser is sent there with `state`. An unregistered
 * target is an error page, never a redirect.
 */
import { type Context, Hono } from 'hono'
import { clientByClientId, postLogoutRedirectUrisOf } from '../clients/clients.js'
import type { ClientRow, UserRow } from '../db/schema.js'
import { readIdTokenHint } from './id-token-hint.js'
import { htmlPage } from './pages/html-page.js'
import { messagePage } from './pages/message-page.js'
import type { Provider } from './provider.js'
import { currentSession, endSession } from './sessions.js'
import { revokeClientTokensForUser } from './tokens.js'

const PARAMETERS = ['id_token_hint', 'post_logout_redirect_uri', 'state', 'client_id', 'ui_locales', 'logout_hint']

/**
 * Builds the logout endpoint, to be mounted at `/oidc/logout`.
 *
 * @example
 * app.route('/oidc/logout', logoutEndpoint(provider))
 */
export function logoutEndpoint(provider: Provider): Hono {
  const app = new Hono()
  const refuse = (c: Context, message: string) => htmlPage(c, 400, 'Sign-out error', messagePage('Sign-out error', message))

  app.on(['GET', 'POST'], '/', async (c) => {
    const parameters =
      c.req.method === 'POST' && (c.req.header('Content-Type') ?? '').startsWith('application/x-www-form-urlencoded')
        ? new URLSearchParams(await c.req.text())
        : new URL(c.req.url).searchParams
    for (const name of PARAMETERS) if (parameters.getAll(name).length > 1) return refuse(c, `${name} was given more than once.`)
    const hintValue = parameters.get('id_token_hint')
    const hint = hintValue ? await readIdTokenHint(provider, hintValue) : undefined
    if (hintValue && !hint) return refuse(c, 'The id_token_hint was not issued by svc.')

    const clientId = parameters.get('client_id') ?? hint?.aud[0]
    if (parameters.get('client_id') && hint && !hint.aud.includes(parameters.get('client_id')!)) {
      return refuse(c, 'client_id does not match the id_token_hint.')
    }
    let client: ClientRow | undefined
    if (clientId) {
      client = await clientByClientId(provider.db, clientId)
      if (!client) return refuse(c, 'The application asking to sign you out is not registered with svc.')
    }
    const redirectUri = parameters.get('post_logout_redirect_uri')
    if (redirectUri !== null) {
      if (!client) return refuse(c, 'client_id or id_token_hint is required with post_logout_redirect_uri.')
      if (!postLogoutRedirectUrisOf(client).includes(redirectUri))
        return refuse(c, 'The address to return to after signing out is not registered for this application.')
    }

    const session = await currentSession(c, provider)
    const user: UserRow | undefined =
      session?.user ?? (hint ? await provider.db.selectFrom('users').selectAll().where('sub', '=', hint.sub).executeTakeFirst() : undefined)
    await provider.db.transaction().execute(async (trx) => {
      await endSession(c, provider, session, trx)
      if (client && user) {
        await revokeClientTokensForUser(provider, client, user, 'signed out', trx)
        await provider.events.record(trx, 'account.signed_out', client.client_id, { account: user.sub })
      }
    })
    c.header('Cache-Control', 'no-store')
    if (redirectUri === null)
      return htmlPage(
        c,
        200,
        'Signed out',
        messagePage('You are signed out', 'You have been signed out of svc. You can close this window.'),
      )
    const target = new URL(redirectUri)
    const state = parameters.get('state')
    if (state !== null) target.searchParams.set('state', state)
    return c.redirect(target.href, 302)
  })
  return app
}
