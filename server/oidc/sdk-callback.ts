/**
 * @module The redirect URI of `/sdk.js`'s popup sign-in, at svc itself:
 * `/oidc/sdk/callback` hands the authorization response to the partner
 * page that opened the popup, by `postMessage` addressed to each of the
 * client's registered origins (the browser delivers it only to the one
 * that matches the opener), then closes. Every client may use it, since
 * the code never goes anywhere but its own registered origins.
 */
import type { Context } from 'hono'
import { clientByClientId, originsOf, redirectUrisOf } from '../clients/clients.js'
import type { ClientRow } from '../db/schema.js'
import { htmlPage } from './pages/html-page.js'
import { messagePage } from './pages/message-page.js'
import type { Provider } from './provider.js'

export const SDK_CALLBACK_PATH = '/oidc/sdk/callback'

/**
 * True when `uri` is one of the client's redirect URIs or svc's SDK callback.
 *
 * @example
 * if (!redirectUriAllowed(provider, client, uri)) refuse()
 */
export function redirectUriAllowed(provider: Provider, client: ClientRow, uri: string): boolean {
  return redirectUrisOf(client).includes(uri) || uri === `${provider.issuer}${SDK_CALLBACK_PATH}`
}

/**
 * Answers the popup's landing: the SDK puts the client id before a `~` in
 * `state`, which tells this page which origins may receive the response.
 *
 * @example
 * app.get('/oidc/sdk/callback', (c) => sdkCallback(c, provider))
 */
export async function sdkCallback(c: Context, provider: Provider): Promise<Response> {
  const query = new URL(c.req.url).searchParams
  const state = query.get('state') ?? ''
  const clientId = state.includes('~') ? state.slice(0, state.indexOf('~')) : ''
  const client = clientId ? await clientByClientId(provider.db, clientId) : undefined
  if (!client)
    return htmlPage(c, 400, 'Sign-in error', messagePage('Sign-in error', 'This window was not opened by a registered application.'))
  const message = {
    source: 'svc-sdk',
    ...Object.fromEntries(
      ['code', 'state', 'iss', 'error', 'error_description'].flatMap((name) => (query.has(name) ? [[name, query.get(name)]] : [])),
    ),
  }
  const script = `for (const origin of ${JSON.stringify(originsOf(client))}) window.opener && window.opener.postMessage(${JSON.stringify(message).replaceAll('<', '\\u003c')}, origin); window.close()`
  return htmlPage(c, 200, 'Signing in', messagePage('Signing you in…', 'You can close this window.'), { script })
}
