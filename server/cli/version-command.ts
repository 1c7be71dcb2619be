/**
 * @module `version` (and `--version`): which svc this is, for bug reports
 * and for checking an upgrade took.
 */
import { SVC_VERSION } from '../version.js'
import type { CliIo, CommandOutput } from './context.js'
import { parseFlags } from './flags.js'

export const VERSION_USAGE = 'version (or --version)'

/**
 * Prints the version; it opens no database.
 *
 * @example
 * await versionCommand([], io) // { json: { version: '0.1.0' }, text: 'svc-bff 0.1.0' }
 */
export async function versionCommand(args: string[], _io: CliIo): Promise<CommandOutput> {
  parseFlags(args, {})
  return { json: { version: SVC_VERSION }, text: `svc-bff ${SVC_VERSION}` }
}
