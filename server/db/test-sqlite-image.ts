/**
 * @module The migrated SQLite database a Vitest worker's tests start from:
 * migrated once per worker, then copied, in memory by each test database
 * (`test-database.ts`) and to a file by the tests of commands that open one
 * (`migratedDatabaseFile` in `testing/cli-runner.ts`). A module of its own
 * so that a test writing the file does not import the test database, which
 * would count it among the PostgreSQL leg's (`testing/test-projects.ts`).
 */
import { migratedSqliteImage } from './open-database.js'

/** The worker's image, made on first use. */
let sqliteImage: Promise<Buffer> | undefined

/**
 * The worker's migrated SQLite image, without a secret key (each copy
 * makes its own); if making it failed, a new attempt at the next call.
 *
 * @example
 * const db = await openMigratedImage(await workerSqliteImage())
 */
export function workerSqliteImage(): Promise<Buffer> {
  return (sqliteImage ??= migratedSqliteImage().catch((error: unknown) => {
    sqliteImage = undefined
    throw error
  }))
}
