/**
 * @module The developer portal's webhook endpoints of one client: add one
 * (its signing secret shown once), change its URL, description or events,
 * disable and enable it, remove it with its secrets and deliveries, and
 * per endpoint add, show again and remove signing secrets (a new secret
 * signs beside the old until the old is removed), and send it a test
 * event (one `ping` to it alone). Mounted inside the
 * developer API (`console-developer-api.ts`), which finds the client in
 * the developer's reach.
 */
import type { Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import { ACCOUNT_EVENT_NAMES } from '../accounts/account-events.js'
import { accountActor } from '../audit/account-actor.js'
import { changedFields, recordAuditEvent } from '../audit/audit-events.js'
import { clientTarget } from '../audit/audit-targets.js'
import { webUrl } from '../clients/web-url.js'
import { inTransaction } from '../db/in-transaction.js'
import type { ClientRow, Database } from '../db/schema.js'
import { listDeliveries } from '../webhooks/deliveries.js'
import { endpointDescription } from '../webhooks/endpoint-description.js'
import { type EndpointEvents, endpointEvents } from '../webhooks/endpoint-events.js'
import {
  addWebhookEndpoint,
  changeWebhookEndpoint,
  disableWebhookEndpoint,
  enableWebhookEndpoint,
  removeWebhookEndpoint,
  type WebhookEndpoint,
  webhookEndpoint,
  webhookEndpointsOfClient,
} from '../webhooks/endpoints.js'
import { webhookTargetWarning } from '../webhooks/save-target.js'
import { addWebhookSecret, listWebhookSecrets, removeWebhookSecret, revealWebhookSecret } from '../webhooks/secrets.js'
import { sendTestEvent } from '../webhooks/webhook-ping.js'
import type {
  ConsoleWebhookEndpoint,
  ConsoleWebhookEndpointAdded,
  ConsoleWebhookEndpointRemoved,
  ConsoleWebhookEndpointSaved,
  ConsoleWebhookSecretAdded,
  ConsoleWebhookSecretRemoved,
  ConsoleTestEventSent,
} from '../../shared/console-wire.js'
import { type ConsoleVariables, consoleError, jsonObject, refusal } from './console-guard.js'
import { optionalText, rowId, stringList } from './console-input.js'
import { fieldRefusals } from './field-refusals.js'

type ConsoleContext = Context<{ Variables: ConsoleVariables }>

interface EndpointForm {
  url: string
  description: string
  events: EndpointEvents
}

/**
 * Reads the endpoint form with every rule, collecting each field's refusal:
 * a web URL, a short description, known events. A URL at an address the
 * sender will refuse is saved all the same (an operator may allow private
 * targets), with a warning for the answer.
 */
async function readEndpointForm(
  input: Record<string, unknown>,
  allowPrivate: boolean,
): Promise<{ form: EndpointForm; warning?: string } | { errors: Record<string, string>; message: string }> {
  const refusals = fieldRefusals()
  const url = refusals.checked('url', () => webUrl('url', optionalText(input, 'url') ?? ''))
  const description = refusals.checked('description', () => endpointDescription(optionalText(input, 'description') ?? ''))
  const events = refusals.checked('events', () => endpointEvents(stringList(input, 'events')))
  if (Object.keys(refusals.errors).length > 0) return { errors: refusals.errors, message: refusals.message('the endpoint') }
  const warning = await webhookTargetWarning(url!, { allowPrivate })
  return { form: { url: url!, description: description!, events: events! }, ...(warning === undefined ? {} : { warning }) }
}

/**
 * A client's endpoints as the portal shows them, each with its active
 * secrets and the state of its newest delivery.
 *
 * @example
 * const endpoints = await consoleWebhookEndpoints(db, client.id)
 */
export async function consoleWebhookEndpoints(db: Kysely<Database>, clientId: number): Promise<ConsoleWebhookEndpoint[]> {
  const endpoints = await webhookEndpointsOfClient(db, clientId)
  const deliveries = await listDeliveries(db, { clientId })
  return Promise.all(endpoints.map((endpoint) => described(db, endpoint, deliveries)))
}

async function described(
  db: Kysely<Database>,
  endpoint: WebhookEndpoint,
  deliveries?: { endpoint_id: string | null; state: 'pending' | 'delivered' | 'dead'; created_at: string }[],
): Promise<ConsoleWebhookEndpoint> {
  // Deliveries come newest first.
  const last = (deliveries ?? (await listDeliveries(db, { endpointId: endpoint.id }))).find((delivery) => delivery.endpoint_id === endpoint.id)
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: [...endpoint.events],
    enabled: endpoint.enabled,
    disabled_at: endpoint.disabled_at,
    disabled_reason: endpoint.disabled_reason,
    created_at: endpoint.created_at,
    secrets: await listWebhookSecrets(db, endpoint),
    last_delivery: last ? { state: last.state, created_at: last.created_at } : null,
  }
}

/** Every event an endpoint may choose, for the form's checkboxes. */
export const CONSOLE_WEBHOOK_EVENTS: string[] = [...ACCOUNT_EVENT_NAMES]

/**
 * Adds the endpoint routes to the developer API's app.
 *
 * @example
 * webhookEndpointRoutes(app, db, { allowPrivate, clientInScope, notFound })
 */
export function webhookEndpointRoutes(
  app: Hono<{ Variables: ConsoleVariables }>,
  db: Kysely<Database>,
  {
    allowPrivate,
    clientInScope,
    notFound,
  }: {
    allowPrivate: boolean
    clientInScope: (c: ConsoleContext) => Promise<ClientRow | undefined>
    notFound: (c: ConsoleContext) => Response
  },
): void {
  /** The client and its endpoint the path names, or the answer saying which is not there. */
  async function endpointInScope(c: ConsoleContext): Promise<{ client: ClientRow; endpoint: WebhookEndpoint } | Response> {
    const client = await clientInScope(c)
    if (!client) return notFound(c)
    const endpoint = await webhookEndpoint(db, c.req.param('endpointId') ?? '')
    if (!endpoint || endpoint.client_id !== client.id) return consoleError(c, 404, `no webhook endpoint ${c.req.param('endpointId')} for this client`)
    return { client, endpoint }
  }
  const actor = (c: ConsoleContext) => accountActor(c.get('session'))

  app.post('/:clientId/webhook-endpoints', async (c) => {
    const client = await clientInScope(c)
    if (!client) return notFound(c)
    const read = await readEndpointForm((await jsonObject(c)) ?? {}, allowPrivate)
    if ('errors' in read) return consoleError(c, 422, read.message, { errors: read.errors })
    const { form } = read
    const made = await inTransaction(db, async (trx) => {
      const added = await addWebhookEndpoint(trx, { clientId: client.id, ...form })
      await recordAuditEvent(trx, {
        actor: actor(c),
        action: 'webhook.endpoint_added',
        target: clientTarget(client),
        detail: { endpoint: added.endpoint.id, url: form.url, events: form.events },
      })
      return added
    })
    const { warning } = read
    return c.json(
      { endpoint: await described(db, made.endpoint), webhook_secret: made.secret, ...(warning === undefined ? {} : { warning }) } satisfies ConsoleWebhookEndpointAdded,
      201,
    )
  })

  app.put('/:clientId/webhook-endpoints/:endpointId', async (c) => {
    const found = await endpointInScope(c)
    if (found instanceof Response) return found
    const { client, endpoint } = found
    const read = await readEndpointForm((await jsonObject(c)) ?? {}, allowPrivate)
    if ('errors' in read) return consoleError(c, 422, read.message, { errors: read.errors })
    const changed = await inTransaction(db, async (trx) => {
      const saved = (await changeWebhookEndpoint(trx, endpoint.id, read.form))!
      const detail = changedFields(
        { url: endpoint.url, description: endpoint.description, events: endpoint.events },
        { url: saved.url, description: saved.description, events: saved.events },
      )
      if (Object.keys(detail.after).length > 0)
        await recordAuditEvent(trx, {
          actor: actor(c),
          action: 'webhook.endpoint_changed',
          target: clientTarget(client),
          detail: { endpoint: endpoint.id, ...detail },
        })
      return saved
    })
    const { warning } = read
    return c.json({ endpoint: await described(db, changed), ...(warning === undefined ? {} : { warning }) } satisfies ConsoleWebhookEndpointSaved)
  })

  app.post('/:clientId/webhook-endpoints/:endpointId/disable', async (c) => {
    const found = await endpointInScope(c)
    if (found instanceof Response) return found
    const { client, endpoint } = found
    const who = actor(c)
    const changed = await inTransaction(db, async (trx) => {
      const disabled = (await disableWebhookEndpoint(trx, endpoint.id, `disabled by ${who.kind === 'account' && who.email !== '' ? who.email : 'a developer'}`))!
      if (endpoint.enabled)
        await recordAuditEvent(trx, { actor: actor(c), action: 'webhook.endpoint_disabled', target: clientTarget(client), detail: { endpoint: endpoint.id } })
      return disabled
    })
    return c.json({ endpoint: await described(db, changed) } satisfies ConsoleWebhookEndpointSaved)
  })

  app.post('/:clientId/webhook-endpoints/:endpointId/enable', async (c) => {
    const found = await endpointInScope(c)
    if (found instanceof Response) return found
    const { client, endpoint } = found
    const changed = await inTransaction(db, async (trx) => {
      const enabled = (await enableWebhookEndpoint(trx, endpoint.id))!
      if (!endpoint.enabled)
        await recordAuditEvent(trx, { actor: actor(c), action: 'webhook.endpoint_enabled', target: clientTarget(client), detail: { endpoint: endpoint.id } })
      return enabled
    })
    return c.json({ endpoint: await described(db, changed) } satisfies ConsoleWebhookEndpointSaved)
  })

  app.delete('/:clientId/webhook-endpoints/:endpointId', async (c) => {
    const found = await endpointInScope(c)
    if (found instanceof Response) return found
    const { client, endpoint } = found
    await inTransaction(db, async (trx) => {
      await removeWebhookEndpoint(trx, endpoint)
      await recordAuditEvent(trx, {
        actor: actor(c),
        action: 'webhook.endpoint_removed',
        target: clientTarget(client),
        detail: { endpoint: endpoint.id, url: endpoint.url },
      })
    })
    return c.json({ removed: endpoint.id } satisfies ConsoleWebhookEndpointRemoved)
  })

  app.post('/:clientId/webhook-endpoints/:endpointId/test', async (c) => {
    const found = await endpointInScope(c)
    if (found instanceof Response) return found
    const { client, endpoint } = found
    if (!endpoint.enabled) return consoleError(c, 409, 'This endpoint is disabled: enable it, then send a test event.')
    const deliveryId = await sendTestEvent(db, client, endpoint, actor(c))
    return c.json({ delivery_id: deliveryId } satisfies ConsoleTestEventSent, 202)
  })

  app.post('/:clientId/webhook-endpoints/:endpointId/secrets', async (c) => {
    const found = await endpointInScope(c)
    if (found instanceof Response) return found
    const { client, endpoint } = found
    const { id, secret } = await inTransaction(db, async (trx) => {
      const added = await addWebhookSecret(trx, endpoint)
      await recordAuditEvent(trx, {
        actor: actor(c),
        action: 'webhook.secret_added',
        target: clientTarget(client),
        detail: { id: added.id, endpoint: endpoint.id },
      })
      return added
    })
    return c.json({ id, webhook_secret: secret } satisfies ConsoleWebhookSecretAdded, 201)
  })

  // POST, not GET: a secret shown again is an act the log keeps, and no cache or history should hold the answer.
  app.post('/:clientId/webhook-endpoints/:endpointId/secrets/:id/reveal', async (c) => {
    const found = await endpointInScope(c)
    if (found instanceof Response) return found
    const { client, endpoint } = found
    const id = rowId(c.req.param('id'))
    const secret = id === undefined ? undefined : await revealWebhookSecret(db, endpoint, id)
    if (id === undefined || secret === undefined) return consoleError(c, 404, `no active signing secret ${c.req.param('id')} for this endpoint`)
    await recordAuditEvent(db, { actor: actor(c), action: 'webhook.secret_revealed', target: clientTarget(client), detail: { id, endpoint: endpoint.id } })
    c.header('Cache-Control', 'no-store')
    return c.json({ id, webhook_secret: secret } satisfies ConsoleWebhookSecretAdded)
  })

  app.delete('/:clientId/webhook-endpoints/:endpointId/secrets/:id', async (c) => {
    const found = await endpointInScope(c)
    if (found instanceof Response) return found
    const { client, endpoint } = found
    const id = rowId(c.req.param('id'))
    if (id === undefined) return consoleError(c, 404, `no signing secret ${c.req.param('id')} for this endpoint`)
    try {
      const removed = await removeWebhookSecret(db, endpoint, id)
      await recordAuditEvent(db, {
        actor: actor(c),
        action: 'webhook.secret_removed',
        target: clientTarget(client),
        detail: { id: removed.id, endpoint: endpoint.id },
      })
      return c.json(removed satisfies ConsoleWebhookSecretRemoved)
    } catch (error) {
      return refusal(c, error)
    }
  })
}
