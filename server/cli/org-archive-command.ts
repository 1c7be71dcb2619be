/**
 * @module `org archive CODE` and `org unarchive CODE`: stops an
 * organisation (its ads are not served, its keys answer 403) without
 * deleting anything, and brings it back. The running server sees the
 * change with its next request, as it does a revoked key.
 */
import { cliActor, recordAuditEvent } from '../audit/audit-events.js'
import { organisationTarget } from '../audit/audit-targets.js'
import { organisationByCode, setOrganisationArchived } from '../orgs/organisations.js'
import { UsageError } from './cli-error.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { parseFlags } from './flags.js'

export const ORG_ARCHIVE_USAGE = 'org archive CODE | org unarchive CODE'

/**
 * Archives the organisation; archiving an archived one keeps its first date.
 *
 * @example
 * await orgArchive(['ORG0123456789'], io)
 */
export const orgArchive = (args: string[], io: CliIo): Promise<CommandOutput> => setArchived(args, io, true)

/**
 * Unarchives the organisation: its keys answer and its published ads are served again.
 *
 * @example
 * await orgUnarchive(['ORG0123456789'], io)
 */
export const orgUnarchive = (args: string[], io: CliIo): Promise<CommandOutput> => setArchived(args, io, false)

async function setArchived(args: string[], io: CliIo, archived: boolean): Promise<CommandOutput> {
  const verb = archived ? 'archive' : 'unarchive'
  const { values, positionals } = parseFlags(args, {}, { positionals: 1 })
  if (positionals[0] === undefined)
    throw new UsageError(`name the organisation to ${verb} by its code: org ${verb} CODE (org list shows the codes)`)
  return withDatabase(commandSettings(values, io), async (db) => {
    const organisation = await db.transaction().execute(async (trx) => {
      const found = await organisationByCode(trx, positionals[0]!)
      const changed = await setOrganisationArchived(trx, found.id, archived)
      if ((found.archived_at !== null) !== archived)
        await recordAuditEvent(trx, {
          actor: cliActor(),
          action: archived ? 'organisation.archived' : 'organisation.unarchived',
          target: organisationTarget(changed),
          organisation: changed.code,
        })
      return changed
    })
    return {
      json: { organisation: { code: organisation.code, name: organisation.name, archived_at: organisation.archived_at } },
      text: archived
        ? `Archived ${organisation.code} (${organisation.name}) at ${organisation.archived_at}: its ads are not served and its API keys are refused.`
        : `Unarchived ${organisation.code} (${organisation.name}): its API keys answer and its published ads are served again.`,
    }
  })
}
