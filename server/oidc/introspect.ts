/**
 * @module `POST /oidc/introspect` (RFC 7662), for confidential clients
 * only: `{active: false}` for anything not live or not the caller's,
 * otherwise the token's scope, client, subject and times.
 */
import { Hono } from 'hono'
import { isDisabled, userById } from '../accounts/users.js'
import { authenticateClient } from './client-auth.js'
import { InvalidClient, InvalidRequest } from './errors.js'
import { readForm } from './form-body.js'
import { oauthErrorResponse } from './oauth-error-response.js'
import { epochSeconds, type IdentityProviderContext } from '../grants/identity-provider-context.js'
import { isTokenLive, tokenByValue } from '../grants/tokens.js'

/**
 * Builds the introspection endpoint, to be mounted at `/oidc/introspect`.
 *
 * @example
 * app.route('/oidc/introspect', introspectionEndpoint(provider))
 */
export function introspectionEndpoint(provider: IdentityProviderContext): Hono {
  const app = new Hono()
  app.onError(oauthErrorResponse)
  app.post('/', async (c) => {
    const form = await readForm(c, ['token', 'token_type_hint', 'client_id', 'client_secret'])
    const { method, client } = await authenticateClient(provider, c.req.header('Authorization'), form)
    if (method === 'none') throw new InvalidClient('introspection is for confidential clients only; authenticate with the client secret')
    const value = form.get('token')
    if (!value) throw new InvalidRequest('token is required')
    const headers = { 'Cache-Control': 'no-store' }
    const token = await tokenByValue(provider, value)
    if (!token || token.client_id !== client.id || !isTokenLive(token, provider.now())) return c.json({ active: false }, 200, headers)
    const user = await userById(provider.db, token.user_id)
    if (!user || isDisabled(user)) return c.json({ active: false }, 200, headers)
    return c.json(
      {
        active: true,
        scope: token.scopes,
        client_id: client.client_id,
        username: user.email,
        token_type: token.kind === 'access' ? 'Bearer' : 'refresh_token',
        exp: epochSeconds(new Date(token.expires_at)),
        iat: epochSeconds(new Date(token.created_at)),
        sub: user.sub,
        aud: client.client_id,
        iss: provider.issuer,
      },
      200,
      headers,
    )
  })
  return app
}
