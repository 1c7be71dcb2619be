/**
 * @module A consistent copy of a SQLite database file, through SQLite's
 * online backup API (it copies pages in steps and starts over when a write
 * lands, so the copy is one moment's state, WAL included), for `backup`
 * and for `serve` before it migrates. The copy holds the same secrets as
 * the database, so it is made 0600, and it never overwrites a file.
 */
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import SQLite from 'better-sqlite3'
import { Refusal } from '../refusal.js'
import { createPrivateFile } from './private-files.js'
import { sqliteOptions } from './sqlite-addon.js'

/** The copy could not be made; the message says why, for the operator. */
export class BackupFailed extends Refusal {
  override name = 'BackupFailed'
  readonly status = 500
}

/**
 * Copies the SQLite file `source` to the new file `to` and returns the copy's size in bytes.
 *
 * @example
 * const bytes = await copySqliteDatabase('./data/svc.db', '/backups/svc-2026-11-26.db')
 */
export async function copySqliteDatabase(source: string, to: string): Promise<number> {
  if (source === ':memory:' || !existsSync(source)) throw new BackupFailed(`no SQLite database at ${source}; name it with --db PATH`)
  if (resolve(to) === resolve(source)) throw new BackupFailed('--to names the database itself; choose another file')
  if (existsSync(to)) throw new BackupFailed(`${to} already exists; backups never overwrite a file`)
  const sqlite = new SQLite(source, sqliteOptions({ readonly: true, fileMustExist: true }))
  try {
    // Reading the schema fails at once for a file that is not a database, before anything is written.
    sqlite.pragma('schema_version')
  } catch (error) {
    sqlite.close()
    throw new BackupFailed(`cannot read the database ${source}: ${(error as Error).message}`)
  }
  try {
    // A missing folder is made, private (0700) as the data folder is.
    mkdirSync(dirname(resolve(to)), { recursive: true, mode: 0o700 })
    // Made here, 0600 and exclusively, before SQLite writes into it (its journal takes the same mode).
    createPrivateFile(to)
  } catch (error) {
    sqlite.close()
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new BackupFailed(`${to} already exists; backups never overwrite a file`)
    throw new BackupFailed(`could not write ${to}: ${(error as Error).message}`)
  }
  try {
    await sqlite.backup(to)
  } catch (error) {
    rmSync(to, { force: true })
    throw new BackupFailed(`could not write ${to}: ${(error as Error).message}`)
  } finally {
    sqlite.close()
  }
  return statSync(to).size
}

/**
 * Where `serve` copies a SQLite file before migrating it: beside it, named
 * after the first migration about to run and the moment, so that the copy
 * says which svc can open it and several upgrades never collide.
 *
 * @example
 * preMigrationBackupPath('./data/svc.db', '0020_audit_log', new Date('2026-11-27T09:30:00Z'))
 * // './data/svc.db.before-0020-2026-11-27T09-30-00Z'
 */
export function preMigrationBackupPath(path: string, firstPending: string, at: Date): string {
  const number = firstPending.split('_')[0]
  // Colons are awkward in file names (scp, Windows shares); seconds are enough.
  const moment = at.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-')
  return `${path}.before-${number}-${moment}`
}
