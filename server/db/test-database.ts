/**
 * @module The database a server test runs on: a fresh in-memory SQLite
 * database, or, when `SVC_TEST_DATABASE_URL` names a PostgreSQL server, an
 * emptied schema there. On SQLite each Vitest worker migrates one database
 * and each test gets a copy of its image (migrating costs about 30 ms of
 * CPU, copying under one; the copy is opened as `openDatabase` opens a new
 * one, with a secret key of its own). Migrating a fresh PostgreSQL schema costs about
 * 165 ms, most of a small test's time, so each Vitest worker keeps its
 * migrated schemas for the whole run and empties one when a test opens it
 * (every row deleted, sequences back to 1, so ids start at 1 as in a fresh
 * schema); a schema a test damaged (a dropped table, a migration row
 * removed) is made afresh. A schema's connections stay open for the rest of
 * the test file, lent to one test at a time: a new connection costs the
 * server a process, a password check and a cold catalogue cache, about
 * 40 ms of its CPU before the first query and 90 ms by the time a test's
 * database was emptied, more than most tests' own queries. The
 * schemas are named after the run (`test-database.global.ts` drops them
 * when it ends) and the worker, so runs beside each other never share one.
 * `.ci/run` runs the dialect-sensitive tests both ways.
 */
import { randomBytes } from 'node:crypto'
import { type DatabaseConnection, type Kysely, type KyselyPlugin, type QueryExecutor, sql } from 'kysely'
import type pg from 'pg'
import { inject, onTestFinished } from 'vitest'
import { migrationStatus } from './migrate.js'
import { openDatabase, openMigratedImage } from './open-database.js'
import type { Database } from './schema.js'
import { workerSqliteImage } from './test-sqlite-image.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's name for its PostgreSQL schemas; set by `test-database.global.ts`. */
    testDatabases: { run: string } | undefined
  }
}

/** The worker schemas whose connections this test file keeps open, by name. */
const kept = new Map<string, Kysely<Database>>()
/** The kept schemas a test holds now. */
const lent = new Set<string>()
/** Schemas made by `freshPostgresSchema` and not yet dropped. */
const undropped = new Map<string, () => Promise<void>>()
/** What ends with the test file: dropping the schemas of a process that runs without the global set-up. */
const cleanups = new Set<() => Promise<void>>()

/**
 * Closes the databases this test file opened and left open, and drops the
 * fresh schemas it made and left, so that a run does not leave schemas
 * behind in the test server's catalogue.
 *
 * @example
 * afterAll(dropLeftoverSchemas)
 */
export async function dropLeftoverSchemas(): Promise<void> {
  const closes = [...kept.values()].map((db) => () => db.destroy())
  kept.clear()
  lent.clear()
  closes.push(...undropped.values())
  undropped.clear()
  await Promise.all(closes.map((close) => close().catch(() => undefined)))
  const drops = [...cleanups]
  cleanups.clear()
  await Promise.all(drops.map((drop) => drop().catch(() => undefined)))
}

/**
 * The secret key of the tests' PostgreSQL schemas (a SQLite database in
 * memory makes its own): one for the whole run, since a worker's schemas
 * outlive the test that opened them. base64 of 32 bytes.
 */
export const TEST_SECRET_KEY = Buffer.alloc(32, 7).toString('base64')

/** True when the server tests run against PostgreSQL. */
export const testingOnPostgres = Boolean(process.env.SVC_TEST_DATABASE_URL)

/**
 * Opens an empty, migrated database of the dialect under test.
 *
 * @example
 * const db = await openTestDatabase()
 */
export async function openTestDatabase(): Promise<Kysely<Database>> {
  const url = process.env.SVC_TEST_DATABASE_URL
  if (!url) return openMigratedImage(await workerSqliteImage())
  // A test may hold several databases at once (two deployments, say): each takes the worker's first schema not lent.
  let slot = 0
  while (lent.has(workerSchema(slot))) slot++
  const schema = workerSchema(slot)
  lent.add(schema)
  try {
    const db = lend(await keptWorkerSchema(url, schema), () => lent.delete(schema))
    // Many tests never close the database they open; one opened for a test
    // is closed once the test is over (one opened in beforeAll, when the file
    // is), so that its schema serves the next test instead of a new one.
    try {
      onTestFinished(() => db.destroy())
    } catch {
      // Not within a test: dropLeftoverSchemas closes it after the file.
    }
    return db
  } catch (error) {
    lent.delete(schema)
    throw error
  }
}

/** The schema's kept database, emptied; opened (and made afresh, if damaged) when it is not kept or no longer whole. */
async function keptWorkerSchema(serverUrl: string, schema: string): Promise<Kysely<Database>> {
  const open = kept.get(schema)
  kept.delete(schema)
  if (open && (await emptied(open, { migrated: false }))) {
    kept.set(schema, open)
    return open
  }
  await open?.destroy().catch(() => undefined)
  const db = await openWorkerSchema(serverUrl, schema)
  kept.set(schema, db)
  return db
}

/**
 * A test's view of a kept database: closing it waits for its queries in
 * flight and gives the schema back, leaving the connections open for the
 * next test; a query after that fails, as one on a closed database does.
 */
function lend(db: Kysely<Database>, giveBack: () => void): Kysely<Database> {
  let closed = false
  const fence: KyselyPlugin = {
    transformQuery: ({ node }) => {
      if (closed) throw new Error('this test database was closed')
      return node
    },
    transformResult: async ({ result }) => result,
  }
  const view = db.withPlugin(fence)
  const inFlight = new Set<Promise<unknown>>()
  const executor: QueryExecutor = view.getExecutor()
  const provideConnection = executor.provideConnection.bind(executor)
  executor.provideConnection = <T>(consumer: (connection: DatabaseConnection) => Promise<T>): Promise<T> => {
    const work = provideConnection(consumer)
    inFlight.add(work)
    const done = () => void inFlight.delete(work)
    work.then(done, done)
    return work
  }
  let closing: Promise<void> | undefined
  view.destroy = () =>
    (closing ??= (async () => {
      closed = true
      await Promise.allSettled([...inFlight])
      giveBack()
    })())
  return view
}

/** This run's part of the schema names (from `test-database.global.ts`). */
const provided = (() => {
  try {
    return inject('testDatabases')
  } catch {
    return undefined // imported outside a Vitest worker
  }
})()
/** Without a run's global set-up, this process's schemas alone, dropped when its test file ends. */
const run = provided?.run ?? `p${process.pid}`
/** What a migrated schema holds, learned from the first schema this worker migrates. */
let shape: SchemaShape | undefined

function workerSchema(slot: number): string {
  return `${runSchemaPrefix(run)}${process.env.VITEST_POOL_ID ?? 0}_${slot}`
}

/**
 * The prefix of every schema a run's workers keep; `test-database.global.ts`
 * drops them at the end of the run.
 *
 * @example
 * runSchemaPrefix('k3x9') // 'test_k3x9_w'
 */
export function runSchemaPrefix(runName: string): string {
  return `test_${runName}_w`
}

/** Schemas this process has made sure exist. */
const made = new Set<string>()

/**
 * Opens `schema` migrated and emptied of every row. A schema a test
 * damaged (a migration that no longer applies, a table dropped) is made
 * afresh; so is one this run has not made yet.
 */
async function openWorkerSchema(serverUrl: string, schema: string): Promise<Kysely<Database>> {
  const scoped = new URL(serverUrl)
  scoped.searchParams.set('options', `-c search_path=${schema}`)
  if (!made.has(schema)) {
    await withAdmin(serverUrl, (admin) => admin.query(`create schema if not exists ${schema}`))
    made.add(schema)
    if (!provided)
      cleanups.add(async () => void (await withAdmin(serverUrl, (admin) => admin.query(`drop schema if exists ${schema} cascade`))))
  }
  const db = await openDatabase({ databaseUrl: scoped.href }, { secretKey: { value: TEST_SECRET_KEY } }).catch(() => undefined)
  if (db) {
    if (await emptied(db, { migrated: true })) return db
    await db.destroy()
  }
  await withAdmin(serverUrl, (admin) => admin.query(`drop schema if exists ${schema} cascade; create schema ${schema}`))
  return openDatabase({ databaseUrl: scoped.href }, { secretKey: { value: TEST_SECRET_KEY } })
}

/**
 * Empties a schema that is whole (every table a migrated one has, and,
 * unless `openDatabase` just `migrated` it, every migration recorded);
 * false when it is not.
 */
async function emptied(db: Kysely<Database>, { migrated }: { migrated: boolean }): Promise<boolean> {
  const found = await schemaShape(db).catch(() => undefined)
  if (!found) return false
  shape ??= found
  if (found.tables !== shape.tables) return false
  if (!migrated) {
    const status = await migrationStatus(db).catch(() => undefined)
    if (!status || status.pending.length > 0 || status.unknown.length > 0) return false
  }
  // DELETE, not TRUNCATE: for a test's few rows it takes 1.5 ms where TRUNCATE takes 90.
  return sql
    .raw(shape.clear)
    .execute(db)
    .then(
      () => true,
      () => false,
    )
}

/** What a migrated schema holds, and the SQL that empties it. */
export interface SchemaShape {
  /** Its tables, sorted, joined by commas. */
  tables: string
  /** Deletes every row, children before the rows they refer to, and starts every sequence at 1 again. */
  clear: string
}

/**
 * Reads the connection's schema: its tables, and how to empty them.
 *
 * @example
 * const { clear } = await schemaShape(db)
 */
export async function schemaShape(db: Kysely<any>): Promise<SchemaShape> {
  const { rows } = await sql<{ name: string; kind: string; parents: string[] }>`
    select c.relname::text as name, c.relkind::text as kind,
      array(select p.relname::text from pg_constraint f join pg_class p on p.oid = f.confrelid
            where f.conrelid = c.oid and f.contype = 'f' and f.confrelid <> c.oid) as parents
    from pg_class c where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'S')
    order by 1`.execute(db)
  const tables = rows.filter((row) => row.kind === 'r')
  const data = tables.filter((row) => !row.name.startsWith('kysely_migration'))
  // Children first: a table's rows go before those of the tables it refers to.
  const order: string[] = []
  const visit = (name: string, path: Set<string>) => {
    if (order.includes(name) || path.has(name)) return
    path.add(name)
    for (const child of data.filter((row) => row.parents.includes(name))) visit(child.name, path)
    order.push(name)
  }
  for (const table of data) visit(table.name, new Set())
  const sequences = rows.filter((row) => row.kind === 'S')
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`
  const clear = [
    ...order.map((name) => `delete from ${quote(name)}`),
    ...(sequences.length ? [`select ${sequences.map((row) => `setval('${quote(row.name)}', 1, false)`).join(', ')}`] : []),
  ].join(';\n')
  return { tables: tables.map((row) => row.name).join(), clear }
}

/**
 * Makes an empty schema on the PostgreSQL server at `url`; resolves with a
 * URL whose connections use it, and a way to drop it.
 *
 * @example
 * const { url, drop } = await freshPostgresSchema(process.env.SVC_TEST_POSTGRES_URL!)
 */
export async function freshPostgresSchema(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `test_${randomBytes(8).toString('hex')}`
  await withAdmin(serverUrl, (admin) => admin.query(`create schema ${schema}`))
  const scoped = new URL(serverUrl)
  scoped.searchParams.set('options', `-c search_path=${schema}`)
  const drop = async () => {
    undropped.delete(schema)
    await withAdmin(serverUrl, (admin) => admin.query(`drop schema if exists ${schema} cascade`))
  }
  undropped.set(schema, drop)
  return { url: scoped.href, drop }
}

/**
 * Runs `work` on a connection of its own to the server at `url`.
 *
 * @example
 * await withAdmin(url, (admin) => admin.query('select 1'))
 */
export async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  // Loaded here: a worker testing on SQLite never needs the driver (about 0.2 s of CPU to load).
  const { Client } = (await import('pg')).default
  const client = new Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}
