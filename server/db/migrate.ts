/**
 * @module Runs the numbered migrations with Kysely's `Migrator`. The list
 * is imported statically, so a bundled or packed build finds every
 * migration without reading a folder at run time.
 */
import { type Kysely, type Migration, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely'
import * as migrationModules from './migrations/index.js'

const migrations: Record<string, Migration> = Object.fromEntries(
  Object.entries(migrationModules).map(([exportName, migration]) => [exportName.replace(/^m/, ''), migration]),
)

const staticProvider: MigrationProvider = { getMigrations: async () => migrations }

/** Raised when the schema cannot be brought up to date. */
export class MigrationFailed extends Error {
  override name = 'MigrationFailed'
}

/**
 * Applies every migration not yet applied, in name order.
 *
 * @example
 * await migrateToLatest(db)
 */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema of a PostgreSQL
  // database; naming the connection's own keeps two deployments (or test
  // runs) in one database apart.
  const schema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined
  const migrator = new Migrator({ db, provider: staticProvider, ...(schema ? { migrationTableSchema: schema } : {}) })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown'
    throw new MigrationFailed(`migration ${failed} failed: ${(error as Error).message}`, { cause: error })
  }
}

/** The names of all migrations this build knows, in order. */
export const migrationNames = Object.keys(migrations).sort()
