/**
 * @module The FedCM accounts endpoint: the signed-in account, with the
 * clients it already approved (from stored consents), for the browser's
 * account chooser. Only the browser's FedCM fetch may read it
 * (`Sec-Fetch-Dest: webidentity`); signed out, it answers 401.
 */
import { Hono } from 'hono'
import { liveConsentsOf } from '../../accounts/consents.js'
import { publicClientIds } from '../../clients/clients.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { currentSession } from '../../grants/sessions.js'

/**
 * Builds the endpoint, mounted at `/oidc/fedcm/accounts`.
 *
 * @example
 * app.route('/oidc/fedcm/accounts', fedcmAccounts(provider))
 */
export function fedcmAccounts(provider: IdentityProviderContext): Hono {
  const app = new Hono()
  app.get('/', async (c) => {
    c.header('Cache-Control', 'no-store')
    if (c.req.header('Sec-Fetch-Dest') !== 'webidentity') return c.json({ error: { code: 'invalid_request' } }, 400)
    const session = await currentSession(c, provider)
    if (!session) {
      c.header('Set-Login', 'logged-out')
      return c.json({ error: { code: 'unauthorized' } }, 401)
    }
    const { user } = session
    const consents = await liveConsentsOf(provider.db, user.id)
    const approved = await publicClientIds(
      provider.db,
      consents.map((consent) => consent.clientId),
    )
    return c.json({
      accounts: [
        {
          id: user.sub,
          name: user.name,
          email: user.email,
          ...(user.given_name ? { given_name: user.given_name } : {}),
          ...(user.picture ? { picture: user.picture } : {}),
          approved_clients: approved,
          login_hints: [user.email, user.sub],
        },
      ],
    })
  })
  return app
}
