/**
 * @module OpenID Connect Session Management 1.0: `session_state` in
 * authorization responses and the check_session iframe at
 * `/oidc/iframe/check_session`. The browser state is a random value in a
 * cookie that script on svc's own pages can read (`__Host-` on an https
 * issuer, like svc's other cookies), renewed at every sign-in
 * and sign-out, so a relying party polling the iframe learns when the
 * user's session at svc changed. Browsers that block third-party cookies
 * starve the iframe of that cookie; FedCM's login status is the modern
 * replacement.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { hostCookie } from '../http/host-cookie.js'
import { inlineScriptSource } from '../http/html.js'

export const BROWSER_STATE_COOKIE = 'svc_browser_state'

/** The cookie's name at this issuer. */
export const browserStateCookie = (issuer: string) => hostCookie(issuer, BROWSER_STATE_COOKIE).name

/**
 * Gives the browser a new state (on sign-in and sign-out).
 *
 * @example
 * renewBrowserState(c, provider.issuer)
 */
export function renewBrowserState(c: Context, issuer: string): void {
  const value = randomBytes(16).toString('base64url')
  // Readable by script on purpose: the check_session iframe hashes it.
  setCookie(c, browserStateCookie(issuer), value, { httpOnly: false, secure: true, sameSite: 'None', path: '/' })
  renewed.set(c.req.raw, value)
}

// A state renewed while answering a request is not in that request's cookies yet.
const renewed = new WeakMap<Request, string>()

/**
 * `session_state` for an authorization response: SHA-256 over client id,
 * the redirect URI's origin, the browser state and a salt, then `.salt`.
 *
 * @example
 * sessionState(c, provider.issuer, client.client_id, 'https://shop.example/callback')
 */
export function sessionState(
  c: Context,
  issuer: string,
  clientId: string,
  redirectUri: string,
  salt = randomBytes(8).toString('hex'),
): string {
  const browserState = renewed.get(c.req.raw) ?? getCookie(c, browserStateCookie(issuer)) ?? ''
  const origin = new URL(redirectUri).origin
  return `${createHash('sha256').update(`${clientId} ${origin} ${browserState} ${salt}`).digest('hex')}.${salt}`
}

/** The iframe's script: answers "client_id session_state" messages with changed, unchanged or error. */
const checkSessionScript = (cookieName: string) => `
addEventListener('message', async (event) => {
  const [clientId, sessionState] = String(event.data).split(' ')
  const [, salt] = (sessionState || '').split('.')
  if (!clientId || !salt) return event.source.postMessage('error', event.origin)
  const match = document.cookie.match(/(?:^|; )${cookieName}=([^;]*)/)
  const text = clientId + ' ' + event.origin + ' ' + (match ? match[1] : '') + ' ' + salt
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')
  event.source.postMessage(hex + '.' + salt === sessionState ? 'unchanged' : 'changed', event.origin)
})`

/**
 * The check_session iframe's handler: relying parties on any origin frame it.
 *
 * @example
 * app.get('/oidc/iframe/check_session', checkSessionIframe(provider.issuer))
 */
export function checkSessionIframe(issuer: string): (c: Context) => Response {
  const script = checkSessionScript(browserStateCookie(issuer))
  const policy = `default-src 'none'; script-src ${inlineScriptSource(script)}`
  const page = `<!doctype html><html><head><meta charset="utf-8"><title>svc check_session</title></head><body><script>${script}</script></body></html>`
  return (c) => {
    c.header('Content-Security-Policy', policy)
    c.header('Cache-Control', 'public, max-age=3600')
    return c.html(page)
  }
}
