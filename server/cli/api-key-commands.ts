/**
 * @module `key create`: another API key for an organisation, with the id
 * `key list` and `key revoke` name it by.
 */
import { issueApiKey } from '../api-keys/api-key-lifecycle.js'
import { cliActor } from '../audit/audit-events.js'
import { organisationByCode } from '../orgs/organisations.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { integer, list, parseFlags, required } from './flags.js'

export const KEY_USAGE = 'key create --org CODE [--origin URL]... [--rate-limit N] [--permissions read_ads,...]'

/**
 * Creates a key; without `--origin` it takes the organisation's origins.
 *
 * @example
 * await keyCreate(['--org', 'ORG0123456789', '--rate-limit', '120'], io)
 */
export async function keyCreate(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, {
    org: { type: 'string' },
    origin: { type: 'string', multiple: true },
    'rate-limit': { type: 'string' },
    permissions: { type: 'string' },
  })
  const code = required(values.org, '--org')
  const rateLimit = integer(values['rate-limit'], '--rate-limit', 1, 100_000_000)
  return withDatabase(commandSettings(values, io), async (db) => {
    const organisation = await organisationByCode(db, code)
    const { apiKey, key } = await issueApiKey(db, {
      organisation,
      origins: values.origin,
      rateLimit,
      permissions: list(values.permissions),
      actor: cliActor(),
    })
    const keyId = key.id
    // The id is how `key list` and `key revoke` name the key later; the key itself is never shown again.
    return {
      json: { api_key: apiKey, id: keyId },
      text: `API key ${keyId} for ${organisation.code}, shown once, store it now: ${apiKey}`,
    }
  })
}
