/**
 * @module `org list`: every organisation, with its code and default origins, archived ones marked.
 */
import { allOrganisations, originsOfOrganisation } from '../orgs/organisations.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { parseFlags } from './flags.js'
import { textTable } from './text-table.js'

export const ORG_LIST_USAGE = 'org list'

/**
 * Lists the organisations by name.
 *
 * @example
 * await orgList([], io)
 */
export async function orgList(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, {})
  return withDatabase(commandSettings(values, io), async (db) => {
    const organisations = (await allOrganisations(db)).map((org) => ({
      code: org.code,
      name: org.name,
      origins: originsOfOrganisation(org),
      created_at: org.created_at,
      archived_at: org.archived_at,
    }))
    return {
      json: { organisations },
      text:
        organisations.length === 0
          ? 'No organisations yet; create one with org create --name N.'
          : textTable(
              [
                ['CODE', (org) => org.code],
                ['NAME', (org) => org.name],
                ['STATE', (org) => (org.archived_at ? `archived ${org.archived_at}` : 'active')],
                ['ORIGINS', (org) => (org.origins.length === 0 ? 'any origin' : org.origins.join(' '))],
              ],
              organisations,
            ),
    }
  })
}
