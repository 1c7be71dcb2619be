/**
 * @module Runs the numbered migrations with Kysely's `Migrator`. The list
 * is imported statically, so a bundled or packed build finds every
 * migration without reading a folder at run time.
 */
import { type Kysely, type Migration, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely'
import * as migrationModules from './migrations/index.js'
import { Refusal } from '../refusal.js'

const migrations: Record<string, Migration> = Object.fromEntries(
  Object.entries(migrationModules).map(([exportName, migration]) => [exportName.replace(/^m/, ''), migration]),
)

/**
 * What a migration gets beside the database: the secret key, for the one
 * that encrypts the secrets older svc stored plain (0023). Kysely calls
 * `up(db)` alone, so each migration is wrapped to pass it on.
 */
export interface MigrationContext {
  secretKey?: Buffer
}

function providerFor(context: MigrationContext): MigrationProvider {
  type WithContext = (db: Kysely<any>, context: MigrationContext) => Promise<void>
  const wrapped = Object.fromEntries(
    Object.entries(migrations).map(([name, migration]) => [
      name,
      { ...migration, up: (db: Kysely<any>) => (migration.up as WithContext)(db, context) },
    ]),
  )
  return { getMigrations: async () => wrapped }
}

/** Raised when the schema cannot be brought up to date. */
export class MigrationFailed extends Error {
  override name = 'MigrationFailed'
}

/** Raised when the database was migrated by a newer svc: this build does not know every migration it records. */
export class DatabaseFromNewerSvc extends Refusal {
  override name = 'DatabaseFromNewerSvc'
  readonly status = 503
}

/** Which migrations a database has had, which this build would apply, and which it records that this build does not know. */
export interface MigrationStatus {
  applied: { name: string; applied_at: string }[]
  pending: string[]
  /** Recorded in the database but not part of this build: a newer svc wrote it. */
  unknown: string[]
}

/** What happens before pending migrations are applied to a database that has had some already. */
export type BeforeMigrating = (status: MigrationStatus) => Promise<void>

/**
 * Applies every migration not yet applied, in name order. It refuses a
 * database a newer svc has migrated (its schema may have dropped or
 * changed what this build reads), and calls `beforeMigrating` when a
 * database that is not new has migrations pending (serve backs it up).
 * `secretKey` is passed to each migration (0023 encrypts with it).
 *
 * @example
 * await migrateToLatest(db)
 */
export async function migrateToLatest(
  db: Kysely<any>,
  { beforeMigrating, secretKey }: { beforeMigrating?: BeforeMigrating; secretKey?: Buffer } = {},
): Promise<void> {
  const status = await migrationStatus(db)
  if (status.unknown.length > 0) throw new DatabaseFromNewerSvc(newerSvcSentence(status.unknown))
  if (status.pending.length === 0) return
  if (beforeMigrating && status.applied.length > 0) await beforeMigrating(status)
  const { error, results } = await (await migratorFor(db, secretKey === undefined ? {} : { secretKey })).migrateToLatest()
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown'
    throw new MigrationFailed(`migration ${failed} failed: ${(error as Error).message}`, { cause: error })
  }
}

/**
 * The database's migrations against this build's, without changing anything.
 *
 * @example
 * const { applied, pending, unknown } = await migrationStatus(db)
 */
export async function migrationStatus(db: Kysely<any>): Promise<MigrationStatus> {
  const schema = await migrationTableSchema(db)
  const rows = (await migrationTableExists(db, schema))
    ? await (schema ? db.withSchema(schema) : db).selectFrom(MIGRATION_TABLE).select(['name', 'timestamp']).orderBy('name').execute()
    : []
  const applied = rows.map((row: { name: string; timestamp: string | Date }) => ({
    name: row.name,
    applied_at: new Date(row.timestamp).toISOString(),
  }))
  const done = new Set(applied.map((row) => row.name))
  return {
    applied,
    pending: migrationNames.filter((name) => !done.has(name)),
    unknown: applied.map((row) => row.name).filter((name) => !Object.hasOwn(migrations, name)),
  }
}

/**
 * The sentence `serve` and every command stop with on a database a newer svc has migrated.
 *
 * @example
 * newerSvcSentence(['0031_audit_log']) // 'the database was migrated by a newer svc …'
 */
export function newerSvcSentence(unknown: string[]): string {
  return (
    `the database was migrated by a newer svc (it records ${unknown.length === 1 ? 'migration' : 'migrations'} ${unknown.join(', ')}, ` +
    `which this svc does not know); run that newer svc, or restore the backup taken before the upgrade`
  )
}

const MIGRATION_TABLE = 'kysely_migration'

/**
 * Kysely looks for its bookkeeping tables in every schema of a PostgreSQL
 * database; naming the connection's own keeps two deployments (or test
 * runs) in one database apart.
 */
async function migrationTableSchema(db: Kysely<any>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined
  return (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
}

/**
 * Whether Kysely's bookkeeping table exists, asked of the catalogue by name:
 * the introspector would read every column of every table first, which
 * every start paid for a yes or no.
 */
async function migrationTableExists(db: Kysely<any>, schema: string | undefined): Promise<boolean> {
  const { rows } =
    schema === undefined
      ? await sql`select 1 from sqlite_master where type = 'table' and name = ${MIGRATION_TABLE}`.execute(db)
      : await sql`select 1 from information_schema.tables where table_schema = ${schema} and table_name = ${MIGRATION_TABLE}`.execute(db)
  return rows.length > 0
}

async function migratorFor(db: Kysely<any>, context: MigrationContext): Promise<Migrator> {
  const schema = await migrationTableSchema(db)
  return new Migrator({ db, provider: providerFor(context), ...(schema ? { migrationTableSchema: schema } : {}) })
}

/** The names of all migrations this build knows, in order. */
export const migrationNames = Object.keys(migrations).sort()
