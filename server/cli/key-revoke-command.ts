/**
 * @module `key revoke ID`: stops an API key, by the id `key create` and
 * `key list` print. The ads API checks its kept keys against the
 * database's change stamp on every request (api-key-grants.ts), so the
 * running server refuses the key from its next request on.
 */
import { apiKeyWithId } from '../api-keys/api-keys.js'
import { revokeApiKeyAs } from '../api-keys/api-key-lifecycle.js'
import { organisationById } from '../orgs/organisations.js'
import { cliActor } from '../audit/audit-events.js'
import { CliError, UsageError } from './cli-error.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { integer, parseFlags } from './flags.js'

export const KEY_REVOKE_USAGE = 'key revoke ID'

/**
 * Revokes the key; a key revoked already stays as it was (its first revocation time kept).
 *
 * @example
 * await keyRevoke(['7'], io)
 */
export async function keyRevoke(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values, positionals } = parseFlags(args, {}, { positionals: 1 })
  if (positionals[0] === undefined)
    throw new UsageError('name the key to revoke by its id: key revoke ID (key list --org CODE shows the ids)')
  const id = integer(positionals[0], 'the key id', 1, Number.MAX_SAFE_INTEGER)!
  return withDatabase(commandSettings(values, io), async (db) => {
    const key = await apiKeyWithId(db, id)
    if (!key) throw new CliError(`no API key has the id ${id}; key list --org CODE shows an organisation's keys`)
    const organisation = (await organisationById(db, key.organisation_id))?.code ?? null
    const { already, revokedAt } = await revokeApiKeyAs(db, key, organisation, cliActor())
    if (already) {
      return {
        json: { revoked: { id, organisation, revoked_at: revokedAt, already: true } },
        text: `API key ${id} (${key.key_prefix}…) was revoked already, at ${revokedAt}.`,
      }
    }
    return {
      json: { revoked: { id, organisation, revoked_at: revokedAt, already: false } },
      text: `Revoked API key ${id} (${key.key_prefix}…) of ${organisation}; it stops working with the server's next request.`,
    }
  })
}
