/**
 * @module The proof that a sign-in through `/sdk.js` was started by the
 * client's own page in this very browser. `/oidc/sdk/start` (a form POST
 * from the partner page, whose `Origin` the browser sets and no other site
 * can forge) leaves a cookie on svc's origin, sealed (http/seal.ts), in one
 * of a few slots picked by the flow's `state`: the client, the page's origin, the mode (popup
 * or full-page redirect) and, for a redirect, the exact registered page to
 * return to. The authorization endpoint issues no code for svc's SDK
 * redirect URI without it, and `/oidc/sdk/callback` delivers nothing
 * without it; a third party that starts a flow itself, with its own PKCE
 * verifier, gets neither.
 */
import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { epochSeconds, type IdentityProviderContext } from '../grants/identity-provider-context.js'
import { hostCookie } from '../http/host-cookie.js'
import { type Seal, SealError, sealFor } from '../http/seal.js'

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

const seals = new WeakMap<IdentityProviderContext, Seal<SdkFlow>>()
function sealOf(provider: IdentityProviderContext): Seal<SdkFlow> {
  let seal = seals.get(provider)
  if (!seal) seals.set(provider, (seal = sealFor<SdkFlow>(provider.db, 'sdk-flow')))
  return seal
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
  const expiresAt = epochSeconds(provider.now()) + FLOW_SECONDS
  const sealed = await sealOf(provider).seal({ ...flow, expiresAt }, { expiresAt: new Date(expiresAt * 1000) })
  // Lax: sent on the top-level GETs of the flow (to authorize, to the callback), never on another site's subrequests.
  setCookie(c, cookieName(provider, flow.state), sealed, {
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
  const sealed = getCookie(c, cookieName(provider, state))
  if (!sealed) return undefined
  let flow: SdkFlow
  try {
    // An expired flow is refused by the seal, on the provider's clock.
    flow = await sealOf(provider).open(sealed, { now: provider.now() })
  } catch (error) {
    if (error instanceof SealError) return undefined
    throw error
  }
  // The slot is shared: the cookie found may be another flow's.
  return flow.state === state ? flow : undefined
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
