/**
 * @module Opens the database a deployment names (a SQLite file, or
 * PostgreSQL for several replicas) and brings its schema up to date. This
 * is the only module that knows which SQL dialect is in use.
 */
import SQLite from 'better-sqlite3'
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  PostgresAdapter,
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type TableMetadata,
} from 'kysely'
import type { PoolConfig } from 'pg'
import { registerChangeStamp, registerCommitNotices, registerTableChangeStamp, tableWritten } from './change-stamp.js'
import { sqliteOptions } from './sqlite-addon.js'
import { sqliteDataVersion } from './sqlite-data-version.js'
import { type BeforeMigrating, migrateToLatest } from './migrate.js'
import { preparePrivateDatabaseFile } from './private-files.js'
import { copySqliteDatabase, preMigrationBackupPath } from './sqlite-backup.js'
import { registerSecretKey } from './secret-box.js'
import { type SecretKeySource, storeKeyCheck, unlockSecrets } from './secret-key.js'
import { deleteSetting } from './settings.js'
import type { Database } from './schema.js'
import { log } from '../log.js'
import { Refusal } from '../refusal.js'
import { loadedOnFirstUse } from '../loaded-on-first-use.js'

export interface DatabaseLocation {
  /** A SQLite file path, or `:memory:`. */
  sqlitePath?: string
  /** A `postgres://` URL; wins over `sqlitePath`. */
  databaseUrl?: string
}

/** How a database is opened. */
export interface OpenOptions {
  /**
   * Copy a SQLite file that is not new beside itself before applying
   * pending migrations, and log where (serve does: a migration cannot be
   * undone, an upgrade can be, by starting the old svc on the copy).
   */
  backupBeforeMigrating?: boolean
  /** False to leave the schema as it is (`migrate --status` reports it without changing it); such a database reads no secret. */
  migrate?: boolean
  /**
   * The secret key the settings give (`SVC_SECRET_KEY`, `SVC_SECRET_KEY_FILE`);
   * without one, a SQLite file uses the key file beside it (made on first
   * start) and PostgreSQL is refused (db/secret-key.ts).
   */
  secretKey?: SecretKeySource
}

/** Raised when the configured database cannot be opened; the message tells the operator why. */
export class DatabaseUnavailable extends Refusal {
  override name = 'DatabaseUnavailable'
  readonly status = 503
}

/**
 * Opens (creating if needed) and migrates the database.
 *
 * @example
 * const db = await openDatabase({ sqlitePath: './data/svc.db' })
 */
export async function openDatabase(location: DatabaseLocation, options: OpenOptions = {}): Promise<Kysely<Database>> {
  if (location.databaseUrl) return openPostgres(location.databaseUrl, options)
  const { backupBeforeMigrating = false, migrate = true } = options
  const path = location.sqlitePath ?? ':memory:'
  const db = sqliteKysely(connectSqlite(path), path)
  if (!migrate) return db
  const beforeMigrating = backupBeforeMigrating && path !== ':memory:' ? backUpBeforeMigrating(path) : undefined
  await migrateWithSecrets(db, options.secretKey ?? {}, { sqlitePath: path }, beforeMigrating).catch(async (error: unknown) => {
    await db.destroy()
    throw error
  })
  return db
}

/** Opens a SQLite connection to `path` (or to a copy of `image`, in memory) with the pragmas every connection here has. */
function connectSqlite(path: string, image?: Buffer): SQLite.Database {
  try {
    // The folder 0700 and the file 0600 before SQLite makes them (0755 and 0644 under the usual umask); its sidecar files take the file's mode.
    if (!image && path !== ':memory:') preparePrivateDatabaseFile(path)
    const sqlite = new SQLite(image ?? path, sqliteOptions())
    // WAL lets the API read while a CLI command writes; the busy timeout makes
    // a writer wait for another instead of failing at once. The first pragma
    // also reads the file, so a file that is not a database fails here.
    sqlite.pragma('journal_mode = WAL')
    sqlite.pragma('busy_timeout = 5000')
    sqlite.pragma('foreign_keys = ON')
    sqlite.pragma('synchronous = NORMAL')
    return sqlite
  } catch (error) {
    throw new DatabaseUnavailable(`cannot open SQLite database at ${path}: ${(error as Error).message}`)
  }
}

/** Kysely over a SQLite connection, with its statement cache and change stamps. */
function sqliteKysely(sqlite: SQLite.Database, path: string): Kysely<Database> {
  const version = sqliteDataVersion(sqlite, path)
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite, version.close) }) })
  const readVersion = version.read
  registerCommitNotices(db, version)
  registerChangeStamp(db, stampMadeWhenMoved(readVersion, () => writesInThisProcess))
  const tableStamps = new Map<string, () => string>()
  registerTableChangeStamp(db, (table) => {
    let read = tableStamps.get(table)
    if (read === undefined) {
      read = stampMadeWhenMoved(readVersion, () => writesToTable.get(table) ?? 0, () => writesToAnyTable)
      tableStamps.set(table, read)
    }
    return read()
  })
  return db
}

/**
 * The image of a new in-memory database, migrated, without a secret key:
 * what {@link openMigratedImage} copies. Migrating costs about 30 ms of
 * CPU; copying an image, a fraction of a millisecond. For tests.
 *
 * @example
 * const image = await migratedSqliteImage()
 */
export async function migratedSqliteImage(): Promise<Buffer> {
  const sqlite = connectSqlite(':memory:')
  const db = sqliteKysely(sqlite, ':memory:')
  try {
    await migrateWithSecrets(db, {}, { sqlitePath: ':memory:' })
    // Each copy makes a key of its own, as a new in-memory database does, and stores its check value.
    await deleteSetting(db, 'secret-key-check') // the check's setting (db/secret-key.ts)
    return sqlite.serialize()
  } finally {
    await db.destroy()
  }
}

/**
 * Opens an in-memory copy of `image` (from {@link migratedSqliteImage}) as
 * `openDatabase({ sqlitePath: ':memory:' })` would open a new database: the
 * same pragmas, change stamps and dialect, the migrations recorded, and a
 * new random secret key. Each copy is independent of the image and of the
 * others.
 *
 * @example
 * const db = await openMigratedImage(image)
 */
export async function openMigratedImage(image: Buffer): Promise<Kysely<Database>> {
  const db = sqliteKysely(connectSqlite(':memory:', image), ':memory:')
  try {
    const { key } = await unlockSecrets(db, {}, { sqlitePath: ':memory:' })
    await storeKeyCheck(db, key)
    registerSecretKey(db, key)
    return db
  } catch (error) {
    await db.destroy()
    throw error
  }
}

/**
 * Finds and checks the secret key (a wrong one stops here, before any
 * migration), migrates with it (0023 encrypts what older svc stored
 * plain), and gives the database its key.
 */
async function migrateWithSecrets(
  db: Kysely<Database>,
  source: SecretKeySource,
  where: { sqlitePath?: string; postgres?: boolean },
  beforeMigrating?: BeforeMigrating,
): Promise<void> {
  const { key } = await unlockSecrets(db, source, where)
  await migrateToLatest(db, { beforeMigrating, secretKey: key.bytes })
  await storeKeyCheck(db, key)
  registerSecretKey(db, key)
}

/** Copies the SQLite file at `path` beside itself, then logs where and which migrations follow. */
function backUpBeforeMigrating(path: string): BeforeMigrating {
  return async ({ pending }) => {
    const backup = preMigrationBackupPath(path, pending[0]!, new Date())
    const bytes = await copySqliteDatabase(path, backup)
    log('info', `backed up the database to ${backup} before applying ${pending.length} migration(s)`, {
      event: 'svc.db.backup',
      backup,
      bytes,
      pending,
    })
  }
}

/**
 * True for PostgreSQL, where several replicas may share the database (and
 * must share rate-limit counters and claim work without overlap).
 *
 * @example
 * const limiter = isPostgres(db) ? databaseRateLimiter(db) : fixedWindowRateLimiter()
 */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

const POSTGRES_POOL_SIZE = 10

// A deployment on SQLite never loads the PostgreSQL driver.
const postgresDriver = loadedOnFirstUse('pg', 'PostgreSQL', async () => (await import('pg')).default)

async function openPostgres(url: string, { migrate = true, secretKey = {} }: OpenOptions): Promise<Kysely<Database>> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new DatabaseUnavailable('DATABASE_URL is not a URL; expected postgres://USER:PASSWORD@HOST:5432/DATABASE')
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:')
    throw new DatabaseUnavailable(`DATABASE_URL must start with postgres://, not ${parsed.protocol}//`)
  const where = `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`
  // Said to the operator as the other reasons the database cannot be opened, without a stack.
  const pg = await postgresDriver().catch((error: unknown) => {
    throw new DatabaseUnavailable((error as Error).message)
  })
  const pool = new pg.Pool({
    connectionString: url,
    max: POSTGRES_POOL_SIZE,
    connectionTimeoutMillis: 10_000,
    // Counts and millisecond times arrive as int8 or numeric, which pg
    // gives as strings; every such value here fits a double.
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === 20 || oid === 1700 ? Number : pg.types.getTypeParser(oid, format),
    },
  } as PoolConfig)
  // A connection the server drops while idle must not take the process down;
  // the pool replaces it on the next query.
  pool.on('error', (error) => log('warn', `PostgreSQL connection lost: ${error.message}`))
  try {
    await pool.query('select 1')
  } catch (error) {
    await pool.end()
    throw new DatabaseUnavailable(`cannot connect to PostgreSQL at ${where}: ${(error as Error).message}`)
  }
  const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) })
  if (!migrate) return db
  // PostgreSQL is backed up with pg_dump, outside svc.
  await migrateWithSecrets(db, secretKey, { postgres: true }).catch(async (error: unknown) => {
    await db.destroy()
    throw error
  })
  return db
}

/**
 * Kysely's migrator asks the introspector for every table of every schema
 * (with a serial-sequence lookup per column) only to learn whether its two
 * bookkeeping tables exist. In a database shared by several deployments or
 * test runs that is slow, and fails when another schema is dropped
 * meanwhile; this dialect's introspector sees the connection's own schema,
 * and only table names, which is all the migrator reads (nothing else here
 * introspects).
 */
class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    const tables = async (): Promise<TableMetadata[]> => {
      const { rows } = await sql<{ schema: string; name: string; is_view: boolean }>`
        select table_schema as schema, table_name as name, table_type = 'VIEW' as is_view
        from information_schema.tables where table_schema = current_schema()`.execute(db)
      return rows.map((row) => ({ schema: row.schema, name: row.name, isView: row.is_view, columns: [] }))
    }
    return {
      getSchemas: async () => (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows,
      getTables: tables,
      getMetadata: async () => ({ tables: await tables() }),
    }
  }
}

/**
 * SQLite's default deferred transactions take the write lock only at their
 * first write; when another process wrote since their first read, that
 * fails at once with SQLITE_BUSY_SNAPSHOT, which no busy timeout waits out.
 * Transactions here begin IMMEDIATE, taking the write lock up front and
 * waiting for it under the busy timeout. (All of this app's transactions
 * write.)
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly sqliteConfig: SqliteDialectConfig) {
    super(sqliteConfig)
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.sqliteConfig)
  }
}

/**
 * A stamp reader whose string is made only when one of its counts moves:
 * hot paths read the stamp on every request and compare it with the one
 * they kept, and the same string back (compared by identity) costs less
 * than a new one built per call. Two counts (`version:writes`) or three.
 */
function stampMadeWhenMoved(first: () => number, second: () => number, third?: () => number): () => string {
  let a = Number.NaN
  let b = Number.NaN
  let c = Number.NaN
  let stamp = ''
  return () => {
    const x = first()
    const y = second()
    const z = third === undefined ? 0 : third()
    if (x !== a || y !== b || z !== c) {
      a = x
      b = y
      c = z
      stamp = third === undefined ? `${x}:${y}` : `${x}:${y}:${z}`
    }
    return stamp
  }
}

/** Statements run through any SQLite connection of this process that may have changed rows or schema. */
let writesInThisProcess = 0
const WRITE_STATEMENT = /^\s*(insert|update|delete|replace|with|create|drop|alter)\b/i
/**
 * The same, by the one table an insert or update names; a statement that
 * may change several tables (a delete's cascades, `with`, schema changes)
 * counts in `writesToAnyTable`, which moves every table's stamp. (No
 * trigger or cascade writes into another table on insert or update.)
 */
const writesToTable = new Map<string, number>()
let writesToAnyTable = 0
const ONE_TABLE_WRITE = /^\s*(?:insert\s+(?:or\s+\w+\s+)?into|replace\s+into|update(?:\s+or\s+\w+)?)\s+"?(\w+)"?/i

function countWrite(table: string | undefined): void {
  writesInThisProcess++
  if (table === undefined) writesToAnyTable++
  else writesToTable.set(table, (writesToTable.get(table) ?? 0) + 1)
  tableWritten(table)
}

const STATEMENT_CACHE_SIZE = 500

/**
 * Kysely's SQLite driver prepares every query afresh, which costs more than
 * running it; this keeps prepared statements by their SQL text instead.
 * Kysely runs each statement as soon as it has prepared it, so a prepared
 * write is counted here, for the change stamp.
 */
function withStatementCache(sqlite: SQLite.Database, onClose: () => void): SqliteDatabase {
  const statements = new Map<string, { statement: SQLite.Statement; writes: boolean; table: string | undefined }>()
  return {
    close: () => {
      onClose()
      sqlite.close()
    },
    prepare(sql) {
      let cached = statements.get(sql)
      if (!cached) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear()
        cached = { statement: sqlite.prepare(sql), writes: WRITE_STATEMENT.test(sql), table: ONE_TABLE_WRITE.exec(sql)?.[1] }
        statements.set(sql, cached)
      }
      if (cached.writes) countWrite(cached.table)
      return cached.statement
    },
  }
}
