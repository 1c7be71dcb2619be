/**
 * @module The proof that a sign-in through `/sdk.js` was started by the
 * client's own page in this very browser. `/oidc/sdk/start` (a form POST
 * from the partner page, whose `Origin` the browser sets and no other site
 * can forge) leaves a cookie on svc's origin, sealed with an HMAC, in one
 * of a few slots picked by the flow's `state`: the client, the page's origin, the mode (popup
 * or full-page redirect) and, for a redirect, the exact registered page to
 * return to. The authorization endpoint issues no code for svc's SDK
 * redirect URI without it, and `/oidc/sdk/callback` delivers nothing
 * without it; a third party that starts a flow itself, with its own PKCE
 * verifier, gets neither.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { deploymentSecret } from '../db/settings.js'
import { epochSeconds, type IdentityProviderContext } from '../grants/identity-provider-context.js'
import { hostCookie } from '../http/host-cookie.js'

/** How long a flow may take, sign-in and consent included. */
const FLOW_SECONDS = 600
/** The SDK's `state`: random, base64url. */
export const FLOW_STATE = /^[A-Za-z0-9_-]{22,128}$/

export interface SdkFlow {
  clientId: string
  /** The origin of the page that started the flow: the only one a popup's answer is posted to. */
  origin: string
  mode: 'popup' | 'redirect'
  /** For a redirect: the registered page, exactly, that receives the answer in its fragment. */
  returnTo?: string
  state: string
  /** The PKCE challenge the page made: the authorization request must carry this one. */
  codeChallenge: string
  /** Unix seconds after which the flow is void. */
  expiresAt: number
}

const secrets = new WeakMap<IdentityProviderContext, Promise<Buffer>>()
function secretOf(provider: IdentityProviderContext): Promise<Buffer> {
  let secret = secrets.get(provider)
  if (!secret) secrets.set(provider, (secret = deploymentSecret(provider.db, 'sdk-flow-hmac')))
  return secret
}

/**
 * Flows are kept in a few cookie slots, picked by the state's digest, so
 * two tabs signing in at once rarely overwrite each other. The number is
 * fixed because the partner page's form POST carries no SameSite=Lax
 * cookie: svc cannot see how many flows a browser holds, and a cookie per
 * flow let any partner page set hundreds, evicting the session and device
 * cookies and making every request too large to answer (431).
 */
export const FLOW_COOKIE_SLOTS = 4

/**
 * The slot a flow's cookie takes.
 *
 * @example
 * flowCookieSlot(state) // 2
 */
export function flowCookieSlot(state: string): number {
  return createHash('sha256').update(state).digest()[0]! % FLOW_COOKIE_SLOTS
}

/** The slot's cookie; `__Host-` on https. */
function cookieName(provider: IdentityProviderContext, state: string): string {
  return hostCookie(provider.issuer, `svc_sdk_${flowCookieSlot(state)}`).name
}

/**
 * Records a flow in this browser.
 *
 * @example
 * await rememberSdkFlow(c, provider, { clientId, origin, mode: 'popup', state })
 */
export async function rememberSdkFlow(c: Context, provider: IdentityProviderContext, flow: Omit<SdkFlow, 'expiresAt'>): Promise<void> {
  const payload = Buffer.from(JSON.stringify({ ...flow, expiresAt: epochSeconds(provider.now()) + FLOW_SECONDS })).toString('base64url')
  const mac = createHmac('sha256', await secretOf(provider))
    .update(payload)
    .digest('base64url')
  // Lax: sent on the top-level GETs of the flow (to authorize, to the callback), never on another site's subrequests.
  setCookie(c, cookieName(provider, flow.state), `${payload}.${mac}`, {
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: FLOW_SECONDS,
  })
}

/**
 * The flow this browser started with `state`, when it is live and sealed by svc.
 *
 * @example
 * const flow = await sdkFlowOf(c, provider, state)
 */
export async function sdkFlowOf(c: Context, provider: IdentityProviderContext, state: string | undefined): Promise<SdkFlow | undefined> {
  if (state === undefined || !FLOW_STATE.test(state)) return undefined
  const [payload, mac] = (getCookie(c, cookieName(provider, state)) ?? '').split('.')
  if (!payload || !mac) return undefined
  const expected = createHmac('sha256', await secretOf(provider))
    .update(payload)
    .digest()
  const actual = Buffer.from(mac, 'base64url')
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined
  const flow = JSON.parse(Buffer.from(payload, 'base64url').toString()) as SdkFlow
  return flow.state === state && flow.expiresAt > epochSeconds(provider.now()) ? flow : undefined
}

/**
 * Ends the flow: its answer is delivered once.
 *
 * @example
 * forgetSdkFlow(c, provider, flow.state)
 */
export function forgetSdkFlow(c: Context, provider: IdentityProviderContext, state: string): void {
  deleteCookie(c, cookieName(provider, state), { path: '/', secure: true })
}
