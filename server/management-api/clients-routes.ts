/**
 * @module The management API's clients (applications that sign people in
 * through svc): list, read, register (the secret shown once), change,
 * rotate the secret (`clients/client-secret-rotation.ts`) and delete. Their fields are checked by the console's own client form
 * (`client-fields.ts`), registration by the same repository call the
 * console and `svc-bff client create` make, and each change is recorded
 * in the audit log with the token as its actor. An organisation's token
 * reaches the clients of its organisation; an operator-wide token every
 * client but svc's own.
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import { recordAuditEvent } from '../audit/audit-events.js'
import { saveClientForm } from '../console/client-form.js'
import { clientDetail, clientTarget } from '../audit/audit-targets.js'
import { clientByClientId, deleteClient, organisationClient, organisationClients } from '../clients/clients.js'
import { createClientWithEndpoint } from '../webhooks/client-with-endpoint.js'
import { rotateClientSecret } from '../clients/client-secret-rotation.js'
import type { ClientRow, Database } from '../db/schema.js'
import { organisationById } from '../orgs/organisations.js'
import { listWebhookSecrets } from '../webhooks/secrets.js'
import { webhookEndpoint } from '../webhooks/endpoints.js'
import { API_BASE, problemResponses } from './api-document.js'
import { type ApiContext, type ApiVariables, NotFound, requireScope, workingOrganisation } from './bearer-token.js'
import { checkedClientForm, ClientChangesSchema, type ManagedClient, ManagedClientSchema, managedClient, NewClientSchema } from './client-fields.js'
import { InvalidFields } from './problem-details.js'
import { WebhookEndpointSchema, managedWebhookEndpoint } from './webhook-endpoint-fields.js'

export interface ClientRouteOptions {
  now: () => Date
  /** Lets webhook URLs name private addresses (`SVC_WEBHOOK_ALLOW_PRIVATE=1`), as the sender then reaches them. */
  allowPrivate: boolean
  /** The deployment's brand, refused as a client's name like svc's. */
  productName: string
}

const RegisteredClientSchema = ManagedClientSchema.extend({
  client_secret: z.string().nullable().openapi({ description: 'A confidential client\'s secret, shown this once; null for a public client.' }),
  webhook_endpoint: WebhookEndpointSchema.nullable().openapi({ description: 'The endpoint `webhook_url` made, or null.' }),
  webhook_secret: z.string().nullable().openapi({ description: "The endpoint's signing secret (`whsec_…`), shown this once; null without one." }),
}).openapi('RegisteredClient')

const organisationQuery = z.string().max(40).optional().openapi({
  description: "The organisation's code. An organisation's token works in its own; an operator-wide token names one to narrow the list.",
})

export const clientIdParam = z.object({
  client_id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'client_id', in: 'path' }, example: 'cli_4fG…' }),
})

/** Why a field a change may send back cannot differ from the stored one. */
const FIXED: Record<'client_id' | 'organisation' | 'public' | 'scopes' | 'created_at', string> = {
  client_id: "client_id cannot change; it is the client's identifier",
  organisation: 'organisation cannot change; register the client again in the other organisation',
  public: 'public cannot change once a client is registered; register a new client',
  scopes: 'scopes cannot change here; an operator grants them with svc-bff',
  created_at: 'created_at cannot change',
}

const RotatedSecretSchema = z
  .object({
    client_id: z.string(),
    client_secret: z.string().openapi({ description: 'The new secret, shown this once; svc keeps only its hash.' }),
  })
  .openapi('RotatedClientSecret')

const clientAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ManagedClientSchema } } })

/**
 * Adds the client routes to the management API.
 *
 * @example
 * clientsRoutes(api, db, { now, allowPrivate: false, productName: 'svc' })
 */
export function clientsRoutes(
  api: OpenAPIHono<{ Variables: ApiVariables }>,
  db: Kysely<Database>,
  { now, allowPrivate, productName }: ClientRouteOptions,
): void {
  const read = requireScope(db, 'clients:read', { now })
  const write = requireScope(db, 'clients:write', { now })
  const formOptions = { allowPrivate, productName }

  const organisationCode = async (client: ClientRow) =>
    client.organisation_id === null ? null : ((await organisationById(db, client.organisation_id))?.code ?? null)

  async function clientInScope(c: ApiContext, clientId: string): Promise<{ client: ClientRow; managed: ManagedClient }> {
    const client = await organisationClient(db, c.get('caller').organisation?.id, clientId)
    if (!client) throw new NotFound(`no client ${clientId} in this token's organisation`)
    return { client, managed: managedClient(client, await organisationCode(client)) }
  }

  api.openapi(
    createRoute({
      method: 'get',
      path: `${API_BASE}/clients`,
      tags: ['Clients'],
      summary: 'List the clients, newest first',
      description: "Scope `clients:read`. An organisation's token lists its organisation's; an operator-wide token every client but svc's own.",
      security: [{ managementToken: [] }],
      middleware: [read] as const,
      request: { query: z.object({ organisation: organisationQuery }) },
      responses: {
        200: {
          description: 'The clients.',
          content: { 'application/json': { schema: z.object({ data: z.array(ManagedClientSchema) }).openapi('ClientList') } },
        },
        ...problemResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const asked = c.req.valid('query').organisation
      const organisation = c.get('caller').organisation || asked !== undefined ? await workingOrganisation(db, c, asked) : undefined
      const clients = await organisationClients(db, organisation?.id)
      return c.json({ data: await Promise.all(clients.map(async (client) => managedClient(client, await organisationCode(client)))) }, 200)
    },
  )

  api.openapi(
    createRoute({
      method: 'post',
      path: `${API_BASE}/clients`,
      tags: ['Clients'],
      summary: 'Register a client',
      description:
        "Scope `clients:write`. Takes the fields of `svc-bff client create`, checked as the console's client form checks them. Answers 201 with the client, its secret and its webhook endpoint's signing secret, each shown this once.",
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: { body: { required: true, content: { 'application/json': { schema: NewClientSchema } } } },
      responses: {
        201: {
          description: 'The client as registered, with its secrets.',
          content: { 'application/json': { schema: RegisteredClientSchema } },
          headers: { Location: { schema: { type: 'string' }, description: "The client's address." } },
        },
        ...problemResponses(400, 401, 403, 404, 422),
      },
    }),
    async (c) => {
      const { organisation: asked, scopes, ...fields } = c.req.valid('json')
      const caller = c.get('caller')
      if (scopes !== undefined && caller.organisation)
        throw new InvalidFields(422, 'only an operator-wide token grants scopes', [
          { pointer: '#/scopes', detail: "only an operator-wide token grants scopes; leave them out for the default openid profile email" },
        ])
      const organisation = caller.organisation || asked !== undefined ? await workingOrganisation(db, c, asked) : null
      const form = await checkedClientForm(fields, formOptions)
      const made = await db.transaction().execute(async (trx) => {
        const { clientId, clientSecret, webhookEndpointId, webhookSecret } = await createClientWithEndpoint(
          trx,
          {
            name: form.name,
            public: form.public,
            applicationType: form.applicationType,
            redirectUris: form.redirectUris,
            postLogoutRedirectUris: form.postLogoutRedirectUris,
            ...(form.webhookUrl === undefined ? {} : { webhookUrl: form.webhookUrl }),
            ...(typeof form.backchannelLogoutUri === 'string' ? { backchannelLogoutUri: form.backchannelLogoutUri } : {}),
            ...(form.backchannelLogoutSessionRequired ? { backchannelLogoutSessionRequired: true } : {}),
            ...(form.privacyPolicyUrl === undefined ? {} : { privacyPolicyUrl: form.privacyPolicyUrl }),
            ...(form.termsOfServiceUrl === undefined ? {} : { termsOfServiceUrl: form.termsOfServiceUrl }),
            ...(form.logoUri === undefined ? {} : { logoUri: form.logoUri }),
            ...(scopes === undefined ? {} : { scopes }),
            organisationId: organisation?.id ?? null,
            productName,
          },
          now(),
        )
        const row = (await clientByClientId(trx, clientId))!
        await recordAuditEvent(
          trx,
          { actor: caller.actor, action: 'client.created', target: clientTarget(row), organisation: organisation?.code ?? null, detail: clientDetail(row) },
          now(),
        )
        if (webhookEndpointId !== undefined)
          await recordAuditEvent(
            trx,
            {
              actor: caller.actor,
              action: 'webhook.endpoint_added',
              target: clientTarget(row),
              organisation: organisation?.code ?? null,
              detail: { endpoint: webhookEndpointId, url: form.webhookUrl, events: ['*'] },
            },
            now(),
          )
        const endpoint = webhookEndpointId === undefined ? undefined : await webhookEndpoint(trx, webhookEndpointId)
        return { row, clientSecret, webhookSecret, endpoint, secrets: endpoint ? await listWebhookSecrets(trx, endpoint) : [] }
      })
      const code = organisation?.code ?? null
      return c.json(
        {
          ...managedClient(made.row, code),
          client_secret: made.clientSecret ?? null,
          webhook_endpoint: made.endpoint ? managedWebhookEndpoint(made.endpoint, made.row, code, made.secrets) : null,
          webhook_secret: made.webhookSecret ?? null,
        },
        201,
        { Location: `${API_BASE}/clients/${made.row.client_id}` },
      )
    },
  )

  api.openapi(
    createRoute({
      method: 'get',
      path: `${API_BASE}/clients/{client_id}`,
      tags: ['Clients'],
      summary: 'Read a client',
      description: 'Scope `clients:read`. Never its secret.',
      security: [{ managementToken: [] }],
      middleware: [read] as const,
      request: { params: clientIdParam },
      responses: { 200: clientAnswer('The client.'), ...problemResponses(401, 403, 404) },
    }),
    async (c) => c.json((await clientInScope(c, c.req.valid('param').client_id)).managed, 200),
  )

  api.openapi(
    createRoute({
      method: 'patch',
      path: `${API_BASE}/clients/{client_id}`,
      tags: ['Clients'],
      summary: 'Change a client',
      description:
        "Scope `clients:write`. Sends the fields to change, checked as the console's edit form checks them; `null` clears a link. A client read with GET may be sent back whole.",
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: { params: clientIdParam, body: { required: true, content: { 'application/json': { schema: ClientChangesSchema } } } },
      responses: { 200: clientAnswer('The client as changed.'), ...problemResponses(400, 401, 403, 404, 422) },
    }),
    async (c) => {
      const { client, managed } = await clientInScope(c, c.req.valid('param').client_id)
      const change = c.req.valid('json')
      const fixed = (Object.keys(FIXED) as (keyof typeof FIXED)[]).filter(
        (field) => change[field] !== undefined && JSON.stringify(change[field]) !== JSON.stringify(managed[field]),
      )
      if (fixed.length > 0)
        throw new InvalidFields(
          422,
          fixed.map((field) => FIXED[field]).join('; '),
          fixed.map((field) => ({ pointer: `#/${field}`, detail: FIXED[field] })),
        )
      const kept = <K extends keyof ManagedClient>(field: K) => (change[field as keyof typeof change] === undefined ? managed[field] : change[field as keyof typeof change])
      const form = await checkedClientForm(
        {
          name: kept('name'),
          application_type: kept('application_type'),
          redirect_uris: kept('redirect_uris'),
          post_logout_redirect_uris: kept('post_logout_redirect_uris'),
          privacy_policy_url: kept('privacy_policy_url'),
          terms_of_service_url: kept('terms_of_service_url'),
          logo_uri: kept('logo_uri'),
          backchannel_logout_uri: kept('backchannel_logout_uri'),
          backchannel_logout_session_required: kept('backchannel_logout_session_required'),
        },
        formOptions,
      )
      const changed = await saveClientForm(db, client, form, {
        actor: c.get('caller').actor,
        organisation: managed.organisation,
        now: now(),
      })
      return c.json(managedClient(changed, managed.organisation), 200)
    },
  )

  api.openapi(
    createRoute({
      method: 'post',
      path: `${API_BASE}/clients/{client_id}/secret`,
      tags: ['Clients'],
      summary: "Rotate a client's secret",
      description:
        "Scope `clients:write`. A new `client_secret`, **shown this once**; the old one is refused from the next request on (no grace period, as Keycloak's Regenerate secret: deploy the new secret first where you can, then rotate). A public client has no secret (409).",
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: { params: clientIdParam },
      responses: {
        200: { description: 'The new secret.', content: { 'application/json': { schema: RotatedSecretSchema } } },
        ...problemResponses(401, 403, 404, 409),
      },
    }),
    async (c) => {
      const { client, managed } = await clientInScope(c, c.req.valid('param').client_id)
      const secret = await rotateClientSecret(db, client, c.get('caller').actor, { organisation: managed.organisation, now: now() })
      return c.json({ client_id: client.client_id, client_secret: secret }, 200, { 'Cache-Control': 'no-store' })
    },
  )

  api.openapi(
    createRoute({
      method: 'delete',
      path: `${API_BASE}/clients/{client_id}`,
      tags: ['Clients'],
      summary: 'Delete a client',
      description: 'Scope `clients:write`. Its tokens, consents, webhook endpoint and deliveries go with it; people signed in through it must sign in again.',
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: { params: clientIdParam },
      responses: { 204: { description: 'Deleted.' }, ...problemResponses(401, 403, 404) },
    }),
    async (c) => {
      const { client, managed } = await clientInScope(c, c.req.valid('param').client_id)
      await deleteClient(db, client.client_id)
      await recordAuditEvent(
        db,
        { actor: c.get('caller').actor, action: 'client.deleted', target: clientTarget(client), organisation: managed.organisation, detail: clientDetail(client) },
        now(),
      )
      return c.body(null, 204)
    },
  )
}
