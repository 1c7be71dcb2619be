/**
 * @module `backup --to FILE`: a consistent copy of the SQLite database
 * while the server keeps serving (db/sqlite-backup.ts, 0600, never over a
 * file). Restoring is the same command the other way round; the README
 * has the steps. PostgreSQL has pg_dump.
 */
import { copySqliteDatabase } from '../db/sqlite-backup.js'
import { CliError, UsageError } from './cli-error.js'
import { type CliIo, type CommandOutput, commandSettings } from './context.js'
import { parseFlags, required } from './flags.js'

export const BACKUP_USAGE = 'backup --to FILE'

/**
 * Copies the database to a new file.
 *
 * @example
 * await backupCommand(['--to', '/backups/svc-2026-11-26.db'], io)
 */
export async function backupCommand(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, { to: { type: 'string' } })
  const to = required(values.to, '--to')
  if (to.trim() === '') throw new UsageError('--to must name the backup file')
  const settings = commandSettings(values, io)
  if (settings.databaseUrl !== undefined)
    throw new CliError('backup copies a SQLite file; DATABASE_URL names PostgreSQL, whose backups are taken with pg_dump')
  const source = settings.sqlitePath
  const bytes = await copySqliteDatabase(source, to)
  return { json: { backup: to, from: source, bytes }, text: `Backed up ${source} to ${to} (${bytes} bytes).` }
}
