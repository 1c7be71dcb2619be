/**
 * @module The authorization code flow with PKCE that `<svc-signin>` uses
 * where the browser has no FedCM: in a popup whose answer comes back by
 * `postMessage` from svc's origin, or, when popups are blocked, by a
 * full-page redirect that svc sends back with the answer in the URL
 * fragment. The verifier waits in `sessionStorage` meanwhile. The flow
 * starts with a form POST to svc's `/oidc/sdk/start`: the browser's
 * `Origin` on it proves to svc that this page, one of the client's
 * registered origins, asked, so svc delivers the answer only here (the
 * popup's opener on this origin, or this exact page, which must be a
 * registered redirect URI) and never for a flow another site started.
 */
import { SCRIPT_ORIGIN } from '../script-origin.js'

/** An authorization response with what redeeming its code needs. */
export interface CodeAnswer {
  code?: string
  error?: string
  verifier: string
  nonce?: string
  redirectUri: string
  selectBy: 'fedcm' | 'popup' | 'redirect'
}

/** The redirect URI every code the SDK obtains is bound to, at svc. */
export const REDIRECT_URI = `${SCRIPT_ORIGIN}/oidc/sdk/callback`
const START_URL = `${SCRIPT_ORIGIN}/oidc/sdk/start`
const PENDING_KEY = 'svc-signin:pending'
const POPUP_NAME = 'svc-signin'

interface Pending {
  state: string
  verifier: string
  nonce?: string
}

/**
 * A PKCE verifier and its S256 challenge (RFC 7636).
 *
 * @example
 * const { verifier, challenge } = await newPkce()
 */
export async function newPkce(verifier = randomString(32)): Promise<{ verifier: string; challenge: string }> {
  return { verifier, challenge: base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)))) }
}

/** Starts the flow at svc by a form POST into `target` (the popup, or this page), so the browser tells svc this page's origin. */
function startAtSvc(target: string, fields: Record<string, string>): void {
  const form = Object.assign(document.createElement('form'), { method: 'post', action: START_URL, target })
  for (const [name, value] of Object.entries(fields))
    form.append(Object.assign(document.createElement('input'), { type: 'hidden', name, value }))
  form.hidden = true
  document.body.append(form)
  form.submit()
  form.remove()
}

/**
 * Signs in in a popup; when the browser blocks it, leaves the page for svc
 * and resolves never (the answer arrives on return, from {@link takeRedirectAnswer}).
 *
 * @example
 * const answer = await authorizeByCode('cli_…', nonce)
 */
export async function authorizeByCode(clientId: string, nonce: string | undefined): Promise<CodeAnswer> {
  // Opened before anything is awaited, while the click still counts as the user's.
  const popup = open('', POPUP_NAME, 'popup,width=480,height=640')
  const { verifier, challenge } = await newPkce()
  const state = randomString(24)
  const fields = { client_id: clientId, state, code_challenge: challenge, ...(nonce ? { nonce } : {}) }
  if (!popup) {
    // svc returns only to this exact page, which must be one of the client's registered redirect URIs.
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ state, verifier, nonce } satisfies Pending))
    startAtSvc('_self', { ...fields, mode: 'redirect', return_to: location.href.split('#')[0]! })
    return new Promise(() => {})
  }
  const answer = new Promise<Record<string, string>>((resolve) => {
    let settled = false
    const done = (data: Record<string, string>) => {
      if (settled) return
      settled = true
      removeEventListener('message', listen)
      clearInterval(watch)
      resolve(data)
    }
    const listen = (event: MessageEvent) => {
      const data = event.data as Record<string, string> | null
      // Only svc's answer, from the popup this page opened, to the flow it started.
      if (event.origin !== SCRIPT_ORIGIN || event.source !== popup || data?.source !== 'svc-sdk' || data.state !== state) return
      done(data)
    }
    addEventListener('message', listen)
    // Closed without an answer (after a moment for one posted as it closed): the person changed their mind.
    const watch = setInterval(() => popup.closed && setTimeout(() => done({ error: 'popup_closed' }), 300), 500)
  })
  startAtSvc(POPUP_NAME, { ...fields, mode: 'popup' })
  const data = await answer
  return { code: data.code, error: data.error, verifier, nonce, redirectUri: REDIRECT_URI, selectBy: 'popup' }
}

/**
 * The answer of a full-page sign-in this page started, once, when the URL
 * carries it; the answer leaves the address bar either way.
 *
 * @example
 * const answer = takeRedirectAnswer()
 */
export function takeRedirectAnswer(): CodeAnswer | undefined {
  const fragment = new URLSearchParams(location.hash.slice(1))
  const state = fragment.get('svc_state')
  if (state === null) return undefined
  history.replaceState(history.state, '', location.href.split('#')[0])
  const pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as Pending | null
  // Only the tab that started the flow holds its state: a forged fragment
  // (a link someone was sent) is ignored.
  if (!pending || pending.state !== state || fragment.get('svc_iss') !== SCRIPT_ORIGIN) return undefined
  sessionStorage.removeItem(PENDING_KEY)
  return {
    code: fragment.get('svc_code') ?? undefined,
    error: fragment.get('svc_error') ?? undefined,
    verifier: pending.verifier,
    nonce: pending.nonce,
    redirectUri: REDIRECT_URI,
    selectBy: 'redirect',
  }
}

/**
 * Redeems the code as a public client; resolves with the id_token, or throws with the OAuth error.
 *
 * @example
 * const idToken = await redeemCode('cli_…', answer)
 */
export async function redeemCode(clientId: string, answer: CodeAnswer): Promise<string> {
  const response = await fetch(`${SCRIPT_ORIGIN}/oidc/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: answer.code!,
      redirect_uri: answer.redirectUri,
      client_id: clientId,
      code_verifier: answer.verifier,
    }),
  })
  const tokens = (await response.json()) as { id_token?: string; error?: string }
  if (!tokens.id_token) throw new Error(tokens.error ?? 'no_credential')
  return tokens.id_token
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
const randomString = (length: number) => base64url(crypto.getRandomValues(new Uint8Array(length)))
