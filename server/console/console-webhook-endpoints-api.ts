/**
 * @module The developer portal's webhook endpoints of one client: add one
 * (its signing secret shown once), change its URL, description or events,
 * disable and enable it (enabling may recover what failed since a time),
 * recover its failed and held deliveries, remove it with its secrets and deliveries, and
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
import { inTransaction } from '../db/in-transaction.js'
import type { ClientRow, Database } from '../db/schema.js'
import { listDeliveries, recoverDeliveries } from '../webhooks/deliveries.js'
import { disableAfterInWords } from '../webhooks/disable-after.js'
import { type EndpointFields, endpointFields } from '../webhooks/endpoint-fields.js'
import { recoveryStart, recoverySince } from '../webhooks/recovery-since.js'
import {
  FAILING,
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
  ConsoleDelivery,
  ConsoleWebhookEndpoint,
  ConsoleWebhookEndpointAdded,
  ConsoleWebhookEndpointRemoved,
  ConsoleWebhookEndpointSaved,
  ConsoleWebhookRecovery,
  ConsoleWebhookSecretAdded,
  ConsoleWebhookSecretRemoved,
  ConsoleTestEventSent,
} from '../../shared/console-wire.js'
import { type ConsoleVariables, consoleError, jsonObject, refusal } from './console-guard.js'
import { optionalText, rowId, stringList } from './console-input.js'
import { fieldRefusals } from './field-refusals.js'

type ConsoleContext = Context<{ Variables: ConsoleVariables }>

/**
 * Reads the endpoint form with every rule, collecting each field's refusal:
 * the shared field rules. A URL at an address the sender will refuse is
 * saved all the same (an operator may allow private targets), with a
 * warning for the answer.
 */
async function readEndpointForm(
  input: Record<string, unknown>,
  allowPrivate: boolean,
): Promise<{ form: EndpointFields; warning?: string } | { errors: Record<string, string>; message: string }> {
  const refusals = fieldRefusals()
  const fields = endpointFields(
    {
      url: () => optionalText(input, 'url') ?? '',
      description: () => optionalText(input, 'description') ?? '',
      events: () => stringList(input, 'events'),
    },
    refusals.checked,
  )
  if (!fields || Object.keys(refusals.errors).length > 0) return { errors: refusals.errors, message: refusals.message('the endpoint') }
  const warning = await webhookTargetWarning(fields.url, { allowPrivate })
  return { form: fields, ...(warning === undefined ? {} : { warning }) }
}

/** How long reading a client's page waits for one endpoint's DNS lookup before showing it without the address warning. */
const WARNING_LOOKUP_MS = 1_000

/**
 * A client's endpoints as the portal shows them, each with its active
 * secrets, the state of its newest delivery, and the address guard's
 * warning when the sender will refuse its URL: worked out on every read,
 * not only in the save's answer, so it is still there after a reload
 * (the lookups run side by side, each given a second at most).
 *
 * @example
 * const endpoints = await consoleWebhookEndpoints(db, client.id, disableAfterMs, { allowPrivate: false })
 */
export async function consoleWebhookEndpoints(
  db: Kysely<Database>,
  clientId: number,
  disableAfterMs: number,
  { allowPrivate }: { allowPrivate: boolean },
): Promise<ConsoleWebhookEndpoint[]> {
  const endpoints = await webhookEndpointsOfClient(db, clientId)
  const deliveries = await listDeliveries(db, { clientId })
  return Promise.all(
    endpoints.map(async (endpoint) => {
      const [shown, warning] = await Promise.all([
        described(db, endpoint, disableAfterMs, deliveries),
        webhookTargetWarning(endpoint.url, { allowPrivate, timeoutMs: WARNING_LOOKUP_MS }),
      ])
      return warning === undefined ? shown : { ...shown, warning }
    }),
  )
}

async function described(
  db: Kysely<Database>,
  endpoint: WebhookEndpoint,
  disableAfterMs: number,
  deliveries?: Pick<ConsoleDelivery, 'endpoint_id' | 'state' | 'created_at'>[],
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
    failing_since: endpoint.failing_since,
    recover_from: endpoint.failing_since === null && endpoint.disabled_at === null ? null : recoveryStart(endpoint.failing_since ?? endpoint.disabled_at!),
    disabled_for_failing: endpoint.disabled_reason === FAILING,
    disable_after: disableAfterInWords(disableAfterMs),
  }
}

/** Every event an endpoint may choose, for the form's checkboxes. */
export const CONSOLE_WEBHOOK_EVENTS: string[] = [...ACCOUNT_EVENT_NAMES]

/**
 * Adds the endpoint routes to the developer API's app.
 *
 * @example
 * webhookEndpointRoutes(app, db, { allowPrivate, disableAfterMs, clientInScope, notFound })
 */
export function webhookEndpointRoutes(
  app: Hono<{ Variables: ConsoleVariables }>,
  db: Kysely<Database>,
  {
    allowPrivate,
    disableAfterMs,
    clientInScope,
    notFound,
  }: {
    allowPrivate: boolean
    /** How long an endpoint may fail before the sender disables it, as the page says it. */
    disableAfterMs: number
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
      {
        endpoint: await described(db, made.endpoint, disableAfterMs),
        webhook_secret: made.secret,
        ...(warning === undefined ? {} : { warning }),
      } satisfies ConsoleWebhookEndpointAdded,
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
    return c.json({ endpoint: await described(db, changed, disableAfterMs), ...(warning === undefined ? {} : { warning }) } satisfies ConsoleWebhookEndpointSaved)
  })

  /**
   * Disables or enables an endpoint. Enabling may also recover, in the
   * same transaction, what failed or was held since `recover_since`.
   */
  const setEnabled = (enabled: boolean) => async (c: ConsoleContext) => {
    const found = await endpointInScope(c)
    if (found instanceof Response) return found
    const { client, endpoint } = found
    const who = actor(c)
    const input: ConsoleWebhookRecovery = enabled ? ((await jsonObject(c)) ?? {}) : {}
    const now = new Date()
    const given = input.recover_since
    let since: Date | undefined
    try {
      since = given === undefined || given === null || given === '' ? undefined : recoverySince('recover_since', given, now)
    } catch (error) {
      return refusal(c, error)
    }
    const { changed, recovered } = await inTransaction(db, async (trx) => {
      const saved = enabled
        ? (await enableWebhookEndpoint(trx, endpoint.id))!
        : (await disableWebhookEndpoint(trx, endpoint.id, `disabled by ${who.kind === 'account' && who.email !== '' ? who.email : 'a developer'}`, now))!
      if (endpoint.enabled !== enabled)
        await recordAuditEvent(trx, {
          actor: who,
          action: enabled ? 'webhook.endpoint_enabled' : 'webhook.endpoint_disabled',
          target: clientTarget(client),
          detail: { endpoint: endpoint.id },
        })
      const count = since === undefined ? undefined : await recoverEndpoint(trx, client, endpoint, since, who, now)
      return { changed: saved, recovered: count }
    })
    return c.json({
      endpoint: await described(db, changed, disableAfterMs),
      ...(recovered === undefined ? {} : { recovered_count: recovered }),
    } satisfies ConsoleWebhookEndpointSaved)
  }

  /** Queues again the endpoint's failed and held deliveries since `since`, and records it. */
  async function recoverEndpoint(
    trx: Kysely<Database>,
    client: ClientRow,
    endpoint: WebhookEndpoint,
    since: Date,
    who: ReturnType<typeof actor>,
    now: Date,
  ): Promise<number> {
    const count = await recoverDeliveries(trx, endpoint.id, since, now)
    await recordAuditEvent(trx, {
      actor: who,
      action: 'webhook.deliveries_recovered',
      target: clientTarget(client),
      detail: { endpoint: endpoint.id, since: since.toISOString(), recovered_count: count },
    })
    return count
  }

  app.post('/:clientId/webhook-endpoints/:endpointId/disable', setEnabled(false))
  app.post('/:clientId/webhook-endpoints/:endpointId/enable', setEnabled(true))

  app.post('/:clientId/webhook-endpoints/:endpointId/recover', async (c) => {
    const found = await endpointInScope(c)
    if (found instanceof Response) return found
    const { client, endpoint } = found
    if (!endpoint.enabled) return consoleError(c, 409, 'the endpoint is disabled, so what it recovers would be held again: enable it with recovery instead')
    const input: ConsoleWebhookRecovery = (await jsonObject(c)) ?? {}
    const now = new Date()
    try {
      const since = recoverySince('recover_since', input.recover_since, now)
      const count = await inTransaction(db, (trx) => recoverEndpoint(trx, client, endpoint, since, actor(c), now))
      return c.json({ endpoint: await described(db, endpoint, disableAfterMs), recovered_count: count } satisfies ConsoleWebhookEndpointSaved)
    } catch (error) {
      return refusal(c, error)
    }
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
