/**
 * @module `key list`: an organisation's API keys, revoked ones too, each
 * with the id `key revoke` takes (the keys themselves are never stored).
 */
import { apiKeysOf } from '../api-keys/api-keys.js'
import { organisationByCode } from '../orgs/organisations.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { parseFlags, required } from './flags.js'
import { textTable } from './text-table.js'

export const KEY_LIST_USAGE = 'key list --org CODE'

/**
 * Lists an organisation's keys, newest first.
 *
 * @example
 * await keyList(['--org', 'ORG0123456789'], io)
 */
export async function keyList(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, { org: { type: 'string' } })
  const code = required(values.org, '--org')
  return withDatabase(commandSettings(values, io), async (db) => {
    const organisation = await organisationByCode(db, code)
    const keys = await apiKeysOf(db, organisation.id)
    return {
      json: { organisation: organisation.code, keys },
      text:
        keys.length === 0
          ? `${organisation.code} has no API keys yet; create one with key create --org ${organisation.code}.`
          : textTable(
              [
                ['ID', (key) => String(key.id)],
                ['KEY', (key) => `${key.key_prefix}…`],
                ['STATE', (key) => (key.revoked_at === null ? 'live' : `revoked ${key.revoked_at}`)],
                ['PERMISSIONS', (key) => key.permissions.join(',')],
                ['RATE LIMIT', (key) => `${key.rate_limit}/min`],
                ['ORIGINS', (key) => (key.origins.length === 0 ? 'any origin' : key.origins.join(' '))],
              ],
              keys,
            ),
    }
  })
}
