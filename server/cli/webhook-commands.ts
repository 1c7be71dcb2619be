/**
 * @module `webhooks list`, `webhooks replay`, `webhooks ping` and
 * `client secret add|remove` (an endpoint's signing secrets; the
 * client's one endpoint unless `--endpoint` names one): operating the
 * webhook sender from the shell.
 */
import { clientByClientId } from '../clients/clients.js'
import type { ClientRow } from '../db/schema.js'
import { webhookOutbox } from '../webhooks/outbox.js'
import { MAX_PINGS, pingWebhook } from '../webhooks/webhook-ping.js'
import { listDeliveries, replayDeadDeliveries, replayDelivery } from '../webhooks/deliveries.js'
import { addWebhookSecret, removeWebhookSecret } from '../webhooks/secrets.js'
import { endpointsReceiving, type WebhookEndpoint, webhookEndpoint, webhookEndpointsOfClient } from '../webhooks/endpoints.js'
import { CliError, UsageError } from './cli-error.js'
import { cliActor, recordAuditEvent } from '../audit/audit-events.js'
import { clientTarget } from '../audit/audit-targets.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { integer, parseFlags, required } from './flags.js'
import { textTable } from './text-table.js'

export const WEBHOOK_USAGE = [
  'webhooks list [--dead] [--client ID]',
  'webhooks replay DELIVERY_ID | webhooks replay --client ID --dead',
  'webhooks ping --client ID [--count N]',
  'client secret add --client ID [--endpoint ENDPOINT_ID]',
  'client secret remove --client ID [--endpoint ENDPOINT_ID] [--id N]',
].join('\n  ')

async function clientNamed(db: Parameters<typeof clientByClientId>[0], clientId: string): Promise<ClientRow> {
  const client = await clientByClientId(db, clientId)
  if (!client) throw new CliError(`no client has the id ${clientId}`)
  return client
}

/** The endpoint `--endpoint` names among the client's, or the client's only one. */
async function endpointOfClient(db: Parameters<typeof clientByClientId>[0], client: ClientRow, id: string | undefined): Promise<WebhookEndpoint> {
  if (id !== undefined) {
    const endpoint = await webhookEndpoint(db, id)
    if (!endpoint || endpoint.client_id !== client.id) throw new CliError(`client ${client.client_id} has no webhook endpoint ${id}`)
    return endpoint
  }
  const endpoints = await webhookEndpointsOfClient(db, client.id)
  if (endpoints.length === 0) throw new CliError(`client ${client.client_id} has no webhook endpoint; add one with webhooks endpoint add`)
  if (endpoints.length > 1)
    throw new UsageError(`client ${client.client_id} has ${endpoints.length} webhook endpoints; say which with --endpoint (${endpoints.map((e) => e.id).join(', ')})`)
  return endpoints[0]!
}

/**
 * Lists deliveries with their attempts, newest first.
 *
 * @example
 * await webhooksList(['--dead'], io)
 */
export async function webhooksList(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, { dead: { type: 'boolean' }, client: { type: 'string' } })
  return withDatabase(commandSettings(values, io), async (db) => {
    const clientId = values.client === undefined ? undefined : (await clientNamed(db, values.client)).id
    const deliveries = await listDeliveries(db, { dead: values.dead, clientId })
    const table = textTable(
      [
        ['ID', (d) => d.id],
        ['STATE', (d) => d.state],
        ['ATTEMPTS', (d) => String(d.attempts)],
        ['EVENT', (d) => d.event],
        ['CLIENT', (d) => d.client_id],
        ['ENDPOINT', (d) => d.endpoint_id ?? '-'],
        ['URL', (d) => d.url],
      ],
      deliveries,
    )
    return {
      json: { deliveries },
      text: deliveries.length ? table : values.dead ? 'No dead deliveries.' : 'No webhook deliveries yet.',
    }
  })
}

/**
 * Replays one delivery, or every dead delivery of a client.
 *
 * @example
 * await webhooksReplay(['5f0c…'], io)
 */
export async function webhooksReplay(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values, positionals } = parseFlags(args, { client: { type: 'string' }, dead: { type: 'boolean' } }, { positionals: 1 })
  return withDatabase(commandSettings(values, io), async (db) => {
    if (positionals[0] !== undefined) {
      await replayDelivery(db, positionals[0])
      await recordAuditEvent(db, {
        actor: cliActor(),
        action: 'webhook.delivery_replayed',
        target: { kind: 'webhook_delivery', code: positionals[0] },
      })
      return { json: { replayed: [positionals[0]] }, text: `Delivery ${positionals[0]} is queued again.` }
    }
    if (values.client === undefined || !values.dead) throw new UsageError('webhooks replay needs a delivery id, or --client ID --dead')
    const client = await clientNamed(db, values.client)
    const count = await replayDeadDeliveries(db, client.id)
    await recordAuditEvent(db, {
      actor: cliActor(),
      action: 'webhook.dead_replayed',
      target: clientTarget(client),
      detail: { replayed_count: count },
    })
    return { json: { replayed_count: count }, text: `${count} dead deliveries are queued again.` }
  })
}

/**
 * Records `ping` events for a client, to test its endpoint.
 *
 * @example
 * await webhooksPing(['--client', 'cli_…', '--count', '3'], io)
 */
export async function webhooksPing(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, { client: { type: 'string' }, count: { type: 'string' } })
  const clientId = required(values.client, '--client')
  const count = integer(values.count, '--count', 1, MAX_PINGS) ?? 1
  return withDatabase(commandSettings(values, io), async (db) => {
    const client = await clientNamed(db, clientId)
    const receiving = await endpointsReceiving(db, client.id, 'ping')
    if (receiving.length === 0) throw new CliError(`client ${clientId} has no enabled webhook endpoint subscribed to ping`)
    await pingWebhook(db, webhookOutbox(), client, cliActor(), { count })
    return { json: { pinged: count }, text: `${count} ping events queued for ${receiving.map((endpoint) => endpoint.url).join(', ')}.` }
  })
}

/**
 * Adds a webhook signing secret; both sign until the old one is removed.
 *
 * @example
 * await clientSecretAdd(['--client', 'cli_…'], io)
 */
export async function clientSecretAdd(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, { client: { type: 'string' }, endpoint: { type: 'string' } })
  const clientId = required(values.client, '--client')
  return withDatabase(commandSettings(values, io), async (db) => {
    const client = await clientNamed(db, clientId)
    const endpoint = await endpointOfClient(db, client, values.endpoint)
    const { id, secret } = await addWebhookSecret(db, endpoint)
    await recordAuditEvent(db, {
      actor: cliActor(),
      action: 'webhook.secret_added',
      target: clientTarget(client),
      detail: { id, endpoint: endpoint.id },
    })
    return { json: { id, webhook_secret: secret }, text: `Webhook secret ${id}, shown once, store it now: ${secret}` }
  })
}

/**
 * Removes a webhook signing secret (the oldest active one by default).
 *
 * @example
 * await clientSecretRemove(['--client', 'cli_…'], io)
 */
export async function clientSecretRemove(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, { client: { type: 'string' }, endpoint: { type: 'string' }, id: { type: 'string' } })
  const clientId = required(values.client, '--client')
  const secretId = integer(values.id, '--id', 1, Number.MAX_SAFE_INTEGER)
  return withDatabase(commandSettings(values, io), async (db) => {
    const client = await clientNamed(db, clientId)
    const endpoint = await endpointOfClient(db, client, values.endpoint)
    const { id } = await removeWebhookSecret(db, endpoint, secretId)
    await recordAuditEvent(db, {
      actor: cliActor(),
      action: 'webhook.secret_removed',
      target: clientTarget(client),
      detail: { id, endpoint: endpoint.id },
    })
    return { json: { removed: id }, text: `Webhook secret ${id} no longer signs.` }
  })
}
