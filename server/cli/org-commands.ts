/**
 * @module `org create`: a new organisation with its first API key.
 */
import { apiKeyWithId, createApiKey } from '../api-keys/api-keys.js'
import { cliActor, recordAuditEvent } from '../audit/audit-events.js'
import { apiKeyTarget, organisationTarget } from '../audit/audit-targets.js'
import { createOrganisation, originsOfOrganisation as originsOf } from '../orgs/organisations.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { parseFlags, required } from './flags.js'

export const ORG_USAGE = 'org create --name N [--origin URL]...'

/**
 * Creates an organisation and a key that accepts its origins (any origin when none is given).
 *
 * @example
 * await orgCreate(['--name', 'Acme', '--origin', 'https://acme.example'], io)
 */
export async function orgCreate(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, { name: { type: 'string' }, origin: { type: 'string', multiple: true } })
  const name = required(values.name, '--name')
  return withDatabase(commandSettings(values, io), async (db) => {
    const { organisation, apiKey } = await db.transaction().execute(async (trx) => {
      const organisation = await createOrganisation(trx, { name, origins: values.origin })
      const { apiKey, keyId } = await createApiKey(trx, { organisationId: organisation.id, origins: values.origin })
      const [actor, code] = [cliActor(), organisation.code]
      await recordAuditEvent(trx, {
        actor,
        action: 'organisation.created',
        target: organisationTarget(organisation),
        organisation: code,
        detail: { origins: originsOf(organisation) },
      })
      const key = (await apiKeyWithId(trx, keyId))!
      await recordAuditEvent(trx, {
        actor,
        action: 'api_key.created',
        target: apiKeyTarget(keyId, key.key_prefix),
        organisation: code,
        detail: { origins: key.origins, rate_limit: key.rate_limit },
      })
      return { organisation, apiKey }
    })
    return {
      json: { code: organisation.code, api_key: apiKey },
      text: `Created organisation ${organisation.code} (${organisation.name}).\nAPI key, shown once, store it now: ${apiKey}`,
    }
  })
}
