/**
 * @module `backup --to FILE`: a consistent copy of the SQLite database
 * while the server keeps serving, through SQLite's online backup API (it
 * copies pages in steps and starts over when a write lands, so the copy is
 * one moment's state, WAL included). Restoring is the same command the
 * other way round; the README has the steps. PostgreSQL has pg_dump.
 * The copy holds the same secrets as the database, so it is made 0600.
 */
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import SQLite from 'better-sqlite3'
import { createPrivateFile } from '../db/private-files.js'
import { sqliteOptions } from '../db/sqlite-addon.js'
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
  if (source === ':memory:' || !existsSync(source)) throw new CliError(`no SQLite database at ${source}; name it with --db PATH`)
  if (resolve(to) === resolve(source)) throw new CliError('--to names the database itself; choose another file')
  if (existsSync(to)) throw new CliError(`${to} already exists; backups never overwrite a file`)
  const sqlite = new SQLite(source, sqliteOptions({ readonly: true, fileMustExist: true }))
  try {
    // Reading the schema fails at once for a file that is not a database, before anything is written.
    sqlite.pragma('schema_version')
  } catch (error) {
    sqlite.close()
    throw new CliError(`cannot read the database ${source}: ${(error as Error).message}`)
  }
  try {
    // A missing folder is made, private (0700) as the data folder is.
    mkdirSync(dirname(resolve(to)), { recursive: true, mode: 0o700 })
    // Made here, 0600 and exclusively, before SQLite writes into it (its journal takes the same mode).
    createPrivateFile(to)
  } catch (error) {
    sqlite.close()
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new CliError(`${to} already exists; backups never overwrite a file`)
    throw new CliError(`could not write ${to}: ${(error as Error).message}`)
  }
  try {
    await sqlite.backup(to)
  } catch (error) {
    rmSync(to, { force: true })
    throw new CliError(`could not write ${to}: ${(error as Error).message}`)
  } finally {
    sqlite.close()
  }
  const bytes = statSync(to).size
  return { json: { backup: to, from: source, bytes }, text: `Backed up ${source} to ${to} (${bytes} bytes).` }
}
