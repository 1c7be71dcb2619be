/**
 * @module The database a migration's test runs on: an SQLite file of its
 * own, or a fresh PostgreSQL schema when the tests run on PostgreSQL
 * (`SVC_TEST_DATABASE_URL`), with a migrator over every migration, so a
 * test can take the database back down to an older svc's schema, write
 * what that svc wrote, and migrate it up again.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Kysely, type Migration, Migrator, sql } from 'kysely'
import { expect } from 'vitest'
import { isPostgres, openDatabase } from '../db/open-database.js'
import { freshPostgresSchema, TEST_SECRET_KEY, testingOnPostgres } from '../db/test-database.js'
import * as migrationModules from '../db/migrations/index.js'

export interface MigrationTestDatabase {
  /** Migrated to the latest schema as opened; untyped, as the migrations see it. */
  db: Kysely<any>
  /** Migrates up or down to the migration named (`0024_management_tokens`), failing the test on an error. */
  migrateTo(name: string): Promise<void>
  /** Migrates up to the latest migration, failing the test on an error. */
  migrateToLatest(): Promise<void>
  /** Closes the database and drops its PostgreSQL schema. */
  close(): Promise<void>
}

/**
 * Opens a database of its own for a migration test; `label` names its folder.
 *
 * @example
 * const older = await migrationTestDatabase('0027')
 * try { await older.migrateTo('0025_client_organisation'); … await older.migrateToLatest() } finally { await older.close() }
 */
export async function migrationTestDatabase(label: string): Promise<MigrationTestDatabase> {
  let drop: (() => Promise<void>) | undefined
  let where: { sqlitePath?: string; databaseUrl?: string }
  if (testingOnPostgres) {
    const schema = await freshPostgresSchema(process.env.SVC_TEST_DATABASE_URL!)
    drop = schema.drop
    where = { databaseUrl: schema.url }
  } else where = { sqlitePath: join(mkdtempSync(join(tmpdir(), `svc-${label}-`)), 'svc.db') }
  const db: Kysely<any> = await openDatabase(where, { secretKey: { value: TEST_SECRET_KEY } })
  const migrations: Record<string, Migration> = Object.fromEntries(
    Object.entries(migrationModules).map(([exportName, migration]) => [exportName.replace(/^m/, ''), migration]),
  )
  // On PostgreSQL the migrations' own table lives in the test's schema, not in `public`.
  const schema = isPostgres(db) ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]!.schema : undefined
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) })
  return {
    db,
    migrateTo: async (name) => expect((await migrator.migrateTo(name)).error).toBeUndefined(),
    migrateToLatest: async () => expect((await migrator.migrateToLatest()).error).toBeUndefined(),
    close: async () => {
      await db.destroy()
      await drop?.()
    },
  }
}
