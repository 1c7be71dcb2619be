/**
 * @module `GET|POST /oidc/userinfo` (OIDC Core §5.3): the claims the
 * access token's scopes release, nothing more. Errors follow RFC 6750:
 * 401 with `WWW-Authenticate: Bearer error="invalid_token"`.
 */
import { Hono } from 'hono'
import { claimsFor, isDisabled, userById } from '../accounts/users.js'
import { clientById } from '../clients/clients.js'
import { InvalidRequest, InvalidToken } from './errors.js'
import { sessionAuthentication } from '../grants/sessions.js'
import { oauthErrorResponse } from './oauth-error-response.js'
import type { IdentityProviderContext } from '../grants/identity-provider-context.js'
import { isTokenLive, tokenByValue } from '../grants/tokens.js'
import { keptRows } from '../db/kept-rows.js'
import type { TokenRow } from '../db/schema.js'

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i

function invalidToken(message: string): InvalidToken {
  const error = new InvalidToken(message)
  error.headers['WWW-Authenticate'] = `Bearer realm="svc", error="invalid_token", error_description="${message}"`
  return error
}

/** A userinfo request, whichever server received it. */
export interface UserinfoRequest {
  /** The `Authorization` header. */
  authorization: string | undefined
  /** A form-encoded POST body, which may carry the token instead (RFC 6750 §2.2). */
  form: URLSearchParams | undefined
  /** Told the live token's client before the account is checked (CORS decides by it, refusals included). */
  onToken?(token: TokenRow): Promise<void>
}

// Kept until their tables change: a disabled account or an ended session shows from the next request.
const accountById = keptRows('users', userById)
const sessionClaims = keptRows('sessions', sessionAuthentication)

/**
 * The claims the request's access token releases; throws the RFC 6750 refusal.
 *
 * @example
 * const claims = await userinfoClaims(provider, { authorization: req.headers.authorization, form: undefined })
 */
export async function userinfoClaims(
  provider: IdentityProviderContext,
  { authorization, form, onToken }: UserinfoRequest,
): Promise<Record<string, unknown>> {
  const inForm = form?.getAll('access_token') ?? []
  if (inForm.length > 1) throw new InvalidRequest('access_token must be given once')
  if (authorization !== undefined && inForm.length > 0)
    throw new InvalidRequest('send the access token one way only: the Authorization header or the form')
  let value: string | undefined
  if (authorization !== undefined) {
    const match = BEARER.exec(authorization)
    if (!match) throw invalidToken('the Authorization header must be Bearer <access token>')
    value = match[1]
  } else value = inForm[0]
  if (!value) {
    const error = new InvalidToken('an access token is required')
    error.headers['WWW-Authenticate'] = 'Bearer realm="svc"'
    throw error
  }
  const token = await tokenByValue(provider, value)
  if (!token || token.kind !== 'access' || !isTokenLive(token, provider.now())) throw invalidToken('the access token is not valid')
  await onToken?.(token)
  const user = await accountById(provider.db, token.user_id)
  if (!user) throw invalidToken('the account no longer exists')
  // Disabling revokes the tokens; this holds should one have been issued in the same instant.
  if (isDisabled(user)) throw invalidToken('the account is disabled')
  // amr and acr say how the sign-in behind the token was made, as its id_token did.
  return { ...claimsFor(user, token.scopes.split(' ')), ...(await sessionClaims(provider.db, token.session_id)) }
}

/**
 * Builds the userinfo endpoint, to be mounted at `/oidc/userinfo`; servers'
 * GETs without an Origin reach {@link userinfoClaims} through the
 * `node:http` fast path (`userinfo-fast-path.ts`) instead.
 *
 * @example
 * app.route('/oidc/userinfo', userinfoEndpoint(provider))
 */
export function userinfoEndpoint(provider: IdentityProviderContext): Hono {
  const app = new Hono()
  app.onError(oauthErrorResponse)
  app.on(['GET', 'POST'], '/', async (c) => {
    // RFC 6750 §2.2: the token may come in the form body instead, but only one way (§2).
    const form =
      c.req.method === 'POST' && (c.req.header('Content-Type') ?? '').startsWith('application/x-www-form-urlencoded')
        ? new URLSearchParams(await c.req.text())
        : undefined
    const claims = await userinfoClaims(provider, {
      authorization: c.req.header('Authorization'),
      form,
      // A browser's request: only the token's client's own pages may read the claims.
      onToken: async (token) => {
        if (c.req.header('Origin') === undefined) return
        const client = await clientById(provider.db, token.client_id)
        if (client) c.set('corsClient', client)
      },
    })
    return c.json(claims, 200, { 'Cache-Control': 'no-store' })
  })
  return app
}
