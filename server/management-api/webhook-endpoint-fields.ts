/**
 * @module A webhook endpoint as the management API names it: one of a
 * client's endpoints (`ep_…`, migration 0029), with its URL, description,
 * the events it subscribes to (`["*"]`: every event) and whether it is
 * enabled. Ids an earlier release gave (`whe_` and the client id, when a
 * client had one endpoint) still name that client's oldest endpoint, so
 * callers written then keep working.
 */
import { z } from '@hono/zod-openapi'
import type { ClientRow } from '../db/schema.js'
import { ALL_EVENTS } from '../webhooks/endpoint-events.js'
import type { WebhookEndpoint as StoredEndpoint } from '../webhooks/endpoints.js'
import type { ListedWebhookSecret } from '../webhooks/secrets.js'

export { ALL_EVENTS }

const OLD_ENDPOINT_ID_PREFIX = 'whe_'

export const WebhookSecretSchema = z
  .object({
    id: z.number().int(),
    number: z.number().int().openapi({ description: 'Its place among every secret the endpoint had (1, 2, …), as the console shows it.' }),
    fingerprint: z.string().openapi({ description: "The first 8 hex digits of the secret's SHA-256, to tell which one a receiver holds." }),
    created_at: z.string(),
  })
  .openapi('WebhookSecret')

export const WebhookEndpointSchema = z
  .object({
    id: z.string().openapi({ example: 'ep_4fG…', description: "The endpoint's identifier; opaque." }),
    client: z.string().openapi({ example: 'cli_4fG…', description: 'The client whose events it receives.' }),
    organisation: z.string().nullable(),
    url: z.string().openapi({ example: 'https://shop.example/hooks' }),
    description: z.string().openapi({ example: 'Orders service', description: 'A note for people; may be empty.' }),
    events: z
      .array(z.string())
      .openapi({ example: [ALL_EVENTS], description: '`["*"]`: every event, those added later too; else the event names it receives.' }),
    enabled: z.boolean().openapi({ description: 'A disabled endpoint is queued no new deliveries.' }),
    disabled_at: z.string().nullable(),
    disabled_reason: z.string().nullable().openapi({ description: 'Who or what disabled it.' }),
    secrets: z
      .array(WebhookSecretSchema)
      .openapi({ description: 'The active signing secrets, oldest first; while there are two, each delivery is signed with both.' }),
    created_at: z.string(),
  })
  .openapi('WebhookEndpoint')

export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>

/** The client id an id of an earlier release names (`whe_cli_…`), or `undefined` for any other id. */
export const clientIdOfOldEndpointId = (id: string): string | undefined =>
  id.startsWith(OLD_ENDPOINT_ID_PREFIX) && id.length > OLD_ENDPOINT_ID_PREFIX.length ? id.slice(OLD_ENDPOINT_ID_PREFIX.length) : undefined

/**
 * An endpoint as the management API answers it.
 *
 * @example
 * managedWebhookEndpoint(endpoint, client, 'ORG0123456789', await listWebhookSecrets(db, endpoint))
 */
export function managedWebhookEndpoint(
  endpoint: StoredEndpoint,
  client: Pick<ClientRow, 'client_id'>,
  organisation: string | null,
  secrets: ListedWebhookSecret[],
): WebhookEndpoint {
  return {
    id: endpoint.id,
    client: client.client_id,
    organisation,
    url: endpoint.url,
    description: endpoint.description,
    events: [...endpoint.events],
    enabled: endpoint.enabled,
    disabled_at: endpoint.disabled_at,
    disabled_reason: endpoint.disabled_reason,
    secrets,
    created_at: endpoint.created_at,
  }
}
