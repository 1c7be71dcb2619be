/**
 * @module `/oidc/onetap`: sign-in for browsers without FedCM. A partner
 * page frames this page (only its client's registered origins may: CSP
 * `frame-ancestors`); to a user signed in at svc it offers "Continue as
 * <name>", and on that click posts the credential (an id_token for the
 * client with the partner's nonce) to the framing page, addressed to the
 * partner's origin only. Signed out, it tells the parent so the SDK can
 * fall back to the popup.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { clientByClientId, originsOf } from '../../clients/clients.js'
import type { ClientRow } from '../../db/schema.js'
import { deploymentSecret } from '../../db/settings.js'
import { escapeHtml, inlineScriptSource } from '../../http/html.js'
import type { Provider } from '../provider.js'
import { browserCredential } from './browser-credential.js'
import { currentSession } from '../sessions.js'

function framedPage(c: Context, client: ClientRow | undefined, body: string, script: string, status: 200 | 400 | 403 = 200): Response {
  const ancestors = client ? originsOf(client).join(' ') : "'none'"
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'unsafe-inline'; img-src https: http: data:; form-action 'self'; script-src ${inlineScriptSource(script)}; frame-ancestors ${ancestors}`,
  )
  c.header('Cache-Control', 'no-store')
  c.header('Referrer-Policy', 'no-referrer')
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in with svc</title>
<style>body{margin:0;font:15px/1.4 system-ui,sans-serif}form{margin:0}button{font:inherit;width:100%;padding:.6rem 1rem;border:1px solid #d0d7de;border-radius:8px;background:#fff;cursor:pointer;display:flex;gap:.6rem;align-items:center}img{width:28px;height:28px;border-radius:50%}</style>
</head><body>${body}<script>${script}</script></body></html>`,
    status,
  )
}

/** Tells the parent what happened; the browser delivers it only to `origin`. */
const notify = (message: Record<string, unknown>, origin: string) =>
  `parent.postMessage(${JSON.stringify({ source: 'svc-onetap', ...message }).replaceAll('<', '\\u003c')}, ${JSON.stringify(origin).replaceAll('<', '\\u003c')})`

/**
 * Builds One Tap, mounted at `/oidc/onetap`.
 *
 * @example
 * app.route('/oidc/onetap', oneTap(provider))
 */
export function oneTap(provider: Provider): Hono {
  const app = new Hono()
  let secret: Promise<Buffer> | undefined
  // The form is inside a cross-site frame, where a SameSite=Strict CSRF
  // cookie is never sent; its token is an HMAC of the session instead,
  // which a page that cannot read the frame cannot forge.
  const formToken = async (sessionId: number, clientId: string, origin: string) =>
    createHmac('sha256', await (secret ??= deploymentSecret(provider.db, 'onetap-hmac')))
      .update(`${sessionId} ${clientId} ${origin}`)
      .digest('base64url')
  const tokenMatches = async (submitted: string | null, sessionId: number, clientId: string, origin: string) => {
    const expected = Buffer.from(await formToken(sessionId, clientId, origin))
    const actual = Buffer.from(submitted ?? '')
    return actual.length === expected.length && timingSafeEqual(actual, expected)
  }

  async function read(c: Context, query: URLSearchParams) {
    const client = await clientByClientId(provider.db, query.get('client_id') ?? '')
    const origin = query.get('origin') ?? ''
    if (!client) return { refusal: framedPage(c, undefined, '<p>Unknown application.</p>', '', 400) }
    if (!originsOf(client).includes(origin))
      return { refusal: framedPage(c, client, '<p>This site is not registered for this application.</p>', '', 403) }
    return { client, origin, nonce: query.get('nonce') ?? undefined }
  }

  app.get('/', async (c) => {
    const request = await read(c, new URL(c.req.url).searchParams)
    if ('refusal' in request) return request.refusal
    const session = await currentSession(c, provider)
    if (!session) return framedPage(c, request.client, '', notify({ status: 'signed_out' }, request.origin))
    const { user } = session
    const fields = {
      client_id: request.client.client_id,
      origin: request.origin,
      nonce: request.nonce ?? '',
      token: await formToken(session.id, request.client.client_id, request.origin),
    }
    return framedPage(
      c,
      request.client,
      `<form method="post" action="/oidc/onetap">${Object.entries(fields)
        .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
        .join(
          '',
        )}<button type="submit">${user.picture ? `<img src="${escapeHtml(user.picture)}" alt="">` : ''}Continue as ${escapeHtml(user.given_name ?? user.name)}</button></form>`,
      notify({ status: 'ready' }, request.origin),
    )
  })

  app.post('/', bodyLimit({ maxSize: 16 * 1024 }), async (c) => {
    const form = new URLSearchParams(await c.req.text())
    const request = await read(c, form)
    if ('refusal' in request) return request.refusal
    const session = await currentSession(c, provider)
    if (!session) return framedPage(c, request.client, '', notify({ status: 'signed_out' }, request.origin))
    if (!(await tokenMatches(form.get('token'), session.id, request.client.client_id, request.origin))) {
      return framedPage(c, request.client, '<p>The request expired. Try again.</p>', '', 403)
    }
    const credential = await browserCredential(c, provider, session, request.client, request.nonce)
    return framedPage(c, request.client, '<p>Signed in.</p>', notify({ status: 'signed_in', credential }, request.origin))
  })
  return app
}
