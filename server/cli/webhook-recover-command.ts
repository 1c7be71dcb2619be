/**
 * @module `webhooks recover --endpoint ID --since ISO`: queues again,
 * oldest first, every delivery to an endpoint that failed or was held
 * while it was disabled, of the events since a time (the same
 * `X-SVC-Delivery` and `webhook-id`, fresh attempts; like every delivery
 * they may arrive out of order); what the portal's
 * "Recover" does after re-enabling an endpoint. The endpoint must be
 * enabled, or the worker would hold them again.
 */
import { cliActor, recordAuditEvent } from '../audit/audit-events.js'
import { clientTarget } from '../audit/audit-targets.js'
import { clientById } from '../clients/clients.js'
import { inTransaction } from '../db/in-transaction.js'
import { recoverDeliveries } from '../webhooks/deliveries.js'
import { webhookEndpoint } from '../webhooks/endpoints.js'
import { recoverySince } from '../webhooks/recovery-since.js'
import { CliError } from './cli-error.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { parseFlags, required } from './flags.js'

export const WEBHOOK_RECOVER_USAGE = 'webhooks recover --endpoint ENDPOINT_ID --since ISO'

/**
 * Recovers an endpoint's failed and held deliveries since a time; prints how many were queued again.
 *
 * @example
 * await webhooksRecover(['--endpoint', 'ep_…', '--since', '2026-11-20T00:00:00Z'], io)
 */
export async function webhooksRecover(args: string[], io: CliIo, now = new Date()): Promise<CommandOutput> {
  const { values } = parseFlags(args, { endpoint: { type: 'string' }, since: { type: 'string' } })
  const id = required(values.endpoint, '--endpoint')
  const since = recoverySince('--since', required(values.since, '--since'), now)
  return withDatabase(commandSettings(values, io), async (db) => {
    const endpoint = await webhookEndpoint(db, id)
    const client = endpoint && (await clientById(db, endpoint.client_id))
    if (!endpoint || !client) throw new CliError(`no webhook endpoint has the id ${id}; webhooks endpoint list --client ID shows them`)
    if (!endpoint.enabled)
      throw new CliError(`webhook endpoint ${id} is disabled, so what it recovers would be held again; enable it first: webhooks endpoint enable ${id}`)
    const count = await inTransaction(db, async (trx) => {
      const recovered = await recoverDeliveries(trx, endpoint.id, since, now)
      await recordAuditEvent(trx, {
        actor: cliActor(),
        action: 'webhook.deliveries_recovered',
        target: clientTarget(client),
        detail: { endpoint: endpoint.id, since: since.toISOString(), recovered_count: recovered },
      })
      return recovered
    })
    return {
      json: { endpoint: endpoint.id, since: since.toISOString(), recovered_count: count },
      text: `${count} ${count === 1 ? 'delivery' : 'deliveries'} to ${endpoint.url} since ${since.toISOString()} queued again oldest first, with the same webhook-id; they may arrive out of order, so order by the event's created_at.`,
    }
  })
}
