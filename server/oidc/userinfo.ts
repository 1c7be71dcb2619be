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

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i

function invalidToken(message: string): InvalidToken {
  const error = new InvalidToken(message)
  error.headers['WWW-Authenticate'] = `Bearer realm="svc", error="invalid_token", error_description="${message}"`
  return error
}

/**
 * Builds the userinfo endpoint, to be mounted at `/oidc/userinfo`.
 *
 * @example
 * app.route('/oidc/userinfo', userinfoEndpoint(provider))
 */
export function userinfoEndpoint(provider: IdentityProviderContext): Hono {
  const app = new Hono()
  app.onError(oauthErrorResponse)
  app.on(['GET', 'POST'], '/', async (c) => {
    const header = c.req.header('Authorization')
    // RFC 6750 §2.2: the token may come in the form body instead, but only one way (§2).
    const form =
      c.req.method === 'POST' && (c.req.header('Content-Type') ?? '').startsWith('application/x-www-form-urlencoded')
        ? new URLSearchParams(await c.req.text())
        : undefined
    const inForm = form?.getAll('access_token') ?? []
    if (inForm.length > 1) throw new InvalidRequest('access_token must be given once')
    if (header !== undefined && inForm.length > 0)
      throw new InvalidRequest('send the access token one way only: the Authorization header or the form')
    let value: string | undefined
    if (header !== undefined) {
      const match = BEARER.exec(header)
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
    // A browser's request: only the token's client's own pages may read the claims.
    if (c.req.header('Origin') !== undefined) {
      const client = await clientById(provider.db, token.client_id)
      if (client) c.set('corsClient', client)
    }
    const user = await userById(provider.db, token.user_id)
    if (!user) throw invalidToken('the account no longer exists')
    // Disabling revokes the tokens; this holds should one have been issued in the same instant.
    if (isDisabled(user)) throw invalidToken('the account is disabled')
    // amr and acr say how the sign-in behind the token was made, as its id_token did.
    const claims = { ...claimsFor(user, token.scopes.split(' ')), ...(await sessionAuthentication(provider.db, token.session_id)) }
    return c.json(claims, 200, { 'Cache-Control': 'no-store' })
  })
  return app
}
