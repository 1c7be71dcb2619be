/**
 * @module The webhook endpoints repository, the one module that reads and
 * writes the `webhook_endpoints` table (migration 0029): a client's
 * endpoints, each with its URL, description, subscription and whether it
 * is enabled; adding one (with its first signing secret), changing,
 * disabling, enabling and removing one, and finding the enabled endpoints
 * an event goes to (for the outbox); and the failing clock the worker
 * keeps on each (`failing_since`, migration 0031), by which it disables
 * an endpoint that has failed for days.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database, WebhookEndpointRow } from '../db/schema.js'
import { holdPendingDeliveriesOfEndpoint, removeDeliveriesOfEndpoint } from './deliveries.js'
import { type EndpointEvents, subscribesTo } from './endpoint-events.js'
import { addWebhookSecret, removeSecretsOfEndpoint } from './secrets.js'

/** An endpoint as svc's modules use it. */
export interface WebhookEndpoint {
  /** `ep_…` */
  id: string
  /** The client's row id. */
  client_id: number
  url: string
  description: string
  events: EndpointEvents
  enabled: boolean
  disabled_at: string | null
  disabled_reason: string | null
  created_at: string
  /** The start of the first failed attempt since its last success; null while its last attempt succeeded. */
  failing_since: string | null
}

/** What a new endpoint is made of, already checked (a web URL, known event names). */
export interface NewWebhookEndpoint {
  clientId: number
  url: string
  description?: string
  events: EndpointEvents
}

/**
 * Adds an endpoint to a client with its first signing secret, returned
 * this once; run it in a transaction so neither is made without the other.
 *
 * @example
 * const { endpoint, secret } = await addWebhookEndpoint(trx, { clientId: client.id, url: 'https://shop.example/hooks', events: ['*'] })
 */
export async function addWebhookEndpoint(
  db: Kysely<Database>,
  { clientId, url, description = '', events }: NewWebhookEndpoint,
  now = new Date(),
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const row: WebhookEndpointRow = {
    id: `ep_${randomBytes(12).toString('base64url')}`,
    client_id: clientId,
    url,
    description,
    events: JSON.stringify(events),
    disabled_at: null,
    disabled_reason: null,
    created_at: now.toISOString(),
    failing_since: null,
  }
  await db.insertInto('webhook_endpoints').values(row).execute()
  const endpoint = endpointOf(row)
  const { secret } = await addWebhookSecret(db, endpoint, now)
  return { endpoint, secret }
}

/**
 * One endpoint, or `undefined` when none has the id.
 *
 * @example
 * const endpoint = await webhookEndpoint(db, 'ep_…')
 */
export async function webhookEndpoint(db: Kysely<Database>, id: string): Promise<WebhookEndpoint | undefined> {
  const row = await db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst()
  return row && endpointOf(row)
}

/**
 * A client's endpoints, oldest first.
 *
 * @example
 * const endpoints = await webhookEndpointsOfClient(db, client.id)
 */
export async function webhookEndpointsOfClient(db: Kysely<Database>, clientId: number): Promise<WebhookEndpoint[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute()
  return rows.map(endpointOf)
}

/**
 * The endpoints of several clients at once (for lists of clients), by client row id, oldest first.
 *
 * @example
 * const byClient = await webhookEndpointsOfClients(db, clients.map((client) => client.id))
 */
export async function webhookEndpointsOfClients(db: Kysely<Database>, clientIds: readonly number[]): Promise<Map<number, WebhookEndpoint[]>> {
  const byClient = new Map<number, WebhookEndpoint[]>()
  if (clientIds.length === 0) return byClient
  const rows = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('client_id', 'in', [...new Set(clientIds)])
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute()
  for (const row of rows) byClient.set(row.client_id, [...(byClient.get(row.client_id) ?? []), endpointOf(row)])
  return byClient
}

/**
 * Endpoints by id (for the worker, which sends to each endpoint's current URL).
 *
 * @example
 * const endpoints = await webhookEndpointsById(db, ['ep_…'])
 */
export async function webhookEndpointsById(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, WebhookEndpoint>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute()
  return new Map(rows.map((row) => [row.id, endpointOf(row)]))
}

/**
 * The client's enabled endpoints subscribed to `event`: where the outbox queues its deliveries.
 *
 * @example
 * for (const endpoint of await endpointsReceiving(trx, client.id, 'account.deleted')) await queueDelivery(trx, …)
 */
export async function endpointsReceiving(db: Kysely<Database>, clientId: number, event: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('disabled_at', 'is', null)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute()
  return rows.map(endpointOf).filter((endpoint) => subscribesTo(endpoint.events, event))
}

/**
 * The client's endpoints subscribed to `event` that keep it: the enabled
 * ones, and those the sender disabled for failing (reason `failing`),
 * whose events are kept as held deliveries for a recovery, as the
 * banner and the mail promise. An endpoint disabled by hand gets nothing
 * new: a person chose to stop it.
 *
 * @example
 * for (const endpoint of await endpointsKeeping(trx, client.id, 'account.deleted')) await queueDelivery(trx, { …, held: !endpoint.enabled })
 */
export async function endpointsKeeping(db: Kysely<Database>, clientId: number, event: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('client_id', '=', clientId)
    .where((eb) => eb.or([eb('disabled_at', 'is', null), eb('disabled_reason', '=', FAILING)]))
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute()
  return rows.map(endpointOf).filter((endpoint) => subscribesTo(endpoint.events, event))
}

/** What may change on an endpoint; what is left out stays. */
export interface WebhookEndpointChange {
  url?: string
  description?: string
  events?: EndpointEvents
}

/**
 * Changes an endpoint's URL, description or subscription; returns it as now stored.
 *
 * @example
 * await changeWebhookEndpoint(db, endpoint.id, { events: ['account.deleted'] })
 */
export async function changeWebhookEndpoint(db: Kysely<Database>, id: string, change: WebhookEndpointChange): Promise<WebhookEndpoint | undefined> {
  const set = {
    ...(change.url === undefined ? {} : { url: change.url }),
    ...(change.description === undefined ? {} : { description: change.description }),
    ...(change.events === undefined ? {} : { events: JSON.stringify(change.events) }),
  }
  if (Object.keys(set).length > 0) await db.updateTable('webhook_endpoints').set(set).where('id', '=', id).execute()
  return webhookEndpoint(db, id)
}

/**
 * Stops an endpoint receiving events, saying when and why (a person's
 * choice): no new delivery is queued for it, and those waiting are held,
 * kept for recovery but not sent. An endpoint disabled already keeps its first reason. Run it in a
 * transaction, so the endpoint and its deliveries change together.
 *
 * @example
 * await disableWebhookEndpoint(trx, endpoint.id, 'disabled by dev@shop.example')
 */
export async function disableWebhookEndpoint(db: Kysely<Database>, id: string, reason: string, now = new Date()): Promise<WebhookEndpoint | undefined> {
  await db
    .updateTable('webhook_endpoints')
    .set({ disabled_at: now.toISOString(), disabled_reason: reason })
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .execute()
  await holdPendingDeliveriesOfEndpoint(db, id)
  return webhookEndpoint(db, id)
}

/**
 * Lets a disabled endpoint receive new events again, with its failing
 * clock started afresh. Deliveries held while it was disabled stay held
 * until recovered (`recoverDeliveries`).
 *
 * @example
 * await enableWebhookEndpoint(db, endpoint.id)
 */
export async function enableWebhookEndpoint(db: Kysely<Database>, id: string): Promise<WebhookEndpoint | undefined> {
  await db.updateTable('webhook_endpoints').set({ disabled_at: null, disabled_reason: null, failing_since: null }).where('id', '=', id).execute()
  return webhookEndpoint(db, id)
}

/**
 * Keeps an endpoint's failing clock after an attempt: a success stops it,
 * a failure starts it at `at` unless it runs already (one indexed row,
 * so the worker pays one statement an attempt).
 *
 * @example
 * await noteEndpointAttempt(trx, endpoint.id, { ok: false, at: startedAt })
 */
export async function noteEndpointAttempt(db: Kysely<Database>, id: string, { ok, at }: { ok: boolean; at: Date }): Promise<void> {
  if (ok) await db.updateTable('webhook_endpoints').set({ failing_since: null }).where('id', '=', id).where('failing_since', 'is not', null).execute()
  else await db.updateTable('webhook_endpoints').set({ failing_since: at.toISOString() }).where('id', '=', id).where('failing_since', 'is', null).execute()
}

/**
 * Disables an enabled endpoint that has been failing since `failingBefore`
 * or earlier, with the reason `failing`, and holds its waiting deliveries
 * (new events go on being queued for it, held: see {@link endpointsKeeping});
 * the endpoint as disabled, or `undefined` when it was not (still within
 * the window, already disabled, or succeeding), so that of two workers
 * only one tells the developers.
 *
 * @example
 * const disabled = await disableFailingEndpoint(trx, endpoint.id, { failingBefore: new Date(Date.now() - 5 * DAY), now: new Date() })
 */
export async function disableFailingEndpoint(
  db: Kysely<Database>,
  id: string,
  { failingBefore, now }: { failingBefore: Date; now: Date },
): Promise<WebhookEndpoint | undefined> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ disabled_at: now.toISOString(), disabled_reason: FAILING })
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    // ISO 8601 times of one format compare as text in both databases.
    .where('failing_since', '<=', failingBefore.toISOString())
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) === 0) return undefined
  await holdPendingDeliveriesOfEndpoint(db, id)
  return webhookEndpoint(db, id)
}

/** The `disabled_reason` of an endpoint the sender disabled after days of failures. */
export const FAILING = 'failing'

/**
 * Removes an endpoint with its secrets and its deliveries (pending ones
 * are not sent); run it in a transaction.
 *
 * @example
 * await removeWebhookEndpoint(trx, endpoint)
 */
export async function removeWebhookEndpoint(db: Kysely<Database>, endpoint: Pick<WebhookEndpoint, 'id'>): Promise<void> {
  await removeDeliveriesOfEndpoint(db, endpoint.id)
  await removeSecretsOfEndpoint(db, endpoint.id)
  await db.deleteFrom('webhook_endpoints').where('id', '=', endpoint.id).execute()
}

function endpointOf(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    client_id: row.client_id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as EndpointEvents,
    enabled: row.disabled_at === null,
    disabled_at: row.disabled_at,
    disabled_reason: row.disabled_reason,
    created_at: row.created_at,
    failing_since: row.failing_since,
  }
}
