/**
 * @module `/oidc/onetap`: sign-in for browsers without FedCM. A partner
 * page frames this page (only its client's registered origins may: CSP
 * `frame-ancestors`); to a user signed in at svc it offers "Continue as
 * <name>", and on that click posts the credential (an id_token for the
 * client with the partner's nonce) to the framing page, addressed to the
 * partner's origin only. Signed out, it tells the parent so the SDK can
 * fall back to the popup.
 */
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { SealError, sealFor } from '../../http/seal.js'
import { html } from '../../http/html.js'
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

/** What a form token is bound to: the session that saw the form, the partner, and the partner's nonce. */
interface FormTokenFields {
  session: number
  clientId: string
  origin: string
  nonce: string
}

const notifyParent = (message: Record<string, unknown>, origin: string) => notify('svc-onetap', message, origin)

/**
 * Builds One Tap, mounted at `/oidc/onetap`.
 *
 * @example
 * app.route('/oidc/onetap', oneTap(provider))
 */
export function oneTap(provider: IdentityProviderContext): Hono {
  const app = new Hono()
  // The form is inside a cross-site frame, where a SameSite=Strict CSRF
  // cookie is never sent; its token is the session, the partner and the
  // nonce, sealed (http/seal.ts), which a page that cannot read the frame
  // cannot forge. It lasts ten minutes and is spent on use (in this
  // process: a replica could take it once more, for the same nonce, which
  // the partner's own nonce check refuses).
  const tokens = sealFor<FormTokenFields>(provider.db, 'onetap-form')
  const formToken = (fields: FormTokenFields) => tokens.seal(fields, { expiresAt: new Date(Date.now() + FORM_TOKEN_LIFETIME_MS) })
  const spent = new Map<string, number>()
  const spend = async (submitted: string | null, expected: FormTokenFields) => {
    let sealed: FormTokenFields
    try {
      sealed = await tokens.open(submitted ?? '')
    } catch (error) {
      if (error instanceof SealError) return false
      throw error
    }
    const same = (Object.keys(expected) as (keyof FormTokenFields)[]).every((name) => sealed[name] === expected[name])
    if (!same || spent.has(submitted!)) return false
    const now = Date.now()
    for (const [token, at] of spent) if (now - at > FORM_TOKEN_LIFETIME_MS || spent.size >= SPENT_TOKENS_MAX) spent.delete(token)
    spent.set(submitted!, now)
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
    if (!session) return framedPage(c, request.ancestors, html``, notifyParent({ status: 'signed_out' }, request.origin))
    const { user } = session
    const fields = {
      client_id: request.client.client_id,
      origin: request.origin,
      nonce: request.nonce ?? '',
      token: await formToken({
        session: session.id,
        clientId: request.client.client_id,
        origin: request.origin,
        nonce: request.nonce ?? '',
      }),
    }
    return framedPage(
      c,
      request.ancestors,
      html`<form method="post" action="/oidc/onetap">${Object.entries(fields).map(
        ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
      )}<button type="submit">${user.picture ? html`<img src="${user.picture}" alt="">` : ''}${fill(pageWords(c).continueAs, { name: user.given_name ?? user.name })}</button></form>`,
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
    if (!session) return framedPage(c, request.ancestors, html``, notifyParent({ status: 'signed_out' }, request.origin))
    const expected = { session: session.id, clientId: request.client.client_id, origin: request.origin, nonce: request.nonce ?? '' }
    if (!(await spend(form.get('token'), expected))) {
      return framedPage(c, request.ancestors, html`<p>${pageWords(c).requestExpired}</p>`, '', { status: 403 })
    }
    const credential = await browserCredential(c, provider, session, request.client, request.nonce)
    return framedPage(
      c,
      request.ancestors,
      html`<p>${pageWords(c).signedInShort}</p>`,
      notifyParent({ status: 'signed_in', credential }, request.origin),
    )
  })
  return app
}
