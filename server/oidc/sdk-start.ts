/**
 * @module `POST /oidc/sdk/start`: where `/sdk.js` begins a code flow
 * without FedCM, by a form POST from the partner's page into the popup, or
 * into the page itself when popups are blocked. The browser's `Origin`
 * header must be one of the client's registered origins, so only the
 * client's own pages can start a flow whose answer svc will deliver; for a
 * full-page flow the page to come back to must be one of the client's
 * redirect URIs, exactly, on that same origin. svc then records the flow
 * in this browser (`sdk-flow.ts`) and sends it on to `/oidc/authorize`
 * with svc's SDK callback as the redirect URI, asking for the browser
 * scopes the client is registered for. Every refusal is a page, never a
 * redirect.
 */
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { clientByClientId } from '../clients/clients.js'
import { originsOf, redirectUriRegistered } from '../clients/client-row.js'
import { grantableScopes } from '../clients/grantable-scopes.js'
import { shownUri } from '../clients/redirect-uris.js'
import { BROWSER_SCOPES } from './fedcm/browser-credential.js'
import type { IdentityProviderContext } from '../grants/identity-provider-context.js'
import { SDK_CALLBACK_PATH } from './sdk-callback.js'
import { FLOW_STATE, rememberSdkFlow } from './sdk-flow.js'
import { S256_CHALLENGE } from './authorize/check-pkce.js'
import { refusalPage } from '../pages/refusal-page.js'

const MAX_NONCE = 512

/**
 * Builds the endpoint, mounted at `/oidc/sdk/start`.
 *
 * @example
 * app.route('/oidc/sdk/start', sdkStart(provider))
 */
export function sdkStart(provider: IdentityProviderContext): Hono {
  const app = new Hono()
  const refuse = (c: Context, status: 400 | 403, message: string) => refusalPage(c, status, 'signInError', { developer: message })
  const limit = bodyLimit({ maxSize: 16 * 1024, onError: (c) => refuse(c, 400, 'The form is too large.') })

  app.post('/', limit, async (c) => {
    if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded'))
      return refuse(c, 400, 'A sign-in is started by a form sent as application/x-www-form-urlencoded.')
    const form = new URLSearchParams(await c.req.text())
    for (const name of ['client_id', 'state', 'code_challenge', 'nonce', 'mode', 'return_to'])
      if (form.getAll(name).length > 1) return refuse(c, 400, `${name} was given more than once.`)
    const client = await clientByClientId(provider.db, form.get('client_id') ?? '')
    if (!client) return refuse(c, 400, 'The application asking you to sign in is not registered with svc.')
    const origin = c.req.header('Origin') ?? ''
    if (!originsOf(client, provider.issuer).includes(origin))
      return refuse(
        c,
        403,
        `This sign-in must be started by a page of the application's registered origins; it came from ${shownUri(origin || 'a page that sent no Origin')}. A page whose Referrer-Policy is no-referrer sends "null".`,
      )
    const state = form.get('state') ?? ''
    if (!FLOW_STATE.test(state)) return refuse(c, 400, 'state must be 22 to 128 characters of A-Z, a-z, 0-9, - and _.')
    const challenge = form.get('code_challenge') ?? ''
    if (!S256_CHALLENGE.test(challenge)) return refuse(c, 400, 'code_challenge must be a PKCE S256 challenge (43 characters of base64url).')
    const nonce = form.get('nonce') ?? undefined
    if (nonce !== undefined && (nonce === '' || nonce.length > MAX_NONCE))
      return refuse(c, 400, `nonce must be 1 to ${MAX_NONCE} characters.`)
    const mode = form.get('mode')
    if (mode !== 'popup' && mode !== 'redirect') return refuse(c, 400, 'mode must be popup or redirect.')
    const returnTo = form.get('return_to') ?? undefined
    if (mode === 'popup' && returnTo !== undefined) return refuse(c, 400, 'return_to is for mode redirect only.')
    if (mode === 'redirect') {
      // The answer lands in this page's fragment: exactly a registered page of the page's own origin, nothing added.
      if (returnTo === undefined || !redirectUriRegistered(client, returnTo, provider.issuer) || new URL(returnTo).origin !== origin)
        return refuse(
          c,
          400,
          `The page to return to must be one of the application's registered redirect URIs, exactly, on the page's own origin; it was ${shownUri(returnTo ?? '')}.`,
        )
    }

    await rememberSdkFlow(c, provider, {
      clientId: client.client_id,
      origin,
      mode,
      ...(returnTo ? { returnTo } : {}),
      state,
      codeChallenge: challenge,
    })
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: `${provider.issuer}${SDK_CALLBACK_PATH}`,
      scope: grantableScopes(client, BROWSER_SCOPES).join(' '),
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })
    if (nonce !== undefined) query.set('nonce', nonce)
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    return c.redirect(`${provider.issuer}/oidc/authorize?${query}`, 303)
  })
  return app
}
