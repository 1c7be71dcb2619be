/**
 * @module The FedCM client metadata endpoint: the privacy policy and terms
 * of service the browser links in its dialog, from the client's registration.
 */
import { Hono } from 'hono'
import { clientByClientId } from '../../clients/clients.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'

/**
 * Builds the endpoint, mounted at `/oidc/fedcm/metadata`.
 *
 * @example
 * app.route('/oidc/fedcm/metadata', fedcmClientMetadata(provider))
 */
export function fedcmClientMetadata(provider: IdentityProviderContext): Hono {
  const app = new Hono()
  app.get('/', async (c) => {
    const clientId = c.req.query('client_id')
    const client = clientId ? await clientByClientId(provider.db, clientId) : undefined
    if (!client) return c.json({ error: { code: 'invalid_request' } }, 404)
    return c.json({
      ...(client.privacy_policy_url ? { privacy_policy_url: client.privacy_policy_url } : {}),
      ...(client.terms_of_service_url ? { terms_of_service_url: client.terms_of_service_url } : {}),
    })
  })
  return app
}
