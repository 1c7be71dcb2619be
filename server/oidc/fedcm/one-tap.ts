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
import { deploymentSecret } from '../../db/settings.js'
import { escapeHtml } from '../../http/html.js'
import { htmlPage } from '../../pages/html-page.js'
import { messagePage } from '../../pages/message-page.js'
import type { Provider } from '../provider.js'
import { browserCredential } from './browser-credential.js'
import { framedPage, framingPartner, notify } from './framed-page.js'
import { currentSession } from '../sessions.js'

const notifyParent = (message: Record<string, unknown>, origin: string) => notify('svc-onetap', message, origin)

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
    const partner = await framingPartner(c, provider, query)
    return 'refusal' in partner ? partner : { ...partner, nonce: query.get('nonce') ?? undefined }
  }

  app.get('/', async (c) => {
    const request = await read(c, new URL(c.req.url).searchParams)
    if ('refusal' in request) return request.refusal
    const session = await currentSession(c, provider)
    if (!session) return framedPage(c, request.ancestors, '', notifyParent({ status: 'signed_out' }, request.origin))
    const { user } = session
    const fields = {
      client_id: request.client.client_id,
      origin: request.origin,
      nonce: request.nonce ?? '',
      token: await formToken(session.id, request.client.client_id, request.origin),
    }
    return framedPage(
      c,
      request.ancestors,
      `<form method="post" action="/oidc/onetap">${Object.entries(fields)
        .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
        .join(
          '',
        )}<button type="submit">${user.picture ? `<img src="${escapeHtml(user.picture)}" alt="">` : ''}Continue as ${escapeHtml(user.given_name ?? user.name)}</button></form>`,
      notifyParent({ status: 'ready' }, request.origin),
    )
  })

  const limit = bodyLimit({
    maxSize: 16 * 1024,
    onError: (c) => htmlPage(c, 400, 'Sign in', messagePage('Sign-in could not finish', 'The form is too large.')),
  })
  app.post('/', limit, async (c) => {
    const form = new URLSearchParams(await c.req.text())
    const request = await read(c, form)
    if ('refusal' in request) return request.refusal
    const session = await currentSession(c, provider)
    if (!session) return framedPage(c, request.ancestors, '', notifyParent({ status: 'signed_out' }, request.origin))
    if (!(await tokenMatches(form.get('token'), session.id, request.client.client_id, request.origin))) {
      return framedPage(c, request.ancestors, '<p>The request expired. Try again.</p>', '', { status: 403 })
    }
    const credential = await browserCredential(c, provider, session, request.client, request.nonce)
    return framedPage(c, request.ancestors, '<p>Signed in.</p>', notifyParent({ status: 'signed_in', credential }, request.origin))
  })
  return app
}
