/**
 * @module What a CLI command runs with: where its output goes, its
 * settings (read once, as it starts, from its flags and the environment),
 * and the database they name.
 */
import { dirname, join } from 'node:path'
import type { Kysely } from 'kysely'
import { type OpenOptions, openDatabase } from '../db/open-database.js'
import type { Database } from '../db/schema.js'
import { configureLog } from '../log.js'
import { type Environment, type FlagValues, readSettings, type SettingName, type Settings } from '../settings.js'

export interface CliIo {
  stdout(text: string): void
  stderr(text: string): void
  /** The environment the settings are read from; this process's when absent (tests pass their own). */
  env?: Environment
}

/** A command's result: one JSON object for `--json`, text for people. */
export interface CommandOutput {
  json: Record<string, unknown>
  text: string
}

/** The settings every command reads: where its database is, the key to its secrets, and what its log writes. */
const EVERY_COMMAND = ['sqlitePath', 'databaseUrl', 'secretKey', 'secretKeyFile', 'logLevel'] as const

/** The settings a command runs with: those every command reads, and the ones it names. */
export type CommandSettings<K extends SettingName = never> = Pick<Settings, K | (typeof EVERY_COMMAND)[number]>

/**
 * Reads, once as the command starts, the settings it runs with from its
 * flags and the environment (settings.ts), and sets the log's level.
 *
 * @example
 * const settings = commandSettings(values, io, ['issuer'])
 */
export function commandSettings<K extends SettingName = never>(flags: FlagValues, io: CliIo, names: readonly K[] = []): CommandSettings<K> {
  const settings = readSettings(flags, io.env, [...EVERY_COMMAND, ...names])
  configureLog(settings)
  return settings
}

/**
 * Opens the database the settings name; `--db` wins over `DATABASE_URL`,
 * which wins over `SVC_DB`.
 *
 * @example
 * const db = await databaseFrom(settings)
 */
export async function databaseFrom(
  { databaseUrl, sqlitePath, secretKey, secretKeyFile }: CommandSettings,
  options: OpenOptions = {},
): Promise<Kysely<Database>> {
  return openDatabase(databaseUrl ? { databaseUrl } : { sqlitePath }, { secretKey: { value: secretKey, file: secretKeyFile }, ...options })
}

/**
 * A database URL fit to print: the password replaced by `***`.
 *
 * @example
 * redactedDatabaseUrl('postgres://svc:secret@db:5432/svc') // 'postgres://svc:***@db:5432/svc'
 */
export function redactedDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.href
  } catch {
    return 'an unparsable DATABASE_URL'
  }
}

/**
 * Runs `work` with the database open, closing it afterwards.
 *
 * @example
 * return withDatabase(commandSettings(values, io), (db) => createOrganisation(db, { name }))
 */
export async function withDatabase<T>(settings: CommandSettings, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const db = await databaseFrom(settings)
  try {
    return await work(db)
  } finally {
    await db.destroy()
  }
}

/**
 * Where the demo seed keeps its credentials: beside the SQLite file.
 *
 * @example
 * demoCredentialsFile('./data/svc.db') // './data/demo-credentials.json'
 */
export function demoCredentialsFile(sqlitePath: string): string | undefined {
  return sqlitePath === ':memory:' ? undefined : join(dirname(sqlitePath), 'demo-credentials.json')
}
