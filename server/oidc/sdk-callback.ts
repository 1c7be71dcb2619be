/**
 * @module The redirect URI of `/sdk.js`'s code flow, at svc itself:
 * `/oidc/sdk/callback` hands the authorization response to the partner
 * page that started the flow, and to nothing else. The flow must have been
 * started from that page in this browser (`/oidc/sdk/start` left its
 * sealed record, `sdk-flow.ts`), and the code must be the flow's client's.
 * In a popup the answer is posted to the opener, addressed to the one
 * origin that started the flow (the browser delivers it to no other), then
 * the popup closes; after a full-page redirect the browser goes back to
 * the exact registered page recorded at the start, the answer in the URL
 * fragment, where the SDK takes it only if its own stored `state` matches.
 * Anything else (a flow a third party started with its own PKCE verifier,
 * another client's code) gets an error page, and its code is spent.
 */
import type { Context } from 'hono'
import { clientById } from '../clients/clients.js'
import { authorizationCodeByValue, spendAuthorizationCode } from '../grants/authorization-codes.js'
import { htmlPage } from '../pages/html-page.js'
import { messagePage } from '../pages/message-page.js'
import type { IdentityProviderContext } from '../grants/identity-provider-context.js'
import { forgetSdkFlow, sdkFlowOf } from './sdk-flow.js'
import { type RefusalReason, refusalPage } from '../pages/refusal-page.js'
import { pageWords } from '../pages/request-branding.js'

export const SDK_CALLBACK_PATH = '/oidc/sdk/callback'
const RESPONSE_PARAMETERS = ['code', 'state', 'iss', 'error', 'error_description']

/**
 * Answers the SDK's landing.
 *
 * @example
 * app.get('/oidc/sdk/callback', (c) => sdkCallback(c, provider))
 */
export async function sdkCallback(c: Context, provider: IdentityProviderContext): Promise<Response> {
  const query = new URL(c.req.url).searchParams
  const code = query.get('code')
  const refuse = async (reason: RefusalReason) => {
    if (code !== null) await spendCode(provider, code)
    return refusalPage(c, 400, 'signInError', reason)
  }
  if (code === null && !query.has('error')) return refuse({ developer: 'This page only receives answers to sign-in requests.' })
  const flow = await sdkFlowOf(c, provider, query.get('state') ?? undefined)
  if (!flow) return refuse({ visitor: pageWords(c).signInNotFromThisBrowser })
  // A code names its own client: a flow one client's page started must not receive another's.
  if (code !== null && (await clientIdOfCode(provider, code)) !== flow.clientId)
    return refuse({ developer: 'This sign-in was started for another application.' })
  forgetSdkFlow(c, provider, flow.state)
  const response = Object.fromEntries(RESPONSE_PARAMETERS.flatMap((name) => (query.has(name) ? [[name, query.get(name)!]] : [])))
  c.header('Cache-Control', 'no-store')
  c.header('Referrer-Policy', 'no-referrer')

  if (flow.mode === 'redirect' && flow.returnTo !== undefined) {
    const target = new URL(flow.returnTo)
    target.hash = new URLSearchParams(Object.entries(response).map(([name, value]) => [`svc_${name}`, value])).toString()
    return c.redirect(target.href, 302)
  }
  const message = JSON.stringify({ source: 'svc-sdk', ...response }).replaceAll('<', '\\u003c')
  const script = `window.opener && window.opener.postMessage(${message}, ${JSON.stringify(flow.origin).replaceAll('<', '\\u003c')}); window.close()`
  const t = pageWords(c)
  return htmlPage(c, 200, t.signingIn, messagePage(t.signingYouIn, t.youCanClose), { script })
}

async function clientIdOfCode(provider: IdentityProviderContext, code: string): Promise<string | undefined> {
  if (code.length > 200) return undefined
  const stored = await authorizationCodeByValue(provider.db, code)
  return stored && (await clientById(provider.db, stored.client_id))?.client_id
}

/** A code that reached the callback outside a flow this browser started is used up, so nobody can redeem it. */
async function spendCode(provider: IdentityProviderContext, code: string): Promise<void> {
  if (code.length > 200) return
  await spendAuthorizationCode(provider.db, code, provider.now())
}
