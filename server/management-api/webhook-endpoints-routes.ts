/**
 * @module The management API's webhook endpoints: where a client's events
 * go, signed. List, read, make (its signing secret shown once), change
 * its URL, remove it, rotate its secret (the new one signs beside the old
 * until the old is removed, as in the console), remove an old secret,
 * and send it a test event (`ping`, as `svc-bff webhooks ping`).
 * Today a client has at most one endpoint (`webhook-endpoint-fields.ts`),
 * so a second for the same client is a 409. URLs are checked as the
 * console checks them: a web URL, and no private, loopback or link-local
 * address unless the server allows them (`webhooks/save-target.ts`).
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import { changedFields, recordAuditEvent } from '../audit/audit-events.js'
import { clientTarget } from '../audit/audit-targets.js'
import { organisationClient, organisationClients, setWebhookUrl } from '../clients/clients.js'
import { webUrl } from '../clients/web-url.js'
import type { ClientRow, Database } from '../db/schema.js'
import { organisationById } from '../orgs/organisations.js'
import { Refusal } from '../refusal.js'
import { publicWebhookTarget } from '../webhooks/save-target.js'
import { pingWebhook } from '../webhooks/webhook-ping.js'
import type { AccountEvents } from '../accounts/account-events.js'
import {
  addWebhookSecret,
  listWebhookSecrets,
  removeAllWebhookSecrets,
  removeWebhookSecret,
} from '../webhooks/secrets.js'
import { API_BASE, problemResponses } from './api-document.js'
import { type ApiContext, type ApiVariables, NotFound, requireScope, workingOrganisation } from './bearer-token.js'
import { unknownField } from './field-rules.js'
import { InvalidFields } from './problem-details.js'
import {
  ALL_EVENTS,
  clientIdOfEndpoint,
  managedWebhookEndpoint,
  type WebhookEndpoint,
  WebhookEndpointSchema,
} from './webhook-endpoint-fields.js'

export interface WebhookEndpointRouteOptions {
  now: () => Date
  /** Lets URLs name private addresses (`SVC_WEBHOOK_ALLOW_PRIVATE=1`), as the sender then reaches them. */
  allowPrivate: boolean
  /** The webhook outbox, where a ping is queued like any event. */
  events: AccountEvents
}

/** What exists already stands in the way: 409. */
class Conflict extends Refusal {
  override name = 'Conflict'
  readonly status = 409
}

const EVENTS_RULE = `events must be ["${ALL_EVENTS}"]: an endpoint receives every event (choosing events comes in a later release)`
const events = z
  .array(z.string({ error: EVENTS_RULE }), { error: EVENTS_RULE })
  .refine((list) => list.length === 1 && list[0] === ALL_EVENTS, EVENTS_RULE)
  .optional()
  .openapi({ description: '`["*"]`, every event, the only choice today.', example: [ALL_EVENTS] })
const url = z
  .string({ error: 'url must be a string' })
  .max(2000, 'url must be at most 2000 characters')
  .openapi({ example: 'https://shop.example/hooks', description: 'An http or https URL at a public address.' })

const NewEndpointSchema = z
  .strictObject(
    {
      client: z.string({ error: 'client must be a client id' }).min(1, 'client must be a client id').max(100).openapi({ example: 'cli_4fG…' }),
      url,
      events,
    },
    { error: unknownField },
  )
  .openapi('NewWebhookEndpoint')

const EndpointChangesSchema = z
  .strictObject(
    {
      url: url.optional(),
      events,
      // What GET answers and a change cannot alter, taken back unchanged so an endpoint read can be sent back whole.
      id: z.string().optional(),
      client: z.string().optional(),
      organisation: z.string().nullable().optional(),
      secrets: z.array(z.unknown()).optional(),
      created_at: z.string().optional(),
    },
    { error: unknownField },
  )
  .openapi('WebhookEndpointChanges', {
    description: '`url` (and `events`); the other fields of an endpoint may be sent back as read, unchanged.',
  })

const CreatedEndpointSchema = WebhookEndpointSchema.extend({
  secret: z.string().openapi({ example: 'whsec_…', description: 'The signing secret, shown this once: store it now.' }),
}).openapi('CreatedWebhookEndpoint')

const idParam = z.object({
  id: z
    .string()
    .min(1)
    .max(120)
    .openapi({ param: { name: 'id', in: 'path' }, example: 'whe_cli_4fG…' }),
})

const endpointAnswer = (description: string) => ({ description, content: { 'application/json': { schema: WebhookEndpointSchema } } })
const created = (description: string) => ({
  description,
  content: { 'application/json': { schema: CreatedEndpointSchema } },
})

/**
 * Adds the webhook endpoint routes to the management API.
 *
 * @example
 * webhookEndpointsRoutes(api, db, { now, allowPrivate: false, events: webhookOutbox({ now }) })
 */
export function webhookEndpointsRoutes(
  api: OpenAPIHono<{ Variables: ApiVariables }>,
  db: Kysely<Database>,
  { now, allowPrivate, events: outbox }: WebhookEndpointRouteOptions,
): void {
  const read = requireScope(db, 'webhooks:read', { now })
  const write = requireScope(db, 'webhooks:write', { now })

  const organisationCode = async (client: ClientRow) =>
    client.organisation_id === null ? null : ((await organisationById(db, client.organisation_id))?.code ?? null)

  const endpointOf = async (client: ClientRow): Promise<WebhookEndpoint> =>
    managedWebhookEndpoint(client, await organisationCode(client), await listWebhookSecrets(db, client.id))!

  /** The client this endpoint id names, in the caller's reach and with an endpoint; 404 otherwise. */
  async function endpointClient(c: ApiContext, id: string): Promise<ClientRow> {
    const clientId = clientIdOfEndpoint(id)
    const client = clientId === undefined ? undefined : await organisationClient(db, c.get('caller').organisation?.id, clientId)
    if (!client || client.webhook_url === null) throw new NotFound(`no webhook endpoint ${id} in this token's organisation`)
    return client
  }

  /** The URL as the console takes it: a web URL, at an address deliveries may reach. */
  async function checkedUrl(value: string): Promise<string> {
    return publicWebhookTarget('url', webUrl('url', value.trim()), { allowPrivate })
  }

  async function record(c: ApiContext, client: ClientRow, action: 'webhook.url_changed' | 'webhook.secret_added' | 'webhook.secret_removed', detail: Record<string, unknown>) {
    await recordAuditEvent(
      db,
      { actor: c.get('caller').actor, action, target: clientTarget(client), organisation: await organisationCode(client), detail },
      now(),
    )
  }

  api.openapi(
    createRoute({
      method: 'get',
      path: `${API_BASE}/webhook-endpoints`,
      tags: ['Webhook endpoints'],
      summary: 'List the webhook endpoints',
      description: "Scope `webhooks:read`. The endpoints of the organisation's clients (an operator-wide token: every client's), newest client first.",
      security: [{ managementToken: [] }],
      middleware: [read] as const,
      request: {
        query: z.object({
          client: z.string().max(100).optional().openapi({ description: "Only this client's." }),
          organisation: z.string().max(40).optional().openapi({ description: 'Only an operator-wide token names it, to narrow the list.' }),
        }),
      },
      responses: {
        200: {
          description: 'The endpoints.',
          content: { 'application/json': { schema: z.object({ data: z.array(WebhookEndpointSchema) }).openapi('WebhookEndpointList') } },
        },
        ...problemResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const { client: only, organisation: asked } = c.req.valid('query')
      const organisation = c.get('caller').organisation || asked !== undefined ? await workingOrganisation(db, c, asked) : undefined
      const clients = (await organisationClients(db, organisation?.id)).filter(
        (client) => client.webhook_url !== null && (only === undefined || client.client_id === only),
      )
      return c.json({ data: await Promise.all(clients.map(endpointOf)) }, 200)
    },
  )

  api.openapi(
    createRoute({
      method: 'post',
      path: `${API_BASE}/webhook-endpoints`,
      tags: ['Webhook endpoints'],
      summary: 'Make a webhook endpoint for a client',
      description:
        'Scope `webhooks:write`. Answers 201 with the endpoint and its signing secret, shown this once. A client has one endpoint today: a second answers 409.',
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: { body: { required: true, content: { 'application/json': { schema: NewEndpointSchema } } } },
      responses: {
        201: {
          ...created('The endpoint, with its signing secret.'),
          headers: { Location: { schema: { type: 'string' }, description: "The endpoint's address." } },
        },
        ...problemResponses(400, 401, 403, 404, 409, 422),
      },
    }),
    async (c) => {
      const body = c.req.valid('json')
      const client = await organisationClient(db, c.get('caller').organisation?.id, body.client)
      if (!client)
        throw new InvalidFields(422, `no client ${body.client} in this token's organisation`, [
          { pointer: '#/client', detail: `no client ${body.client} in this token's organisation` },
        ])
      if (client.webhook_url !== null)
        throw new Conflict(
          `client ${client.client_id} has a webhook endpoint already (whe_${client.client_id}); change its url with PATCH, or delete it first: a client has one endpoint today`,
        )
      const target = await checkedUrl(body.url)
      const organisation = await organisationCode(client)
      const secret = await db.transaction().execute(async (trx) => {
        await setWebhookUrl(trx, client.id, target)
        await recordAuditEvent(
          trx,
          {
            actor: c.get('caller').actor,
            action: 'webhook.url_changed',
            target: clientTarget(client),
            organisation,
            detail: changedFields({ webhook_url: null }, { webhook_url: target }),
          },
          now(),
        )
        // A new endpoint signs with a secret of its own, shown now; one left from before (by an older svc) no longer signs.
        await removeAllWebhookSecrets(trx, client.id, now())
        return (await addWebhookSecret(trx, client.id, now())).secret
      })
      const endpoint = await endpointOf({ ...client, webhook_url: target })
      return c.json({ ...endpoint, secret }, 201, { Location: `${API_BASE}/webhook-endpoints/${endpoint.id}` })
    },
  )

  api.openapi(
    createRoute({
      method: 'get',
      path: `${API_BASE}/webhook-endpoints/{id}`,
      tags: ['Webhook endpoints'],
      summary: 'Read a webhook endpoint',
      description: 'Scope `webhooks:read`. Its secrets by fingerprint, never the secrets.',
      security: [{ managementToken: [] }],
      middleware: [read] as const,
      request: { params: idParam },
      responses: { 200: endpointAnswer('The endpoint.'), ...problemResponses(401, 403, 404) },
    }),
    async (c) => c.json(await endpointOf(await endpointClient(c, c.req.valid('param').id)), 200),
  )

  api.openapi(
    createRoute({
      method: 'patch',
      path: `${API_BASE}/webhook-endpoints/{id}`,
      tags: ['Webhook endpoints'],
      summary: "Change a webhook endpoint's URL",
      description: 'Scope `webhooks:write`. Its secrets stay; deliveries go to the new URL from the next attempt queued.',
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: { params: idParam, body: { required: true, content: { 'application/json': { schema: EndpointChangesSchema } } } },
      responses: { 200: endpointAnswer('The endpoint as changed.'), ...problemResponses(400, 401, 403, 404, 422) },
    }),
    async (c) => {
      const client = await endpointClient(c, c.req.valid('param').id)
      const before = await endpointOf(client)
      const change = c.req.valid('json')
      const fixed = (['id', 'client', 'organisation', 'secrets', 'created_at'] as const).filter(
        (field) => change[field] !== undefined && JSON.stringify(change[field]) !== JSON.stringify(before[field]),
      )
      if (fixed.length > 0)
        throw new InvalidFields(
          422,
          `${fixed.join(', ')} cannot change; send url to move the endpoint, rotate-secret for a new secret`,
          fixed.map((field) => ({ pointer: `#/${field}`, detail: `${field} cannot change` })),
        )
      if (change.url === undefined || change.url.trim() === client.webhook_url) return c.json(before, 200)
      const target = await checkedUrl(change.url)
      if (target === client.webhook_url) return c.json(before, 200)
      await setWebhookUrl(db, client.id, target)
      await record(c, client, 'webhook.url_changed', changedFields({ webhook_url: client.webhook_url }, { webhook_url: target }))
      return c.json({ ...before, url: target }, 200)
    },
  )

  api.openapi(
    createRoute({
      method: 'delete',
      path: `${API_BASE}/webhook-endpoints/{id}`,
      tags: ['Webhook endpoints'],
      summary: 'Remove a webhook endpoint',
      description:
        'Scope `webhooks:write`. No new deliveries are queued for the client and its secrets are removed; deliveries queued already fail for want of a secret and can be replayed once an endpoint is made again.',
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: { params: idParam },
      responses: { 204: { description: 'Removed.' }, ...problemResponses(401, 403, 404) },
    }),
    async (c) => {
      const client = await endpointClient(c, c.req.valid('param').id)
      const organisation = await organisationCode(client)
      await db.transaction().execute(async (trx) => {
        await setWebhookUrl(trx, client.id, null)
        await removeAllWebhookSecrets(trx, client.id, now())
        await recordAuditEvent(
          trx,
          {
            actor: c.get('caller').actor,
            action: 'webhook.endpoint_removed',
            target: clientTarget(client),
            organisation,
            detail: { webhook_url: client.webhook_url },
          },
          now(),
        )
      })
      return c.body(null, 204)
    },
  )

  api.openapi(
    createRoute({
      method: 'post',
      path: `${API_BASE}/webhook-endpoints/{id}/pings`,
      tags: ['Webhook endpoints'],
      summary: 'Send a test event to a webhook endpoint',
      description:
        "Scope `webhooks:write`. Queues a `ping` event for the endpoint's client, as `svc-bff webhooks ping` does: it is signed, sent and retried like any event, and its delivery is listed by `GET /api/v1/deliveries?event=ping`. 204 once queued (GitHub's hook ping answers the same).",
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: { params: idParam },
      responses: { 204: { description: 'Queued.' }, ...problemResponses(401, 403, 404) },
    }),
    async (c) => {
      const client = await endpointClient(c, c.req.valid('param').id)
      await pingWebhook(db, outbox, client, c.get('caller').actor, { organisation: await organisationCode(client), now: now() })
      return c.body(null, 204)
    },
  )

  api.openapi(
    createRoute({
      method: 'post',
      path: `${API_BASE}/webhook-endpoints/{id}/rotate-secret`,
      tags: ['Webhook endpoints'],
      summary: "Rotate a webhook endpoint's signing secret",
      description:
        'Scope `webhooks:write`. Adds a secret, shown this once; deliveries are signed with the old and the new (one `v1=` each) until the old is removed with `DELETE …/secrets/{secret_id}`, so the receiver can switch over first.',
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: { params: idParam },
      responses: { 201: created('The endpoint with both secrets listed, and the new secret.'), ...problemResponses(401, 403, 404) },
    }),
    async (c) => {
      const client = await endpointClient(c, c.req.valid('param').id)
      const { id, secret } = await addWebhookSecret(db, client.id, now())
      await record(c, client, 'webhook.secret_added', { id })
      return c.json({ ...(await endpointOf(client)), secret }, 201)
    },
  )

  api.openapi(
    createRoute({
      method: 'delete',
      path: `${API_BASE}/webhook-endpoints/{id}/secrets/{secret_id}`,
      tags: ['Webhook endpoints'],
      summary: 'Remove an old signing secret',
      description: 'Scope `webhooks:write`. Ends a rotation; the last secret cannot be removed (409).',
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: {
        params: idParam.extend({
          secret_id: z
            .string()
            .max(20)
            .openapi({ param: { name: 'secret_id', in: 'path' }, example: '7' }),
        }),
      },
      responses: { 204: { description: 'Removed.' }, ...problemResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      const { id, secret_id } = c.req.valid('param')
      const client = await endpointClient(c, id)
      const secrets = await listWebhookSecrets(db, client.id)
      const secret = secrets.find((listed) => String(listed.id) === secret_id)
      if (!secret) throw new NotFound(`endpoint ${id} has no active secret ${secret_id}`)
      if (secrets.length === 1)
        throw new Conflict(`secret ${secret_id} is the endpoint's only one; rotate first, then remove the old secret`)
      await removeWebhookSecret(db, client.id, secret.id, now())
      await record(c, client, 'webhook.secret_removed', { id: secret.id })
      return c.body(null, 204)
    },
  )
}
