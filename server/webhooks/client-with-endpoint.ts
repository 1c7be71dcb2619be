/**
 * @module Registering a client with a webhook URL: the client (the clients
 * repository) and its first endpoint, subscribed to every event (the
 * endpoints repository). Here, above both, so that the clients repository
 * knows nothing of webhooks (`client create --webhook-url`, the console's
 * and the management API's registration).
 */
import type { Kysely } from 'kysely'
import { clientByClientId, createClient, type NewClient, type RegisteredClient } from '../clients/clients.js'
import { webUrl } from '../clients/web-url.js'
import type { Database } from '../db/schema.js'
import { ALL_EVENTS } from './endpoint-events.js'
import { addWebhookEndpoint } from './endpoints.js'

/** A client just registered, with the endpoint made for its webhook URL and that endpoint's signing secret (shown once). */
export interface RegisteredClientWithEndpoint extends RegisteredClient {
  webhookEndpointId?: string
  webhookSecret?: string
}

/**
 * Registers a client as {@link createClient} does; with `webhookUrl`, also
 * its first webhook endpoint. Run it in a transaction when giving one.
 *
 * @example
 * const { clientId, webhookSecret } = await createClientWithEndpoint(db, { name: 'Shop', redirectUris: […], webhookUrl: 'https://shop.example/hooks' })
 */
export async function createClientWithEndpoint(
  db: Kysely<Database>,
  { webhookUrl, ...input }: NewClient & { webhookUrl?: string },
  now = new Date(),
): Promise<RegisteredClientWithEndpoint> {
  // Checked first, so that a bad URL refuses the registration before anything is written.
  const url = webhookUrl === undefined ? undefined : webUrl('webhook_url', webhookUrl)
  const registered = await createClient(db, input, now)
  if (url === undefined) return registered
  const client = (await clientByClientId(db, registered.clientId))!
  const { endpoint, secret } = await addWebhookEndpoint(db, { clientId: client.id, url, events: [ALL_EVENTS] }, now)
  return { ...registered, webhookEndpointId: endpoint.id, webhookSecret: secret }
}
