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
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { browserCredential } from './browser-credential.js'
import { framedPage, framingPartner, notify } from './framed-page.js'
import { currentSession } from '../../grants/sessions.js'

import { fill } from '../../i18n/pages.js'
import { pageWords } from '../../pages/request-branding.js'

const FORM_TOKEN_LIFETIME_MS = 10 * 60_000
const SPENT_TOKENS_MAX = 10_000

const notifyParent = (message: Record<string, unknown>, origin: string) => notify('svc-onetap', message, origin)

/**
 * Builds One Tap, mounted at `/oidc/onetap`.
 *
 * @example
 * app.route('/oidc/onetap', oneTap(provider))
 */
export function oneTap(provider: IdentityProviderContext): Hono {
  const app = new Hono()
  let secret: Promise<Buffer> | undefined
  // The form is inside a cross-site frame, where a SameSite=Strict CSRF
  // cookie is never sent; its token is an HMAC of the session, the partner,
  // the nonce and when it was issued instead, which a page that cannot read
  // the frame cannot forge. It lasts ten minutes and is spent on use (in
  // this process: a replica could take it once more, for the same nonce,
  // which the partner's own nonce check refuses).
  const mac = async (fields: string) =>
    createHmac('sha256', await (secret ??= deploymentSecret(provider.db, 'onetap-hmac')))
      .update(fields)
      .digest('base64url')
  const formToken = async (sessionId: number, clientId: string, origin: string, nonce: string, issuedAt = Date.now()) =>
    `${issuedAt}.${await mac(`${sessionId} ${clientId} ${origin} ${nonce} ${issuedAt}`)}`
  const spent = new Map<string, number>()
  const spend = async (submitted: string | null, sessionId: number, clientId: string, origin: string, nonce: string) => {
    const issuedAt = Number((submitted ?? '').split('.')[0])
    const now = Date.now()
    if (!Number.isSafeInteger(issuedAt) || now - issuedAt > FORM_TOKEN_LIFETIME_MS || issuedAt > now + 60_000) return false
    const expected = Buffer.from(await formToken(sessionId, clientId, origin, nonce, issuedAt))
    const actual = Buffer.from(submitted ?? '')
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected) || spent.has(submitted!)) return false
    for (const [token, at] of spent) if (now - at > FORM_TOKEN_LIFETIME_MS || spent.size >= SPENT_TOKENS_MAX) spent.delete(token)
    spent.set(submitted!, issuedAt)
    return true
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
      token: await formToken(session.id, request.client.client_id, request.origin, request.nonce ?? ''),
    }
    return framedPage(
      c,
      request.ancestors,
      `<form method="post" action="/oidc/onetap">${Object.entries(fields)
        .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
        .join(
          '',
        )}<button type="submit">${user.picture ? `<img src="${escapeHtml(user.picture)}" alt="">` : ''}${escapeHtml(fill(pageWords(c).continueAs, { name: user.given_name ?? user.name }))}</button></form>`,
      notifyParent({ status: 'ready' }, request.origin),
    )
  })

  const limit = bodyLimit({
    maxSize: 16 * 1024,
    onError: (c) => {
      const t = pageWords(c)
      return htmlPage(c, 400, t.signIn, messagePage(t.signInCouldNotFinish, t.formTooLarge))
    },
  })
  app.post('/', limit, async (c) => {
    const form = new URLSearchParams(await c.req.text())
    const request = await read(c, form)
    if ('refusal' in request) return request.refusal
    const session = await currentSession(c, provider)
    if (!session) return framedPage(c, request.ancestors, '', notifyParent({ status: 'signed_out' }, request.origin))
    if (!(await spend(form.get('token'), session.id, request.client.client_id, request.origin, request.nonce ?? ''))) {
      return framedPage(c, request.ancestors, `<p>${pageWords(c).requestExpired}</p>`, '', { status: 403 })
    }
    const credential = await browserCredential(c, provider, session, request.client, request.nonce)
    return framedPage(
      c,
      request.ancestors,
      `<p>${pageWords(c).signedInShort}</p>`,
      notifyParent({ status: 'signed_in', credential }, request.origin),
    )
  })
  return app
}
