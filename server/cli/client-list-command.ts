/**
 * @module `client list`: every registered client, svc's own included,
 * with its webhook endpoints (`webhooks endpoint list` has their detail),
 * never a secret.
 */
import { allClients } from '../clients/clients.js'
import { webhookEndpointsOfClients } from '../webhooks/endpoints.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { parseFlags } from './flags.js'
import { textTable } from './text-table.js'

export const CLIENT_LIST_USAGE = 'client list'

/**
 * Lists the clients, oldest first.
 *
 * @example
 * await clientList([], io)
 */
export async function clientList(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, {})
  return withDatabase(commandSettings(values, io), async (db) => {
    const rows = (await allClients(db)).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)
    const endpoints = await webhookEndpointsOfClients(
      db,
      rows.map((client) => client.id),
    )
    const clients = rows.map((client) => ({
      client_id: client.client_id,
      name: client.name,
      public: client.secret_hash === null,
      application_type: client.application_type,
      first_party: client.first_party === 1,
      redirect_uris: JSON.parse(client.redirect_uris) as string[],
      scopes: JSON.parse(client.scopes) as string[],
      webhook_endpoints: (endpoints.get(client.id) ?? []).map(({ id, url, events, enabled }) => ({ id, url, events, enabled })),
      created_at: client.created_at,
    }))
    return {
      json: { clients },
      text:
        clients.length === 0
          ? 'No clients yet; register one with client create.'
          : textTable(
              [
                ['CLIENT ID', (client) => client.client_id],
                ['NAME', (client) => client.name],
                [
                  'TYPE',
                  (client) =>
                    `${client.public ? 'public' : 'confidential'} ${client.application_type}${client.first_party ? ' (svc)' : ''}`,
                ],
                ['REDIRECT URIS', (client) => client.redirect_uris.join(' ')],
              ],
              clients,
            ),
    }
  })
}
