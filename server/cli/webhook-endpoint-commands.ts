/**
 * @module `webhooks endpoint add|list|disable|enable|remove|test`: a client's
 * webhook endpoints from the shell, each with its URL, description and
 * the events it subscribes to, and a test event to one of them. Like `client create --webhook-url`, a URL
 * the server would refuse to reach (a private or loopback address) is a
 * warning here, as the shell is seldom where the server runs; none when
 * this shell's settings allow private targets (`SVC_WEBHOOK_ALLOW_PRIVATE=1`).
 */
import { cliActor, recordAuditEvent } from '../audit/audit-events.js'
import { clientTarget } from '../audit/audit-targets.js'
import { clientByClientId, clientById } from '../clients/clients.js'
import { inTransaction } from '../db/in-transaction.js'
import type { ClientRow, Database } from '../db/schema.js'
import { heldDeliveryCount, listDeliveries } from '../webhooks/deliveries.js'
import { endpointFields } from '../webhooks/endpoint-fields.js'
import {
  addWebhookEndpoint,
  disableWebhookEndpoint,
  enableWebhookEndpoint,
  removeWebhookEndpoint,
  type WebhookEndpoint,
  webhookEndpoint,
  webhookEndpointsOfClient,
} from '../webhooks/endpoints.js'
import { webhookTargetWarning } from '../webhooks/save-target.js'
import { sendTestEvent } from '../webhooks/webhook-ping.js'
import type { Kysely } from 'kysely'
import { CliError } from './cli-error.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { list, parseFlags, required } from './flags.js'
import { textTable } from './text-table.js'

export const WEBHOOK_ENDPOINT_USAGE = [
  'webhooks endpoint add --client ID --url URL [--events account.deleted,ping,…] [--description D]',
  'webhooks endpoint list --client ID',
  'webhooks endpoint disable|enable|remove|test ENDPOINT_ID',
].join('\n  ')

async function clientNamed(db: Kysely<Database>, clientId: string): Promise<ClientRow> {
  const client = await clientByClientId(db, clientId)
  if (!client) throw new CliError(`no client has the id ${clientId}`)
  return client
}

/** The endpoint and its client, or a clear refusal naming the id. */
async function endpointNamed(db: Kysely<Database>, id: string | undefined): Promise<{ endpoint: WebhookEndpoint; client: ClientRow }> {
  if (id === undefined) throw new CliError('give the endpoint id (ep_…), as webhooks endpoint list shows it', 2)
  const endpoint = await webhookEndpoint(db, id)
  const client = endpoint && (await clientById(db, endpoint.client_id))
  if (!endpoint || !client) throw new CliError(`no webhook endpoint has the id ${id}`)
  return { endpoint, client }
}

/** An endpoint as the commands print it in JSON. */
const shown = (endpoint: WebhookEndpoint, client: Pick<ClientRow, 'client_id'>) => ({
  id: endpoint.id,
  client: client.client_id,
  url: endpoint.url,
  description: endpoint.description,
  events: endpoint.events,
  enabled: endpoint.enabled,
  disabled_at: endpoint.disabled_at,
  disabled_reason: endpoint.disabled_reason,
  created_at: endpoint.created_at,
})

/**
 * Adds an endpoint; prints its id and signing secret (shown once).
 *
 * @example
 * await webhookEndpointAdd(['--client', 'cli_…', '--url', 'https://shop.example/hooks', '--events', 'account.deleted'], io)
 */
export async function webhookEndpointAdd(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, { client: { type: 'string' }, url: { type: 'string' }, events: { type: 'string' }, description: { type: 'string' } })
  const clientId = required(values.client, '--client')
  // The shell stops at the first refusal: the check throws it on.
  const { url, description, events } = endpointFields(
    { url: () => required(values.url, '--url'), description: () => values.description ?? '', events: () => list(values.events) ?? [] },
    (_field, read) => read(),
    { url: '--url', description: '--description', events: '--events' },
  )!
  const settings = commandSettings(values, io, ['webhookAllowPrivate'])
  return withDatabase(settings, async (db) => {
    const client = await clientNamed(db, clientId)
    const warning = await webhookTargetWarning(url, { allowPrivate: settings.webhookAllowPrivate })
    if (warning !== undefined) io.stderr(`svc-bff: warning: ${warning}`)
    const { endpoint, secret } = await inTransaction(db, async (trx) => {
      const made = await addWebhookEndpoint(trx, { clientId: client.id, url, description, events })
      await recordAuditEvent(trx, {
        actor: cliActor(),
        action: 'webhook.endpoint_added',
        target: clientTarget(client),
        detail: { endpoint: made.endpoint.id, url, events },
      })
      return made
    })
    return {
      json: { id: endpoint.id, secret },
      text: [
        `Added webhook endpoint ${endpoint.id} for ${client.client_id}, receiving ${events.join(', ')}.`,
        `Signing secret, shown once, store it now: ${secret}`,
      ].join('\n'),
    }
  })
}

/**
 * Lists a client's endpoints, oldest first, with the state of each one's last delivery.
 *
 * @example
 * await webhookEndpointList(['--client', 'cli_…'], io)
 */
export async function webhookEndpointList(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, { client: { type: 'string' } })
  const clientId = required(values.client, '--client')
  return withDatabase(commandSettings(values, io), async (db) => {
    const client = await clientNamed(db, clientId)
    const endpoints = await webhookEndpointsOfClient(db, client.id)
    // The newest delivery comes first, so the first seen of each endpoint is its last.
    const last = new Map<string, string>()
    for (const delivery of await listDeliveries(db, { clientId: client.id }))
      if (delivery.endpoint_id !== null && !last.has(delivery.endpoint_id)) last.set(delivery.endpoint_id, delivery.state)
    const rows = endpoints.map((endpoint) => ({ ...shown(endpoint, client), last_delivery: last.get(endpoint.id) ?? null }))
    return {
      json: { endpoints: rows },
      text:
        rows.length === 0
          ? `Client ${client.client_id} has no webhook endpoint; add one with webhooks endpoint add.`
          : textTable(
              [
                ['ID', (row) => row.id],
                ['STATE', (row) => (row.enabled ? 'enabled' : 'disabled')],
                ['EVENTS', (row) => row.events.join(',')],
                ['LAST DELIVERY', (row) => row.last_delivery ?? '-'],
                ['URL', (row) => row.url],
                ['DESCRIPTION', (row) => row.description],
              ],
              rows,
            ),
    }
  })
}

/**
 * Stops an endpoint receiving new events.
 *
 * @example
 * await webhookEndpointDisable(['ep_…'], io)
 */
export async function webhookEndpointDisable(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values, positionals } = parseFlags(args, {}, { positionals: 1 })
  return withDatabase(commandSettings(values, io), async (db) => {
    const { endpoint, client } = await endpointNamed(db, positionals[0])
    const changed = await inTransaction(db, async (trx) => {
      const disabled = (await disableWebhookEndpoint(trx, endpoint.id, 'disabled from the command line'))!
      if (endpoint.enabled)
        await recordAuditEvent(trx, { actor: cliActor(), action: 'webhook.endpoint_disabled', target: clientTarget(client), detail: { endpoint: endpoint.id } })
      return disabled
    })
    return { json: { endpoint: shown(changed, client) }, text: `Webhook endpoint ${endpoint.id} is disabled: it receives no new events.` }
  })
}

/**
 * Lets a disabled endpoint receive new events again; says how many deliveries held meanwhile wait for `webhooks recover`.
 *
 * @example
 * await webhookEndpointEnable(['ep_…'], io)
 */
export async function webhookEndpointEnable(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values, positionals } = parseFlags(args, {}, { positionals: 1 })
  return withDatabase(commandSettings(values, io), async (db) => {
    const { endpoint, client } = await endpointNamed(db, positionals[0])
    const changed = await inTransaction(db, async (trx) => {
      const enabled = (await enableWebhookEndpoint(trx, endpoint.id))!
      if (!endpoint.enabled)
        await recordAuditEvent(trx, { actor: cliActor(), action: 'webhook.endpoint_enabled', target: clientTarget(client), detail: { endpoint: endpoint.id } })
      return enabled
    })
    const held = await heldDeliveryCount(db, endpoint.id)
    const waiting =
      held === 0
        ? ''
        : ` ${held} ${held === 1 ? 'delivery' : 'deliveries'} held while it was disabled ${held === 1 ? 'waits' : 'wait'}: send ${held === 1 ? 'it' : 'them'} with webhooks recover --endpoint ${endpoint.id} --since ISO.`
    return { json: { endpoint: shown(changed, client) }, text: `Webhook endpoint ${endpoint.id} is enabled.${waiting}` }
  })
}

/**
 * Removes an endpoint with its secrets and deliveries.
 *
 * @example
 * await webhookEndpointRemove(['ep_…'], io)
 */
export async function webhookEndpointRemove(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values, positionals } = parseFlags(args, {}, { positionals: 1 })
  return withDatabase(commandSettings(values, io), async (db) => {
    const { endpoint, client } = await endpointNamed(db, positionals[0])
    await inTransaction(db, async (trx) => {
      await removeWebhookEndpoint(trx, endpoint)
      await recordAuditEvent(trx, {
        actor: cliActor(),
        action: 'webhook.endpoint_removed',
        target: clientTarget(client),
        detail: { endpoint: endpoint.id, url: endpoint.url },
      })
    })
    return { json: { removed: endpoint.id }, text: `Webhook endpoint ${endpoint.id} is removed, with its secrets and deliveries.` }
  })
}

/**
 * Queues one `ping` to an endpoint alone (subscribed to `ping` or not), as
 * the console's "Send test event"; the server's worker sends it.
 *
 * @example
 * await webhookEndpointTest(['ep_…'], io)
 */
export async function webhookEndpointTest(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values, positionals } = parseFlags(args, {}, { positionals: 1 })
  return withDatabase(commandSettings(values, io), async (db) => {
    const { endpoint, client } = await endpointNamed(db, positionals[0])
    if (!endpoint.enabled) throw new CliError(`webhook endpoint ${endpoint.id} is disabled; enable it first (webhooks endpoint enable ${endpoint.id})`)
    const delivery = await sendTestEvent(db, client, endpoint, cliActor())
    return {
      json: { delivery },
      text: `Test event queued for ${endpoint.url} as delivery ${delivery}; the running server sends it (webhooks list shows its attempts).`,
    }
  })
}
