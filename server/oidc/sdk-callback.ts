/**
 * @module The redirect URI of `/sdk.js`'s code flow, at svc itself:
 * `/oidc/sdk/callback` hands the authorization response to the partner
 * page. In a popup it posts it to the opener, addressed to each of the
 * client's registered origins (the browser delivers it only to the one that
 * matches), then closes; when popups were blocked and the whole page came
 * here, it redirects back to the page, the response in the URL fragment;
 * that page must be one of the client's registered redirect URIs.
 * Every client may use this URI, since the response goes nowhere but the
 * registered origins of the client the code was issued to.
 */
import type { Context } from 'hono'
import { clientByClientId, originsOf, redirectUriRegistered, redirectUrisOf } from '../clients/clients.js'
import type { ClientRow } from '../db/schema.js'
import { htmlPage } from './pages/html-page.js'
import { messagePage } from './pages/message-page.js'
import type { Provider } from './provider.js'
import { hashToken } from './tokens.js'

export const SDK_CALLBACK_PATH = '/oidc/sdk/callback'
const RESPONSE_PARAMETERS = ['code', 'state', 'iss', 'error', 'error_description']

/**
 * True when `uri` is one of the client's redirect URIs or svc's SDK callback.
 *
 * @example
 * if (!redirectUriAllowed(provider, client, uri)) refuse()
 */
export function redirectUriAllowed(provider: Provider, client: ClientRow, uri: string): boolean {
  return uri === `${provider.issuer}${SDK_CALLBACK_PATH}` || redirectUriRegistered(client, uri, provider.issuer)
}

/**
 * Answers the SDK's landing. The SDK writes `state` as `CLIENT_ID~RANDOM`
 * for a popup and `CLIENT_ID~RANDOM~RETURN_URL` (base64url) for a
 * full-page redirect.
 *
 * @example
 * app.get('/oidc/sdk/callback', (c) => sdkCallback(c, provider))
 */
export async function sdkCallback(c: Context, provider: Provider): Promise<Response> {
  const query = new URL(c.req.url).searchParams
  const [stateClientId = '', , returnTo] = (query.get('state') ?? '').split('~')
  const refuse = (message: string) => htmlPage(c, 400, 'Sign-in error', messagePage('Sign-in error', message))
  // A code names its own client. Trusting the client named in `state` would
  // let one client's page start a flow for another client (whose consent
  // the user gave) and receive that client's code.
  const code = query.get('code')
  if (code === null && !query.has('error')) return refuse('This page only receives answers to sign-in requests.')
  const client = code !== null ? await clientOfCode(provider, code) : await clientByClientId(provider.db, stateClientId)
  if (!client) return refuse('This sign-in was not started by a registered application, or it has already finished.')
  if (client.client_id !== stateClientId) return refuse('This sign-in was started for another application.')
  const response = Object.fromEntries(RESPONSE_PARAMETERS.flatMap((name) => (query.has(name) ? [[name, query.get(name)!]] : [])))

  if (returnTo !== undefined) {
    const target = returnUrl(returnTo)
    // Exactly a registered page (its query may differ): the code must not
    // land on any other page of the site, an open redirect among them.
    const registered = redirectUrisOf(client)
      .map((uri) => new URL(uri))
      .map((uri) => uri.origin + uri.pathname)
    if (!target || !registered.includes(target.origin + target.pathname))
      return refuse("The page to return to is not one of this application's registered redirect URIs.")
    target.hash = new URLSearchParams(Object.entries(response).map(([name, value]) => [`svc_${name}`, value])).toString()
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    return c.redirect(target.href, 302)
  }
  const message = JSON.stringify({ source: 'svc-sdk', ...response }).replaceAll('<', '\\u003c')
  const script = `for (const origin of ${JSON.stringify(originsOf(client, provider.issuer))}) window.opener && window.opener.postMessage(${message}, origin); window.close()`
  return htmlPage(c, 200, 'Signing in', messagePage('Signing you in…', 'You can close this window.'), { script })
}

async function clientOfCode(provider: Provider, code: string): Promise<ClientRow | undefined> {
  if (code.length > 200) return undefined
  return provider.db
    .selectFrom('authorization_codes')
    .innerJoin('clients', 'clients.id', 'authorization_codes.client_id')
    .selectAll('clients')
    .where('authorization_codes.code_hash', '=', hashToken(code))
    .executeTakeFirst()
}

function returnUrl(encoded: string): URL | undefined {
  try {
    const url = new URL(Buffer.from(encoded, 'base64url').toString())
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined
  } catch {
    return undefined
  }
}
