/**
 * @module The management API's webhook endpoints: where a client's events
 * go, signed. A client may have several, each subscribed to all events or
 * to chosen ones. List, read, make (its signing secret shown once),
 * change its URL, description, events or whether it is enabled, remove it
 * (with its secrets and deliveries), rotate its secret (the new one signs
 * beside the old until the old is removed, as in the console), remove an
 * old secret, and send a test event (one `ping` to that endpoint alone,
 * subscribed to `ping` or not, as the portal's "Send test event"). URLs
 * are checked as the console checks them: a web URL; one at a private,
 * loopback or link-local address is saved with a `warning` that the
 * sender will refuse it, unless the server allows them (`webhooks/save-target.ts`).
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import { changedFields, recordAuditEvent } from '../audit/audit-events.js'
import { clientTarget } from '../audit/audit-targets.js'
import { clientById, organisationClient, organisationClients } from '../clients/clients.js'
import { webUrl } from '../clients/web-url.js'
import { inTransaction } from '../db/in-transaction.js'
import type { ClientRow, Database } from '../db/schema.js'
import { organisationById } from '../orgs/organisations.js'
import { Refusal } from '../refusal.js'
import { endpointDescription, MAX_DESCRIPTION_LENGTH } from '../webhooks/endpoint-description.js'
import { endpointEvents } from '../webhooks/endpoint-events.js'
import {
  addWebhookEndpoint,
  changeWebhookEndpoint,
  disableWebhookEndpoint,
  enableWebhookEndpoint,
  removeWebhookEndpoint,
  type WebhookEndpoint as StoredEndpoint,
  webhookEndpoint,
  webhookEndpointsOfClient,
  webhookEndpointsOfClients,
} from '../webhooks/endpoints.js'
import { webhookTargetWarning } from '../webhooks/save-target.js'
import { sendTestEvent } from '../webhooks/webhook-ping.js'
import { addWebhookSecret, listWebhookSecrets, removeWebhookSecret } from '../webhooks/secrets.js'
import { API_BASE, problemResponses } from './api-document.js'
import { type ApiContext, type ApiVariables, NotFound, requireScope, workingOrganisation } from './bearer-token.js'
import { unknownField } from './field-rules.js'
import { InvalidFields } from './problem-details.js'
import { ALL_EVENTS, clientIdOfOldEndpointId, managedWebhookEndpoint, type WebhookEndpoint, WebhookEndpointSchema } from './webhook-endpoint-fields.js'

export interface WebhookEndpointRouteOptions {
  now: () => Date
  /** The sender reaches private addresses (`SVC_WEBHOOK_ALLOW_PRIVATE=1`), so URLs naming them get no warning. */
  allowPrivate: boolean
}

/** What exists already stands in the way: 409. */
class Conflict extends Refusal {
  override name = 'Conflict'
  readonly status = 409
}

const events = z
  .array(z.string({ error: 'events must be a list of event names' }), { error: 'events must be a list of event names' })
  .optional()
  .openapi({
    description: '`["*"]` (or left out): every event, those added later too; else the event names to receive, as `GET /webhooks/schemas` lists them.',
    example: ['account.deleted', 'ping'],
  })
const url = z
  .string({ error: 'url must be a string' })
  .max(2000, 'url must be at most 2000 characters')
  .openapi({ example: 'https://shop.example/hooks', description: 'An http or https URL at a public address.' })
const description = z
  .string({ error: 'description must be a string' })
  .max(MAX_DESCRIPTION_LENGTH * 2)
  .optional()
  .openapi({ example: 'Orders service', description: `A note for people, at most ${MAX_DESCRIPTION_LENGTH} characters.` })

const NewEndpointSchema = z
  .strictObject(
    {
      client: z.string({ error: 'client must be a client id' }).min(1, 'client must be a client id').max(100).openapi({ example: 'cli_4fG…' }),
      url,
      description,
      events,
    },
    { error: unknownField },
  )
  .openapi('NewWebhookEndpoint')

const EndpointChangesSchema = z
  .strictObject(
    {
      url: url.optional(),
      description,
      events,
      enabled: z.boolean({ error: 'enabled must be true or false' }).optional().openapi({ description: 'false disables it; true enables it again.' }),
      // What GET answers and a change cannot alter, taken back unchanged so an endpoint read can be sent back whole.
      id: z.string().optional(),
      client: z.string().optional(),
      organisation: z.string().nullable().optional(),
      secrets: z.array(z.unknown()).optional(),
      disabled_at: z.string().nullable().optional(),
      disabled_reason: z.string().nullable().optional(),
      created_at: z.string().optional(),
      warning: z.string().optional().openapi({ description: "An answer's warning, sent back as read: ignored." }),
    },
    { error: unknownField },
  )
  .openapi('WebhookEndpointChanges', {
    description: '`url`, `description`, `events` and `enabled`; the other fields of an endpoint may be sent back as read, unchanged.',
  })

const warning = z.string().optional().openapi({
  description:
    'Present when svc will not deliver to the URL (saved all the same): its host is, or resolves only to, a private, loopback or link-local address, and the server does not allow those (`SVC_WEBHOOK_ALLOW_PRIVATE=1`).',
  example: 'svc will not deliver to 10.0.0.5: it is a private, loopback or link-local address; an operator can allow such addresses with SVC_WEBHOOK_ALLOW_PRIVATE=1',
})

const CreatedEndpointSchema = WebhookEndpointSchema.extend({
  secret: z.string().openapi({ example: 'whsec_…', description: 'The signing secret, shown this once: store it now.' }),
  warning,
}).openapi('CreatedWebhookEndpoint')

const SavedEndpointSchema = WebhookEndpointSchema.extend({ warning }).openapi('SavedWebhookEndpoint')

const idParam = z.object({
  id: z
    .string()
    .min(1)
    .max(120)
    .openapi({ param: { name: 'id', in: 'path' }, example: 'ep_4fG…' }),
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
 * webhookEndpointsRoutes(api, db, { now, allowPrivate: false })
 */
export function webhookEndpointsRoutes(
  api: OpenAPIHono<{ Variables: ApiVariables }>,
  db: Kysely<Database>,
  { now, allowPrivate }: WebhookEndpointRouteOptions,
): void {
  const read = requireScope(db, 'webhooks:read', { now })
  const write = requireScope(db, 'webhooks:write', { now })

  const organisationCode = async (client: ClientRow) =>
    client.organisation_id === null ? null : ((await organisationById(db, client.organisation_id))?.code ?? null)

  const endpointOf = async (endpoint: StoredEndpoint, client: ClientRow): Promise<WebhookEndpoint> =>
    managedWebhookEndpoint(endpoint, client, await organisationCode(client), await listWebhookSecrets(db, endpoint))

  /** The endpoint this id names (an `ep_…` id, or an earlier release's `whe_<client>`) and its client, in the caller's reach; 404 otherwise. */
  async function endpointNamed(c: ApiContext, id: string): Promise<{ endpoint: StoredEndpoint; client: ClientRow }> {
    const missing = new NotFound(`no webhook endpoint ${id} in this token's organisation`)
    const oldClientId = clientIdOfOldEndpointId(id)
    if (oldClientId !== undefined) {
      const client = await organisationClient(db, c.get('caller').organisation?.id, oldClientId)
      const endpoint = client && (await webhookEndpointsOfClient(db, client.id))[0]
      if (!client || !endpoint) throw missing
      return { endpoint, client }
    }
    const endpoint = await webhookEndpoint(db, id)
    const owner = endpoint && (await clientById(db, endpoint.client_id))
    const client = owner && (await organisationClient(db, c.get('caller').organisation?.id, owner.client_id))
    if (!endpoint || !client) throw missing
    return { endpoint, client }
  }

  /** The URL as the console takes it (a web URL), and the warning when the sender will not reach its address. */
  async function checkedUrl(value: string): Promise<{ url: string; warning?: string }> {
    const url = webUrl('url', value.trim())
    const warning = await webhookTargetWarning(url, { allowPrivate })
    return warning === undefined ? { url } : { url, warning }
  }

  /** Records a change; inside a transaction, pass it and the organisation's code read before (SQLite has one connection). */
  async function record(
    c: ApiContext,
    client: ClientRow,
    action: 'webhook.endpoint_changed' | 'webhook.endpoint_disabled' | 'webhook.endpoint_enabled' | 'webhook.secret_added' | 'webhook.secret_removed',
    detail: Record<string, unknown>,
    within?: { trx: Kysely<Database>; organisation: string | null },
  ) {
    const organisation = within ? within.organisation : await organisationCode(client)
    await recordAuditEvent(within?.trx ?? db, { actor: c.get('caller').actor, action, target: clientTarget(client), organisation, detail }, now())
  }

  api.openapi(
    createRoute({
      method: 'get',
      path: `${API_BASE}/webhook-endpoints`,
      tags: ['Webhook endpoints'],
      summary: 'List the webhook endpoints',
      description: "Scope `webhooks:read`. The endpoints of the organisation's clients (an operator-wide token: every client's), newest client first, each client's oldest endpoint first.",
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
      const clients = (await organisationClients(db, organisation?.id)).filter((client) => only === undefined || client.client_id === only)
      const endpoints = await webhookEndpointsOfClients(
        db,
        clients.map((client) => client.id),
      )
      const listed = clients.flatMap((client) => (endpoints.get(client.id) ?? []).map((endpoint) => ({ endpoint, client })))
      return c.json({ data: await Promise.all(listed.map(({ endpoint, client }) => endpointOf(endpoint, client))) }, 200)
    },
  )

  api.openapi(
    createRoute({
      method: 'post',
      path: `${API_BASE}/webhook-endpoints`,
      tags: ['Webhook endpoints'],
      summary: 'Make a webhook endpoint for a client',
      description:
        'Scope `webhooks:write`. Answers 201 with the endpoint and its signing secret (its own, shown this once). A client may have several endpoints, each subscribed to its own events.',
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: { body: { required: true, content: { 'application/json': { schema: NewEndpointSchema } } } },
      responses: {
        201: {
          ...created('The endpoint, with its signing secret.'),
          headers: { Location: { schema: { type: 'string' }, description: "The endpoint's address." } },
        },
        ...problemResponses(400, 401, 403, 404, 422),
      },
    }),
    async (c) => {
      const body = c.req.valid('json')
      const client = await organisationClient(db, c.get('caller').organisation?.id, body.client)
      if (!client)
        throw new InvalidFields(422, `no client ${body.client} in this token's organisation`, [
          { pointer: '#/client', detail: `no client ${body.client} in this token's organisation` },
        ])
      const { url: target, warning: targetWarning } = await checkedUrl(body.url)
      const subscription = endpointEvents(body.events ?? [ALL_EVENTS])
      const note = endpointDescription(body.description ?? '')
      const organisation = await organisationCode(client)
      const made = await inTransaction(db, async (trx) => {
        const added = await addWebhookEndpoint(trx, { clientId: client.id, url: target, description: note, events: subscription }, now())
        await recordAuditEvent(
          trx,
          {
            actor: c.get('caller').actor,
            action: 'webhook.endpoint_added',
            target: clientTarget(client),
            organisation,
            detail: { endpoint: added.endpoint.id, url: target, events: subscription },
          },
          now(),
        )
        return added
      })
      const endpoint = await endpointOf(made.endpoint, client)
      const secret = made.secret
      const warned = targetWarning === undefined ? {} : { warning: targetWarning }
      return c.json({ ...endpoint, secret, ...warned }, 201, { Location: `${API_BASE}/webhook-endpoints/${endpoint.id}` })
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
    async (c) => {
      const { endpoint, client } = await endpointNamed(c, c.req.valid('param').id)
      return c.json(await endpointOf(endpoint, client), 200)
    },
  )

  api.openapi(
    createRoute({
      method: 'patch',
      path: `${API_BASE}/webhook-endpoints/{id}`,
      tags: ['Webhook endpoints'],
      summary: 'Change a webhook endpoint',
      description:
        'Scope `webhooks:write`. Its URL, description, events, or `enabled` (false: no new deliveries are queued for it). Its secrets stay; deliveries go to the new URL from their next attempt.',
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: { params: idParam, body: { required: true, content: { 'application/json': { schema: EndpointChangesSchema } } } },
      responses: {
        200: { description: 'The endpoint as changed.', content: { 'application/json': { schema: SavedEndpointSchema } } },
        ...problemResponses(400, 401, 403, 404, 422),
      },
    }),
    async (c) => {
      const { endpoint, client } = await endpointNamed(c, c.req.valid('param').id)
      const before = await endpointOf(endpoint, client)
      const change = c.req.valid('json')
      const fixed = (['id', 'client', 'organisation', 'secrets', 'disabled_at', 'disabled_reason', 'created_at'] as const).filter(
        (field) => change[field] !== undefined && JSON.stringify(change[field]) !== JSON.stringify(before[field]),
      )
      if (fixed.length > 0)
        throw new InvalidFields(
          422,
          `${fixed.join(', ')} cannot change; send url, description, events or enabled, rotate-secret for a new secret`,
          fixed.map((field) => ({ pointer: `#/${field}`, detail: `${field} cannot change` })),
        )
      const target = change.url === undefined ? undefined : await checkedUrl(change.url)
      const wanted = {
        ...(target === undefined || target.url === endpoint.url ? {} : { url: target.url }),
        ...(change.description === undefined ? {} : { description: endpointDescription(change.description) }),
        ...(change.events === undefined ? {} : { events: endpointEvents(change.events) }),
      }
      const organisation = await organisationCode(client)
      await inTransaction(db, async (trx) => {
        const within = { trx, organisation }
        const saved = (await changeWebhookEndpoint(trx, endpoint.id, wanted))!
        const detail = changedFields(
          { url: endpoint.url, description: endpoint.description, events: endpoint.events },
          { url: saved.url, description: saved.description, events: saved.events },
        )
        if (Object.keys(detail.after).length > 0) await record(c, client, 'webhook.endpoint_changed', { endpoint: endpoint.id, ...detail }, within)
        if (change.enabled === false && endpoint.enabled) {
          await disableWebhookEndpoint(trx, endpoint.id, `disabled through the management API`, now())
          await record(c, client, 'webhook.endpoint_disabled', { endpoint: endpoint.id }, within)
        }
        if (change.enabled === true && !endpoint.enabled) {
          await enableWebhookEndpoint(trx, endpoint.id)
          await record(c, client, 'webhook.endpoint_enabled', { endpoint: endpoint.id }, within)
        }
      })
      const warned = target?.warning === undefined ? {} : { warning: target.warning }
      return c.json({ ...(await endpointOf((await webhookEndpoint(db, endpoint.id))!, client)), ...warned }, 200)
    },
  )

  api.openapi(
    createRoute({
      method: 'delete',
      path: `${API_BASE}/webhook-endpoints/{id}`,
      tags: ['Webhook endpoints'],
      summary: 'Remove a webhook endpoint',
      description:
        "Scope `webhooks:write`. Its secrets and its deliveries go with it: deliveries still queued for it are not sent. The client's other endpoints are not touched.",
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: { params: idParam },
      responses: { 204: { description: 'Removed.' }, ...problemResponses(401, 403, 404) },
    }),
    async (c) => {
      const { endpoint, client } = await endpointNamed(c, c.req.valid('param').id)
      const organisation = await organisationCode(client)
      await inTransaction(db, async (trx) => {
        await removeWebhookEndpoint(trx, endpoint)
        await recordAuditEvent(
          trx,
          {
            actor: c.get('caller').actor,
            action: 'webhook.endpoint_removed',
            target: clientTarget(client),
            organisation,
            detail: { endpoint: endpoint.id, url: endpoint.url },
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
        "Scope `webhooks:write`. Queues one `ping` event to this endpoint alone, whether or not it subscribes to `ping` (as Svix's \"Send example\"; 409 when it is disabled); it is signed, sent and retried like any event. 204 once queued (GitHub's hook ping answers the same); `Location` names its delivery, to follow its attempts.",
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: { params: idParam },
      responses: {
        204: { description: 'Queued.', headers: { Location: { schema: { type: 'string' }, description: 'The delivery of the ping.' } } },
        ...problemResponses(401, 403, 404, 409),
      },
    }),
    async (c) => {
      const { endpoint, client } = await endpointNamed(c, c.req.valid('param').id)
      if (!endpoint.enabled) throw new Conflict(`endpoint ${endpoint.id} is disabled; enable it first (PATCH with enabled: true)`)
      const deliveryId = await sendTestEvent(db, client, endpoint, c.get('caller').actor, { organisation: await organisationCode(client), now: now() })
      return c.body(null, 204, { Location: `${API_BASE}/deliveries/${deliveryId}` })
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
      const { endpoint, client } = await endpointNamed(c, c.req.valid('param').id)
      const { id, secret } = await addWebhookSecret(db, endpoint, now())
      await record(c, client, 'webhook.secret_added', { id, endpoint: endpoint.id })
      return c.json({ ...(await endpointOf(endpoint, client)), secret }, 201)
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
      const { endpoint, client } = await endpointNamed(c, id)
      const secrets = await listWebhookSecrets(db, endpoint)
      const secret = secrets.find((listed) => String(listed.id) === secret_id)
      if (!secret) throw new NotFound(`endpoint ${id} has no active secret ${secret_id}`)
      if (secrets.length === 1)
        throw new Conflict(`secret ${secret_id} is the endpoint's only one; rotate first, then remove the old secret`)
      await removeWebhookSecret(db, endpoint, secret.id, now())
      await record(c, client, 'webhook.secret_removed', { id: secret.id, endpoint: endpoint.id })
      return c.body(null, 204)
    },
  )
}
