/**
 * @module `migrate --status`: which migrations the database has had, which
 * this svc would apply at its next start (after copying a SQLite file
 * beside itself), and any it records that this svc does not know (a newer
 * svc migrated it, and this one refuses to start on it). It reads only:
 * the schema stays as it is.
 */
import { existsSync } from 'node:fs'
import { migrationStatus, newerSvcSentence } from '../db/migrate.js'
import { openDatabase } from '../db/open-database.js'
import { CliError, UsageError } from './cli-error.js'
import { type CliIo, type CommandOutput, commandSettings } from './context.js'
import { parseFlags } from './flags.js'

export const MIGRATE_USAGE = 'migrate --status'

/**
 * Lists the applied and pending migrations.
 *
 * @example
 * await migrateCommand(['--status', '--db', './data/svc.db'], io)
 */
export async function migrateCommand(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, { status: { type: 'boolean' } })
  if (!values.status) throw new UsageError('migrate needs --status (serve applies pending migrations itself when it starts)')
  const { databaseUrl, sqlitePath } = commandSettings(values, io)
  // Opening a missing file would create it, and a status must change nothing.
  if (databaseUrl === undefined && (sqlitePath === ':memory:' || !existsSync(sqlitePath)))
    throw new CliError(`no SQLite database at ${sqlitePath}; name it with --db PATH (serve creates it)`)
  const db = await openDatabase(databaseUrl ? { databaseUrl } : { sqlitePath }, { migrate: false })
  try {
    const { applied, pending, unknown } = await migrationStatus(db)
    const lines = [
      `Applied (${applied.length}):`,
      ...applied.map((migration) => `  ${migration.name.padEnd(40)} ${migration.applied_at}`),
      `Pending (${pending.length}):${pending.length === 0 ? ' none, the schema is up to date' : ''}`,
      ...pending.map((name) => `  ${name}`),
      ...(unknown.length === 0 ? [] : ['', `This svc will not start on it: ${newerSvcSentence(unknown)}.`]),
    ]
    return { json: { applied, pending, unknown }, text: lines.join('\n') }
  } finally {
    await db.destroy()
  }
}
