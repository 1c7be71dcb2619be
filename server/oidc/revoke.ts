/**
 * @module `POST /oidc/revoke` (RFC 7009): always 200 with an empty body
 * once the client is authenticated, whether or not the token was known;
 * revoking a refresh token revokes its whole chain. A client can only
 * revoke its own tokens.
 */
import { Hono } from 'hono'
import { userById } from '../accounts/users.js'
import { authenticateClient } from './client-auth.js'
import { InvalidRequest } from './errors.js'
import { readForm } from './form-body.js'
import { oauthErrorResponse } from './oauth-error-response.js'
import type { IdentityProviderContext } from '../grants/identity-provider-context.js'
import { revokeGrant, revokeToken, tokenByValue } from '../grants/tokens.js'

/**
 * Builds the revocation endpoint, to be mounted at `/oidc/revoke`.
 *
 * @example
 * app.route('/oidc/revoke', revocationEndpoint(provider))
 */
export function revocationEndpoint(provider: IdentityProviderContext): Hono {
  const app = new Hono()
  app.onError(oauthErrorResponse)
  app.post('/', async (c) => {
    const form = await readForm(c, ['token', 'token_type_hint', 'client_id', 'client_secret'])
    const { client } = await authenticateClient(provider, c.req.header('Authorization'), form)
    c.set('corsClient', client)
    const value = form.get('token')
    if (!value) throw new InvalidRequest('token is required')
    const token = await tokenByValue(provider, value)
    if (token && token.client_id === client.id && token.revoked_at === null) {
      if (token.kind === 'refresh') {
        await revokeGrant(provider, token.grant_id, 'refresh token revoked by the client')
      } else {
        const user = await userById(provider.db, token.user_id)
        if (!user) throw new Error(`token ${token.id} names no account`)
        await provider.db.transaction().execute(async (trx) => {
          await revokeToken(trx, token.id, provider.now())
          await provider.events.record(trx, 'tokens.revoked', client.client_id, {
            account: user.sub,
            tokens: 1,
            reason: 'access token revoked by the client',
          })
        })
      }
    }
    return c.body(null, 200, { 'Cache-Control': 'no-store' })
  })
  return app
}
