/**
 * @module The developer portal's JSON API: a developer's clients (an
 * operator's: every client but svc's own), registering one (its secret
 * shown once), its webhook URL, webhook secret rotation (a new secret signs
 * beside the old until the old is removed), and the delivery log with each
 * attempt, replaying one delivery or every dead one.
 */
import { type Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import { createClient, isPublicClient, postLogoutRedirectUrisOf, redirectUrisOf, webUrl } from '../clients/clients.js'
import type { ClientRow, Database } from '../db/schema.js'
import { listDeliveries, replayDeadDeliveries, replayDelivery } from '../webhooks/deliveries.js'
import { addWebhookSecret, removeWebhookSecret } from '../webhooks/secrets.js'
import { type ConsoleVariables, consoleError, consoleGuard, jsonObject, refusal } from './console-guard.js'
import { flag, optionalText, rowId, stringList } from './console-input.js'
import type { ConsoleSessions } from './console-sessions.js'
import type {
  ConsoleClient,
  ConsoleClientDetail,
  ConsoleClientList,
  ConsoleClientRegistered,
  ConsoleDeadReplayed,
  ConsoleDeliveryReplayed,
  ConsoleWebhookSaved,
  ConsoleWebhookSecretAdded,
} from '../../shared/console-wire.js'

type ConsoleContext = Context<{ Variables: ConsoleVariables }>

/**
 * Builds the developer routes, mounted at `/console/api/clients`.
 *
 * @example
 * app.route('/console/api/clients', consoleDeveloperApi(db))
 */
export function consoleDeveloperApi(db: Kysely<Database>, sessions: ConsoleSessions): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>()
  app.use('*', consoleGuard(sessions, 'developer'))

  const visibleClients = (c: ConsoleContext) => {
    const { roles, sub } = c.get('session')
    let query = db.selectFrom('clients').selectAll().where('first_party', '=', 0)
    if (!roles.operator) query = query.where('owner_sub', '=', sub)
    return query
  }
  const clientInScope = (c: ConsoleContext) =>
    visibleClients(c)
      .where('client_id', '=', c.req.param('clientId') ?? '')
      .executeTakeFirst()
  const notFound = (c: ConsoleContext) => consoleError(c, 404, `no client ${c.req.param('clientId')} of yours`)

  app.get('/', async (c) =>
    c.json({ clients: (await visibleClients(c).orderBy('id', 'desc').execute()).map(described) } satisfies ConsoleClientList),
  )

  app.post('/', async (c) => {
    const input = (await jsonObject(c)) ?? {}
    try {
      const registration = {
        name: optionalText(input, 'name') ?? '',
        public: flag(input, 'public'),
        redirectUris: stringList(input, 'redirect_uris'),
        postLogoutRedirectUris: stringList(input, 'post_logout_redirect_uris'),
        webhookUrl: optionalText(input, 'webhook_url'),
        privacyPolicyUrl: optionalText(input, 'privacy_policy_url'),
        termsOfServiceUrl: optionalText(input, 'terms_of_service_url'),
        ownerSub: c.get('session').sub,
      }
      const made = await db.transaction().execute(async (trx) => {
        const { clientId, clientSecret } = await createClient(trx, registration)
        const row = (await trx.selectFrom('clients').selectAll().where('client_id', '=', clientId).executeTakeFirst())!
        const webhookSecret = row.webhook_url ? (await addWebhookSecret(trx, row.id)).secret : undefined
        return { row, clientSecret, webhookSecret }
      })
      return c.json(
        {
          client: described(made.row),
          client_secret: made.clientSecret ?? null,
          webhook_secret: made.webhookSecret ?? null,
        } satisfies ConsoleClientRegistered,
        201,
      )
    } catch (error) {
      return refusal(c, error)
    }
  })

  app.get('/:clientId', async (c) => {
    const client = await clientInScope(c)
    if (!client) return notFound(c)
    const secrets = await db
      .selectFrom('webhook_secrets')
      .select(['id', 'created_at'])
      .where('client_id', '=', client.id)
      .where('removed_at', 'is', null)
      .orderBy('id')
      .execute()
    return c.json({
      client: described(client),
      webhook_secrets: secrets,
      deliveries: await listDeliveries(db, { clientId: client.id }),
    } satisfies ConsoleClientDetail)
  })

  app.put('/:clientId/webhook', async (c) => {
    const client = await clientInScope(c)
    if (!client) return notFound(c)
    let url: string
    try {
      url = webUrl('webhook_url', optionalText((await jsonObject(c)) ?? {}, 'webhook_url') ?? '')
    } catch (error) {
      return refusal(c, error)
    }
    const secret = await db.transaction().execute(async (trx) => {
      await trx.updateTable('clients').set({ webhook_url: url }).where('id', '=', client.id).execute()
      const existing = await trx
        .selectFrom('webhook_secrets')
        .select('id')
        .where('client_id', '=', client.id)
        .where('removed_at', 'is', null)
        .executeTakeFirst()
      return existing ? undefined : (await addWebhookSecret(trx, client.id)).secret
    })
    return c.json({ webhook_url: url, webhook_secret: secret ?? null } satisfies ConsoleWebhookSaved)
  })

  app.post('/:clientId/webhook-secrets', async (c) => {
    const client = await clientInScope(c)
    if (!client) return notFound(c)
    const { id, secret } = await addWebhookSecret(db, client.id)
    return c.json({ id, webhook_secret: secret } satisfies ConsoleWebhookSecretAdded, 201)
  })

  app.delete('/:clientId/webhook-secrets/:id', async (c) => {
    const client = await clientInScope(c)
    if (!client) return notFound(c)
    const id = rowId(c.req.param('id'))
    if (id === undefined) return consoleError(c, 404, `no webhook secret ${c.req.param('id')} for this client`)
    try {
      return c.json(await removeWebhookSecret(db, client.id, id))
    } catch (error) {
      return refusal(c, error)
    }
  })

  app.post('/:clientId/deliveries/replay-dead', async (c) => {
    const client = await clientInScope(c)
    if (!client) return notFound(c)
    return c.json({ replayed_count: await replayDeadDeliveries(db, client.id) } satisfies ConsoleDeadReplayed)
  })

  app.post('/:clientId/deliveries/:id/replay', async (c) => {
    const client = await clientInScope(c)
    if (!client) return notFound(c)
    const delivery = await db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('id', '=', c.req.param('id'))
      .where('client_id', '=', client.id)
      .executeTakeFirst()
    if (!delivery) return consoleError(c, 404, `no delivery ${c.req.param('id')} for this client`)
    await replayDelivery(db, delivery.id)
    return c.json({ replayed: delivery.id } satisfies ConsoleDeliveryReplayed)
  })
  return app
}

/** A client as the portal shows it: never its secret hash. */
function described(client: ClientRow): ConsoleClient {
  return {
    client_id: client.client_id,
    name: client.name,
    public: isPublicClient(client),
    redirect_uris: redirectUrisOf(client),
    post_logout_redirect_uris: postLogoutRedirectUrisOf(client),
    webhook_url: client.webhook_url,
    privacy_policy_url: client.privacy_policy_url,
    terms_of_service_url: client.terms_of_service_url,
    created_at: client.created_at,
  }
}
