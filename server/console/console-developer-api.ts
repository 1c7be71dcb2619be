/**
 * @module The developer portal's JSON API: a developer's clients (an
 * operator's: every client but svc's own), registering one (its secret
 * shown once; a webhook URL given makes its first endpoint), its webhook
 * endpoints (`console-webhook-endpoints-api.ts`), and the delivery log with
 * each attempt and the endpoint it went to, one delivery in full (each
 * attempt's request and answer), replaying one delivery or every dead one.
 */
import { type Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import { clientByClientId, deleteClient, developerClient, developerClients, type PortalViewer } from '../clients/clients.js'
import { createClientWithEndpoint } from '../webhooks/client-with-endpoint.js'
import { isPublicClient, postLogoutRedirectUrisOf, redirectUrisOf } from '../clients/client-row.js'
import type { ClientRow, Database } from '../db/schema.js'
import { deliveryIdOfClient, deliveryWithAttempts, listDeliveries, replayDeadDeliveries, replayDelivery } from '../webhooks/deliveries.js'
import { attemptDetails } from '../webhooks/webhook-attempts.js'
import { webhookEndpointsOfClients } from '../webhooks/endpoints.js'
import { type ConsoleVariables, consoleError, consoleGuard, jsonObject } from './console-guard.js'
import { DEFAULT_DISABLE_AFTER_MS } from '../webhooks/disable-after.js'
import { CONSOLE_WEBHOOK_EVENTS, consoleWebhookEndpoints, webhookEndpointRoutes } from './console-webhook-endpoints-api.js'
import { readClientForm, saveClientForm } from './client-form.js'
import { recordAuditEvent } from '../audit/audit-events.js'
import { accountActor } from '../audit/account-actor.js'
import { clientDetail, clientTarget } from '../audit/audit-targets.js'
import type { ConsoleSessions } from './console-sessions.js'
import { organisationWithCode } from '../orgs/organisations.js'
import type {
  ConsoleClient,
  ConsoleClientChanged,
  ConsoleClientDeleted,
  ConsoleClientDetail,
  ConsoleClientList,
  ConsoleClientRegistered,
  ConsoleDeadReplayed,
  ConsoleDeliveryDetail,
  ConsoleDeliveryReplayed,
} from '../../shared/console-wire.js'

type ConsoleContext = Context<{ Variables: ConsoleVariables }>

/**
 * Builds the developer routes, mounted at `/console/api/clients`;
 * `allowPrivate` lets webhook URLs name private addresses
 * (`SVC_WEBHOOK_ALLOW_PRIVATE=1`), as the sender then reaches them;
 * `productName` (the deployment's brand) is refused as a client's name.
 *
 * @example
 * app.route('/console/api/clients', consoleDeveloperApi(db, sessions, { allowPrivate: false }))
 */
export function consoleDeveloperApi(
  db: Kysely<Database>,
  sessions: ConsoleSessions,
  {
    allowPrivate = false,
    productName = 'svc',
    disableAfterMs = DEFAULT_DISABLE_AFTER_MS,
  }: { allowPrivate?: boolean; productName?: string; disableAfterMs?: number | undefined } = {},
): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>()
  app.use('*', consoleGuard(sessions, 'developer'))

  // An operator sees every developer's clients; a developer, their own and their organisation's that no developer registered.
  const ownerOf = (c: ConsoleContext): PortalViewer => {
    const { sub, roles } = c.get('session')
    return roles.operator ? undefined : { sub, organisation: roles.organisation }
  }
  const clientInScope = (c: ConsoleContext) => developerClient(db, ownerOf(c), c.req.param('clientId') ?? '')
  const notFound = (c: ConsoleContext) => consoleError(c, 404, `no client ${c.req.param('clientId')} of yours`)

  app.get('/', async (c) => {
    const clients = await developerClients(db, ownerOf(c))
    const endpoints = await webhookEndpointsOfClients(
      db,
      clients.map((client) => client.id),
    )
    return c.json({ clients: clients.map((client) => described(client, endpoints.get(client.id) ?? [])) } satisfies ConsoleClientList)
  })

  app.post('/', async (c) => {
    const read = await readClientForm((await jsonObject(c)) ?? {}, { allowPrivate, productName })
    if ('errors' in read) return consoleError(c, 422, read.message, { errors: read.errors })
    const { form } = read
    const registration = {
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
      ownerSub: c.get('session').sub,
      // The developer's organisation, whose management tokens then reach the client.
      organisationId: (await organisationWithCode(db, c.get('session').roles.organisation ?? ''))?.id ?? null,
    }
    const made = await db.transaction().execute(async (trx) => {
      const { clientId, clientSecret, webhookEndpointId, webhookSecret } = await createClientWithEndpoint(trx, registration)
      const row = (await clientByClientId(trx, clientId))!
      await recordAuditEvent(trx, {
        actor: accountActor(c.get('session')),
        action: 'client.created',
        target: clientTarget(row),
        detail: clientDetail(row),
      })
      if (webhookEndpointId !== undefined)
        await recordAuditEvent(trx, {
          actor: accountActor(c.get('session')),
          action: 'webhook.endpoint_added',
          target: clientTarget(row),
          detail: { endpoint: webhookEndpointId, url: form.webhookUrl, events: ['*'] },
        })
      return { row, clientSecret, webhookSecret, endpoints: webhookEndpointId === undefined ? 0 : 1 }
    })
    return c.json(
      {
        client: described(made.row, Array.from({ length: made.endpoints }, () => ({ enabled: true }))),
        client_secret: made.clientSecret ?? null,
        webhook_secret: made.webhookSecret ?? null,
      } satisfies ConsoleClientRegistered,
      201,
    )
  })

  app.get('/:clientId', async (c) => {
    const client = await clientInScope(c)
    if (!client) return notFound(c)
    const endpoints = await consoleWebhookEndpoints(db, client.id, disableAfterMs, { allowPrivate })
    return c.json({
      client: described(client, endpoints),
      webhook_endpoints: endpoints,
      webhook_events: CONSOLE_WEBHOOK_EVENTS,
      deliveries: await listDeliveries(db, { clientId: client.id }),
    } satisfies ConsoleClientDetail)
  })

  // The registration's own fields; public or confidential stays (a secret is issued once), and the webhook has its own form.
  app.put('/:clientId', async (c) => {
    const client = await clientInScope(c)
    if (!client) return notFound(c)
    const { public: _type, webhook_url: _webhook, ...change } = (await jsonObject(c)) ?? {}
    // An edit that leaves the application type out keeps it, rather than making a native app a web one.
    change.application_type ??= client.application_type
    const read = await readClientForm(change, { allowPrivate, productName })
    if ('errors' in read) return consoleError(c, 422, read.message, { errors: read.errors })
    const { form } = read
    const changed = await saveClientForm(db, client, form, { actor: accountActor(c.get('session')) })
    const endpoints = await webhookEndpointsOfClients(db, [client.id])
    return c.json({ client: described(changed, endpoints.get(client.id) ?? []) } satisfies ConsoleClientChanged)
  })

  // Its tokens, consents, secrets and deliveries go with it (the schema cascades).
  app.delete('/:clientId', async (c) => {
    const client = await clientInScope(c)
    if (!client) return notFound(c)
    await deleteClient(db, client.client_id)
    await recordAuditEvent(db, {
      actor: accountActor(c.get('session')),
      action: 'client.deleted',
      target: clientTarget(client),
      detail: clientDetail(client),
    })
    return c.json({ deleted: client.client_id } satisfies ConsoleClientDeleted)
  })

  webhookEndpointRoutes(app, db, { allowPrivate, disableAfterMs, clientInScope, notFound })

  app.post('/:clientId/deliveries/replay-dead', async (c) => {
    const client = await clientInScope(c)
    if (!client) return notFound(c)
    const count = await replayDeadDeliveries(db, client.id)
    await recordAuditEvent(db, {
      actor: accountActor(c.get('session')),
      action: 'webhook.dead_replayed',
      target: clientTarget(client),
      detail: { replayed_count: count },
    })
    return c.json({ replayed_count: count } satisfies ConsoleDeadReplayed)
  })

  // Apart from the log: each attempt may hold kilobytes, so the page asks for one delivery's when it is opened.
  app.get('/:clientId/deliveries/:id', async (c) => {
    const client = await clientInScope(c)
    if (!client) return notFound(c)
    const deliveryId = await deliveryIdOfClient(db, client.id, c.req.param('id'))
    const found = deliveryId === undefined ? undefined : await deliveryWithAttempts(db, deliveryId)
    if (!found) return consoleError(c, 404, `no delivery ${c.req.param('id')} for this client`)
    const { attempt_log: _summary, client_row_id: _row, ...delivery } = found
    return c.json({ delivery, attempts: await attemptDetails(db, found.id) } satisfies ConsoleDeliveryDetail)
  })

  app.post('/:clientId/deliveries/:id/replay', async (c) => {
    const client = await clientInScope(c)
    if (!client) return notFound(c)
    const deliveryId = await deliveryIdOfClient(db, client.id, c.req.param('id'))
    if (deliveryId === undefined) return consoleError(c, 404, `no delivery ${c.req.param('id')} for this client`)
    await replayDelivery(db, deliveryId)
    await recordAuditEvent(db, {
      actor: accountActor(c.get('session')),
      action: 'webhook.delivery_replayed',
      target: { kind: 'webhook_delivery', code: deliveryId },
      detail: { client: clientTarget(client) },
    })
    return c.json({ replayed: deliveryId } satisfies ConsoleDeliveryReplayed)
  })
  return app
}

/** A client as the portal shows it, with how many of its webhook `endpoints` there are: never its secret hash. */
function described(client: ClientRow, endpoints: readonly { enabled: boolean }[]): ConsoleClient {
  return {
    client_id: client.client_id,
    name: client.name,
    public: isPublicClient(client),
    application_type: client.application_type,
    redirect_uris: redirectUrisOf(client),
    post_logout_redirect_uris: postLogoutRedirectUrisOf(client),
    webhook_endpoints: { total: endpoints.length, enabled: endpoints.filter((endpoint) => endpoint.enabled).length },
    privacy_policy_url: client.privacy_policy_url,
    terms_of_service_url: client.terms_of_service_url,
    logo_uri: client.logo_uri,
    backchannel_logout_uri: client.backchannel_logout_uri,
    backchannel_logout_session_required: client.backchannel_logout_session_required === 1,
    created_at: client.created_at,
  }
}
