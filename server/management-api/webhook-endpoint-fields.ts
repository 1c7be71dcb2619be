/**
 * @module A webhook endpoint as the management API names it. Today a
 * client has at most one: its webhook URL with its signing secrets, so an
 * endpoint's id is made from the client's (`whe_` and the client id) and
 * it receives every event. Issue 30 brings several endpoints a client,
 * each subscribed to chosen events; ids are opaque and `events` is there
 * already (`["*"]`: every event), so callers written today keep working.
 */
import { z } from '@hono/zod-openapi'
import type { ClientRow } from '../db/schema.js'
import type { ListedWebhookSecret } from '../webhooks/secrets.js'

const ENDPOINT_ID_PREFIX = 'whe_'
/** What an endpoint receives today: every event. */
export const ALL_EVENTS = '*'

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
    id: z.string().openapi({ example: 'whe_cli_4fG…', description: "The endpoint's identifier; opaque." }),
    client: z.string().openapi({ example: 'cli_4fG…', description: 'The client whose events it receives.' }),
    organisation: z.string().nullable(),
    url: z.string().openapi({ example: 'https://shop.example/hooks' }),
    events: z.array(z.string()).openapi({ example: [ALL_EVENTS], description: '`["*"]`: every event (the only choice today).' }),
    secrets: z
      .array(WebhookSecretSchema)
      .openapi({ description: 'The active signing secrets, oldest first; while there are two, each delivery is signed with both.' }),
    created_at: z.string().openapi({ description: 'When its oldest active secret was made.' }),
  })
  .openapi('WebhookEndpoint')

export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>

/** The endpoint id of a client's webhook. */
export const webhookEndpointId = (client: Pick<ClientRow, 'client_id'>): string => `${ENDPOINT_ID_PREFIX}${client.client_id}`

/** The client id an endpoint id names, or `undefined` for an id this API did not give. */
export const clientIdOfEndpoint = (id: string): string | undefined =>
  id.startsWith(ENDPOINT_ID_PREFIX) && id.length > ENDPOINT_ID_PREFIX.length ? id.slice(ENDPOINT_ID_PREFIX.length) : undefined

/**
 * A client's webhook as an endpoint, or null when it has none.
 *
 * @example
 * managedWebhookEndpoint(client, 'ORG0123456789', await listWebhookSecrets(db, client.id))
 */
export function managedWebhookEndpoint(
  client: ClientRow,
  organisation: string | null,
  secrets: ListedWebhookSecret[],
): WebhookEndpoint | null {
  if (client.webhook_url === null) return null
  return {
    id: webhookEndpointId(client),
    client: client.client_id,
    organisation,
    url: client.webhook_url,
    events: [ALL_EVENTS],
    secrets,
    created_at: secrets[0]?.created_at ?? client.created_at,
  }
}
