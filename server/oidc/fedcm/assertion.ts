/**
 * @module The FedCM ID assertion and disconnect endpoints. The browser
 * POSTs them with the user's cookies, `Sec-Fetch-Dest: webidentity` and
 * the calling page's `Origin`, which must be one of the client's
 * registered origins; answers carry CORS for exactly that origin with
 * credentials. An assertion returns `{token}`, an id_token for the client
 * bound to the caller's nonce, or, when `params` asks for
 * `response_type: "code"` with a PKCE S256 `code_challenge`, an
 * authorization code for the redirect URI `/oidc/sdk/callback`; it records
 * consent and `account.signed_in`. A refusal is `{error: {code, url}}`.
 */
import { type Context, Hono } from 'hono'
import { revokeConsent } from '../../account-changes/revoke-consent.js'
import { clientByClientId } from '../../clients/clients.js'
import { originsOf } from '../../clients/client-row.js'
import type { ClientRow } from '../../db/schema.js'
import { InvalidInput } from '../../invalid-input.js'
import { checkPkce } from '../authorize/check-pkce.js'
import { InvalidRequest, OAuthError } from '../errors.js'
import { readForm } from '../form-body.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { browserCode, browserCredential } from './browser-credential.js'
import { type ActiveSession, currentSession } from '../../grants/sessions.js'

/** What the partner page passed through FedCM's `params`. */
interface AssertionParams {
  nonce?: unknown
  response_type?: unknown
  code_challenge?: unknown
  code_challenge_method?: unknown
}

type FedcmRefusal = { status: 400 | 401 | 403; code: string; message: string }

interface FedcmCall {
  client: ClientRow
  session: ActiveSession
  form: URLSearchParams
}

/**
 * Builds both endpoints, mounted at `/oidc/fedcm`.
 *
 * @example
 * app.route('/oidc/fedcm', fedcmAssertion(provider))
 */
export function fedcmAssertion(provider: IdentityProviderContext): Hono {
  const app = new Hono()
  const errorUrl = `${provider.issuer}/fedcm/error`

  /** The guards both endpoints share; returns the call or the refusal to send. */
  async function readCall(c: Context): Promise<FedcmCall | FedcmRefusal> {
    if (c.req.header('Sec-Fetch-Dest') !== 'webidentity')
      return { status: 400, code: 'invalid_request', message: 'only the browser may call this endpoint' }
    let form: URLSearchParams
    try {
      form = await readForm(c, ['client_id', 'account_id', 'params', 'nonce'])
    } catch (error) {
      if (error instanceof OAuthError) return { status: 400, code: 'invalid_request', message: error.message }
      throw error
    }
    const clientId = form.get('client_id')
    const client = clientId ? await clientByClientId(provider.db, clientId) : undefined
    if (!client) return { status: 400, code: 'invalid_request', message: 'unknown client_id' }
    const origin = c.req.header('Origin')
    if (!origin || !originsOf(client, provider.issuer).includes(origin))
      return { status: 403, code: 'unauthorized_client', message: 'the calling origin is not registered for this client' }
    c.header('Access-Control-Allow-Origin', origin)
    c.header('Access-Control-Allow-Credentials', 'true')
    c.header('Vary', 'Origin')
    const session = await currentSession(c, provider)
    if (!session) return { status: 401, code: 'access_denied', message: 'the user is not signed in' }
    const accountId = form.get('account_id')
    if (accountId !== null && accountId !== session.user.sub)
      return { status: 400, code: 'invalid_request', message: 'account_id is not the signed-in account' }
    return { client, session, form }
  }

  const refuse = (c: Context, refusal: FedcmRefusal) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ error: { code: refusal.code, url: `${errorUrl}?code=${refusal.code}` } }, refusal.status)
  }

  app.post('/assertion', async (c) => {
    const call = await readCall(c)
    if ('status' in call) return refuse(c, call)
    const { client, session, form } = call
    let params: AssertionParams
    try {
      const parsed: unknown = JSON.parse(form.get('params') ?? '{}')
      if (parsed === null || typeof parsed !== 'object') throw new TypeError('params must be a JSON object')
      params = parsed as AssertionParams
    } catch {
      return refuse(c, { status: 400, code: 'invalid_request', message: 'params is not a JSON object' })
    }
    const nonce = typeof params.nonce === 'string' ? params.nonce : (form.get('nonce') ?? undefined)
    if (params.response_type === undefined) {
      const token = await browserCredential(c, provider, session, client, nonce)
      return c.json({ token }, 200, { 'Cache-Control': 'no-store' })
    }
    // The code flow: the token is a code only the holder of the verifier,
    // the partner's backend, can redeem.
    if (params.response_type !== 'code')
      return refuse(c, { status: 400, code: 'unsupported_response_type', message: 'response_type may only be code' })
    const [challenge, method] = [params.code_challenge, params.code_challenge_method]
    const noPkce = { status: 400, code: 'invalid_request', message: 'a code needs a PKCE code_challenge with method S256' } as const
    if (typeof challenge !== 'string' || !(method === undefined || typeof method === 'string')) return refuse(c, noPkce)
    try {
      checkPkce(client, challenge, method)
    } catch (error) {
      if (error instanceof InvalidRequest) return refuse(c, { ...noPkce, message: error.message })
      throw error
    }
    const code = await browserCode(c, provider, session, client, nonce, challenge)
    return c.json({ token: code }, 200, { 'Cache-Control': 'no-store' })
  })

  app.post('/disconnect', async (c) => {
    const call = await readCall(c)
    if ('status' in call) return refuse(c, call)
    await revokeConsent(provider.db, provider.events, call.session.user, call.client, provider.now()).catch((error: unknown) => {
      // Disconnecting an account that never consented is already done.
      if (!(error instanceof InvalidInput)) throw error
    })
    return c.json({ account_id: call.session.user.sub }, 200, { 'Cache-Control': 'no-store' })
  })
  return app
}
