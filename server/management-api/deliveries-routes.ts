/**
 * @module The management API's webhook deliveries: the delivery log the
 * developer portal shows (each delivery with its attempts as stored:
 * when, the status code, the error, how long it took), filtered by
 * client, event and state a page at a time, and replaying one: the same
 * replay as the portal's (the same `X-SVC-Delivery`, a fresh set of
 * attempts, due at once), recorded in the audit log with the token as
 * its actor. An organisation's token reaches its own clients' deliveries
 * only (`clientRowIdsOfOrganisation`).
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import { ACCOUNT_EVENT_NAMES } from '../accounts/account-events.js'
import { BACKCHANNEL_LOGOUT_EVENT } from '../webhooks/backchannel-logout.js'
import { recordAuditEvent } from '../audit/audit-events.js'
import { clientTarget } from '../audit/audit-targets.js'
import { clientByClientId, clientById, clientRowIdsOfOrganisation } from '../clients/clients.js'
import type { Database } from '../db/schema.js'
import { deliveryWithAttempts, pageOfDeliveries, replayDelivery } from '../webhooks/deliveries.js'
import { API_BASE, problemResponses } from './api-document.js'
import { type ApiContext, type ApiVariables, NotFound, requireScope, workingOrganisation } from './bearer-token.js'
import { cursorOf, pageOf, pageQuery, pageSchema, positionOfCursor } from './page-cursor.js'

const STATES = ['pending', 'delivered', 'dead', 'held'] as const

const AttemptSchema = z
  .object({
    attempted_at: z.string().openapi({ description: 'When the attempt was sent (ISO 8601, UTC).' }),
    status_code: z.number().int().nullable().openapi({ description: "The receiver's HTTP status; null when it did not answer." }),
    error: z.string().nullable().openapi({ description: 'Why the attempt failed, when it did (no answer in 10 s, a refused address, …).' }),
    duration_ms: z.number().int(),
    response_excerpt: z.string().nullable().openapi({ description: "The first 4 KB of the answer's body (the first KiB for attempts made before migration 0032)." }),
  })
  .openapi('WebhookAttempt')

/** What a delivery carries: an account event, or a back-channel logout token (OIDC Back-Channel Logout 1.0). */
const DELIVERY_EVENTS = [...ACCOUNT_EVENT_NAMES, BACKCHANNEL_LOGOUT_EVENT] as const

export const DeliverySchema = z
  .object({
    id: z.string().openapi({ description: 'The delivery: `X-SVC-Delivery`, the same across its attempts and replays.' }),
    client: z.string().openapi({ description: "The client's `client_id`." }),
    event: z.enum(DELIVERY_EVENTS).openapi({ description: '`backchannel.logout`: a logout token, minted afresh at each attempt.' }),
    event_id: z.string().openapi({ description: "The envelope's `id` (`evt_…`)." }),
    url: z.string(),
    state: z
      .enum(STATES)
      .openapi({ description: '`pending` (to be sent or retried), `delivered` (a 2xx), `dead` (every retry failed), or `held` (queued while its endpoint was disabled; not sent until recovered).' }),
    attempt_count: z.number().int().openapi({ description: 'Attempts since it was queued or last replayed.' }),
    next_attempt_at: z.string(),
    created_at: z.string(),
    delivered_at: z.string().nullable(),
    attempts: z.array(AttemptSchema).openapi({ description: 'Every attempt, oldest first, replays included.' }),
  })
  .openapi('WebhookDelivery')

export type Delivery = z.infer<typeof DeliverySchema>

const DeliveryPageSchema = pageSchema(DeliverySchema, 'WebhookDeliveryPage')

const idParam = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' }, example: '5f0c7a9e-0b7e-4c43-9d4b-2f1a3c6d8e90' }),
})

const deliveryAnswer = (description: string) => ({ description, content: { 'application/json': { schema: DeliverySchema } } })

/**
 * Adds the deliveries routes to the management API.
 *
 * @example
 * deliveriesRoutes(api, db, now)
 */
export function deliveriesRoutes(api: OpenAPIHono<{ Variables: ApiVariables }>, db: Kysely<Database>, now: () => Date): void {
  const read = requireScope(db, 'webhooks:read', { now })
  const write = requireScope(db, 'webhooks:write', { now })

  /** The row ids of the clients the request reaches: the token's organisation's, or the named one's; every client's when undefined. */
  async function reachableClients(c: ApiContext, asked: string | undefined): Promise<number[] | undefined> {
    const own = c.get('caller').organisation
    if (!own && asked === undefined) return undefined
    return clientRowIdsOfOrganisation(db, (await workingOrganisation(db, c, asked)).code)
  }

  /** The delivery with this id among the clients the token reaches; 404 otherwise. */
  async function deliveryInScope(c: ApiContext, id: string) {
    const delivery = await deliveryWithAttempts(db, id)
    const reachable = await reachableClients(c, undefined)
    if (!delivery || (reachable && !reachable.includes(delivery.client_row_id)))
      throw new NotFound(`no webhook delivery ${id} to this token's organisation's clients`)
    return delivery
  }

  api.openapi(
    createRoute({
      method: 'get',
      path: `${API_BASE}/deliveries`,
      tags: ['Webhook deliveries'],
      summary: 'List webhook deliveries, newest first',
      description:
        "Scope `webhooks:read`. Each delivery with its attempts; filters `client`, `event` and `state`. An organisation's token sees the deliveries to its clients (those its developers registered); an operator-wide token every client's, or one `organisation`'s. A page at a time, as the ads list.",
      security: [{ managementToken: [] }],
      middleware: [read] as const,
      request: {
        query: z.object({
          client: z.string().max(100).optional().openapi({ description: "Only this client's deliveries (its `client_id`)." }),
          event: z
            .enum(DELIVERY_EVENTS, { error: `event must be one of ${DELIVERY_EVENTS.join(', ')}` })
            .optional()
            .openapi({ description: 'Only deliveries of this event.' }),
          state: z.enum(STATES, { error: 'state must be pending, delivered, dead or held' }).optional(),
          ...pageQuery,
          organisation: z.string().max(40).optional().openapi({
            description: "Only for an operator-wide token: the organisation whose clients' deliveries to list.",
          }),
        }),
      },
      responses: {
        200: { description: 'A page of deliveries.', content: { 'application/json': { schema: DeliveryPageSchema } } },
        ...problemResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const { client, event, state, limit, cursor, organisation } = c.req.valid('query')
      let clientIds = await reachableClients(c, organisation)
      if (client !== undefined) {
        const row = await clientByClientId(db, client)
        if (!row || (clientIds && !clientIds.includes(row.id))) throw new NotFound(`no client ${client} in this token's organisation`)
        clientIds = [row.id]
      }
      const rows = await pageOfDeliveries(db, {
        ...(clientIds ? { clientIds } : {}),
        ...(event !== undefined ? { event } : {}),
        ...(state !== undefined ? { state } : {}),
        ...(cursor !== undefined ? { before: beforeOf(cursor) } : {}),
        limit: limit + 1,
      })
      const { page, next } = pageOf(c, rows, limit, (row) => cursorOf('deliveries', `${row.created_at}|${row.id}`))
      return c.json({ data: page.map(managedDelivery), next_cursor: next }, 200)
    },
  )

  api.openapi(
    createRoute({
      method: 'get',
      path: `${API_BASE}/deliveries/{id}`,
      tags: ['Webhook deliveries'],
      summary: 'Read a delivery with its attempts',
      description: 'Scope `webhooks:read`.',
      security: [{ managementToken: [] }],
      middleware: [read] as const,
      request: { params: idParam },
      responses: { 200: deliveryAnswer('The delivery.'), ...problemResponses(401, 403, 404) },
    }),
    async (c) => c.json(managedDelivery(await deliveryInScope(c, c.req.valid('param').id)), 200),
  )

  api.openapi(
    createRoute({
      method: 'post',
      path: `${API_BASE}/deliveries/{id}/replay`,
      tags: ['Webhook deliveries'],
      summary: 'Replay a delivery',
      description:
        "Scope `webhooks:write`. As the developer portal's Replay: the delivery is queued again at once with a fresh set of attempts, under the same `X-SVC-Delivery`, whatever its state. Answers 202 with the delivery as queued; svc's webhook sender sends it.",
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: { params: idParam },
      responses: { 202: deliveryAnswer('The delivery, queued again.'), ...problemResponses(401, 403, 404) },
    }),
    async (c) => {
      const delivery = await deliveryInScope(c, c.req.valid('param').id)
      await replayDelivery(db, delivery.id, now())
      const client = await clientById(db, delivery.client_row_id)
      await recordAuditEvent(
        db,
        {
          actor: c.get('caller').actor,
          action: 'webhook.delivery_replayed',
          target: { kind: 'webhook_delivery', code: delivery.id },
          organisation: c.get('caller').organisation?.code ?? null,
          ...(client ? { detail: { client: clientTarget(client) } } : {}),
        },
        now(),
      )
      return c.json(managedDelivery((await deliveryWithAttempts(db, delivery.id)) ?? delivery), 202)
    },
  )
}

type StoredDelivery = Awaited<ReturnType<typeof pageOfDeliveries>>[number]

/**
 * A stored delivery as the management API gives it.
 *
 * @example
 * managedDelivery(row).attempts[0]?.status_code // 500
 */
export function managedDelivery(delivery: StoredDelivery): Delivery {
  return {
    id: delivery.id,
    client: delivery.client_id,
    event: delivery.event as Delivery['event'],
    event_id: delivery.event_id,
    url: delivery.url,
    state: delivery.state,
    attempt_count: Number(delivery.attempts),
    next_attempt_at: delivery.next_attempt_at,
    created_at: delivery.created_at,
    delivered_at: delivery.delivered_at,
    attempts: delivery.attempt_log.map((attempt) => ({
      attempted_at: attempt.attempted_at,
      status_code: attempt.status_code === null ? null : Number(attempt.status_code),
      error: attempt.error,
      duration_ms: Number(attempt.duration_ms),
      response_excerpt: attempt.response_excerpt,
    })),
  }
}

/** The last delivery of the page before, from its cursor. */
function beforeOf(cursor: string): { createdAt: string; id: string } {
  const position = positionOfCursor('deliveries', cursor, /^\d{4}-\d{2}-\d{2}T[\d:.]+Z\|[0-9a-f-]{1,64}$/)
  const [createdAt, id] = position.split('|') as [string, string]
  return { createdAt, id }
}
