/**
 * @module `/oidc/passkey`: the options a sign-in or sign-up page's
 * ceremony script asks for before calling WebAuthn. `POST /sign-in-options`
 * gives a challenge for any passkey of this site (discoverable
 * credentials: no address typed first); `POST /sign-up-options` one to
 * make a passkey for an account being created (name and address, checked
 * as the sign-up form checks them). Only the site's own pages may ask: the
 * body must be JSON (a cross-site page would need a CORS preflight, which
 * is never granted) and a browser that says the request is cross-site is
 * refused. Refusals are JSON `{error}` in the visitor's language.
 */
import { randomBytes } from 'node:crypto'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { webAuthnLibrary } from './webauthn-library.js'
import { CHALLENGE_LIFETIME_MS, storeChallenge } from '../../accounts/passkey-challenges.js'
import { isPersonName } from '../../accounts/person-name.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { passkeyWords } from '../../i18n/passkey-words.js'
import { requestLocale, useUiLocales } from '../../i18n/request-locale.js'
import { pageWords, requestBranding } from '../../pages/request-branding.js'
import { plainEmailAddress } from '../../../shared/email-address.js'
import { bindVisitor } from './passkey-visitor.js'
import { registrationOptions } from './passkey-registration.js'
import { relyingParty } from './relying-party.js'

const NO_STORE = { 'Cache-Control': 'no-store' }

/** The JSON body of a same-origin request, or the refusal to answer with. */
async function ownPageBody(c: Context): Promise<Record<string, unknown> | Response> {
  const site = c.req.header('Sec-Fetch-Site')
  if (site !== undefined && site !== 'same-origin') return c.json({ error: 'only svc’s own pages may start a passkey ceremony' }, 403, NO_STORE)
  if (!(c.req.header('Content-Type') ?? '').startsWith('application/json'))
    return c.json({ error: pageWords(c).formNotForm }, 400, NO_STORE)
  try {
    const body: unknown = await c.req.json()
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as Record<string, unknown>
  } catch {
    // Answered below: not a JSON object.
  }
  return c.json({ error: pageWords(c).formNotForm }, 400, NO_STORE)
}

/**
 * Builds the options endpoints, mounted at `/oidc/passkey`.
 *
 * @example
 * app.route('/oidc/passkey', passkeyOptionsEndpoint(provider, { signup: 'open' }))
 */
export function passkeyOptionsEndpoint(provider: IdentityProviderContext, { signup = 'open' }: { signup?: 'open' | 'closed' } = {}): Hono {
  const app = new Hono()
  app.use(bodyLimit({ maxSize: 4 * 1024, onError: (c) => c.json({ error: pageWords(c).formTooLarge }, 400, NO_STORE) }))

  app.post('/sign-in-options', async (c) => {
    const body = await ownPageBody(c)
    if (body instanceof Response) return body
    const { generateAuthenticationOptions } = await webAuthnLibrary()
    const options = await generateAuthenticationOptions({
      rpID: relyingParty(provider.issuer).id,
      userVerification: 'required',
      timeout: CHALLENGE_LIFETIME_MS,
    })
    await storeChallenge(
      provider.db,
      { challenge: options.challenge, purpose: 'sign_in', visitorHash: bindVisitor(c, provider.issuer), userId: null },
      provider.now(),
    )
    return c.json(options, 200, NO_STORE)
  })

  app.post('/sign-up-options', async (c) => {
    const body = await ownPageBody(c)
    if (body instanceof Response) return body
    useUiLocales(c, typeof body.ui_locales === 'string' ? body.ui_locales : null)
    const t = pageWords(c)
    if (signup !== 'open') return c.json({ error: t.signUpClosed }, 403, NO_STORE)
    const email = plainEmailAddress(typeof body.email === 'string' ? body.email.trim() : '')
    const name = typeof body.name === 'string' ? body.name.trim() : ''
    if (email === undefined) return c.json({ error: t.enterAccountEmail, field: 'email' }, 400, NO_STORE)
    if (!isPersonName(name)) return c.json({ error: passkeyWords(requestLocale(c)).signUpDamaged, field: 'name' }, 400, NO_STORE)
    const options = await registrationOptions(
      c,
      { db: provider.db, issuer: provider.issuer, product: requestBranding(c).name, now: provider.now },
      // A random handle: the account has no sub yet, and a taken address must not show here.
      { userId: null, handle: new Uint8Array(randomBytes(16)), email, name, existing: [] },
    )
    return c.json(options, 200, NO_STORE)
  })
  return app
}
