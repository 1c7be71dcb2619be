/**
 * @module `GET|POST /oidc/logout` (OpenID Connect RP-Initiated Logout 1.0)
 * with the spec's four behaviours: the session cookie is invalidated; the
 * client's tokens for the user are revoked; without
 * `post_logout_redirect_uri` a signed-out page is shown; with one (it must
 * be registered) the browser is sent there with `state`. An unregistered
 * target is an error page, never a redirect. Without an `id_token_hint`
 * for the signed-in user, the user confirms first (a CSRF-protected form),
 * so no other site can sign them out.
 */
import { type Context, Hono } from 'hono'
import { clientByClientId } from '../clients/clients.js'
import { postLogoutRedirectUriRegistered, registeredUriMismatch } from '../clients/client-row.js'
import { shownUri } from '../clients/redirect-uris.js'
import type { ClientRow, UserRow } from '../db/schema.js'
import { readIdTokenHint } from './id-token-hint.js'
import { csrfToken, csrfTokenMatches } from './csrf.js'
import { html } from '../http/html.js'
import { htmlPage } from '../pages/html-page.js'
import { messagePage } from '../pages/message-page.js'
import type { IdentityProviderContext } from '../grants/identity-provider-context.js'
import { currentSession, endSession } from '../grants/sessions.js'
import { revokeClientTokensForUser } from '../grants/tokens.js'
import { useUiLocales } from '../i18n/request-locale.js'
import { type RefusalReason, refusalPage } from '../pages/refusal-page.js'
import { fill } from '../i18n/pages.js'
import { pageWords } from '../pages/request-branding.js'

const PARAMETERS = ['id_token_hint', 'post_logout_redirect_uri', 'state', 'client_id', 'ui_locales', 'logout_hint', 'csrf']

/**
 * Builds the logout endpoint, to be mounted at `/oidc/logout`.
 *
 * @example
 * app.route('/oidc/logout', logoutEndpoint(provider))
 */
export function logoutEndpoint(provider: IdentityProviderContext): Hono {
  const app = new Hono()
  const refuse = (c: Context, reason: RefusalReason) => refusalPage(c, 400, 'signOutError', reason)

  app.on(['GET', 'POST'], '/', async (c) => {
    const parameters =
      c.req.method === 'POST' && (c.req.header('Content-Type') ?? '').startsWith('application/x-www-form-urlencoded')
        ? new URLSearchParams(await c.req.text())
        : new URL(c.req.url).searchParams
    useUiLocales(c, parameters.get('ui_locales'))
    const t = pageWords(c)
    for (const name of PARAMETERS)
      if (parameters.getAll(name).length > 1) return refuse(c, { developer: `${name} was given more than once.` })
    const hintValue = parameters.get('id_token_hint')
    const hint = hintValue ? await readIdTokenHint(provider, hintValue) : undefined
    if (hintValue && !hint) return refuse(c, { developer: 'The id_token_hint was not issued by svc.' })

    const clientId = parameters.get('client_id') ?? hint?.aud[0]
    if (parameters.get('client_id') && hint && !hint.aud.includes(parameters.get('client_id')!)) {
      return refuse(c, { developer: 'client_id does not match the id_token_hint.' })
    }
    let client: ClientRow | undefined
    if (clientId) {
      client = await clientByClientId(provider.db, clientId)
      if (!client) return refuse(c, { developer: 'The application asking to sign you out is not registered with svc.' })
    }
    const redirectUri = parameters.get('post_logout_redirect_uri')
    if (redirectUri !== null) {
      if (!client) return refuse(c, { developer: 'client_id or id_token_hint is required with post_logout_redirect_uri.' })
      if (!postLogoutRedirectUriRegistered(client, redirectUri, provider.issuer))
        return refuse(c, {
          developer: `The address to return to after signing out is not registered for this application. It asked for ${shownUri(redirectUri)}: ${registeredUriMismatch(client, redirectUri, provider.issuer, { postLogout: true })}`,
        })
    }

    const session = await currentSession(c, provider)
    // Signing out with no proof that the relying party is asking (a matching
    // id_token_hint) could be triggered by any site, so the user confirms.
    const confirmed = c.req.method === 'POST' && parameters.has('csrf')
    if (confirmed && !csrfTokenMatches(c, provider, parameters.get('csrf'))) return refuse(c, { visitor: t.signOutExpired })
    const proven = hint !== undefined && (session === undefined || hint.sub === session.user.sub)
    if (session && !proven && !confirmed) {
      const fields = [
        ...PARAMETERS.filter((name) => parameters.has(name)).map((name) => [name, parameters.get(name)!]),
        ['csrf', csrfToken(c, provider)],
      ]
      return htmlPage(
        c,
        200,
        t.signOut,
        html`<h1>${t.signOutHeading}</h1>
<p>${client ? fill(t.clientAsksSignOut, { client: client.name }) : t.youAskedSignOut} ${fill(t.youAreSignedInAs, { user: session.user.name })}</p>
<form method="post" action="/oidc/logout">${fields.map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
<div class="actions"><button class="primary" type="submit">${t.signOut}</button></div></form>`,
      )
    }
    // Tokens are revoked only for the user whose session this is.
    const user: UserRow | undefined = session?.user
    await provider.db.transaction().execute(async (trx) => {
      await endSession(c, provider, session, trx)
      if (client && user) {
        await revokeClientTokensForUser(provider, client, user, 'signed out', trx)
        await provider.events.record(trx, 'account.signed_out', client.client_id, { account: user.sub })
      }
    })
    c.header('Cache-Control', 'no-store')
    if (redirectUri === null) return htmlPage(c, 200, t.signedOutTitle, messagePage(t.signedOutHeading, t.signedOut))
    const target = new URL(redirectUri)
    const state = parameters.get('state')
    if (state !== null) target.searchParams.set('state', state)
    return c.redirect(target.href, 302)
  })
  return app
}
