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
 * removed) is made afresh. The
 * schemas are named after the run (`test-database.global.ts` drops them
 * when it ends) and the worker, so runs beside each other never share one.
 * `.ci/run` runs the dialect-sensitive tests both ways.
 */
import { randomBytes } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type pg from 'pg'
import { inject, onTestFinished } from 'vitest'
import { openDatabase, openMigratedImage } from './open-database.js'
import type { Database } from './schema.js'
import { workerSqliteImage } from './test-sqlite-image.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's name for its PostgreSQL schemas and what a migrated one holds; set by `test-database.global.ts`. */
    testDatabases: { run: string; shape: SchemaShape } | undefined
  }
}

/** Schemas a worker has opened and not yet closed, by name, each with a way to close it. */
const opened = new Map<string, () => Promise<void>>()
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
  const closes = [...opened.values(), ...undropped.values()]
  opened.clear()
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
  // A test may hold several databases at once (two deployments, say): each takes the worker's first schema not open.
  let slot = 0
  while (opened.has(workerSchema(slot))) slot++
  const schema = workerSchema(slot)
  opened.set(schema, async () => undefined)
  try {
    const db = await openWorkerSchema(url, schema)
    const destroy = db.destroy.bind(db)
    let closing: Promise<void> | undefined
    db.destroy = () => (closing ??= destroy().finally(() => opened.delete(schema)))
    opened.set(schema, () => db.destroy())
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
    opened.delete(schema)
    throw error
  }
}

/** This run's part of the schema names, and what a migrated schema holds (from `test-database.global.ts`). */
const provided = (() => {
  try {
    return inject('testDatabases')
  } catch {
    return undefined // imported outside a Vitest worker
  }
})()
/** Without a run's global set-up, this process's schemas alone, dropped when its test file ends. */
const run = provided?.run ?? `p${process.pid}`
let shape = provided?.shape

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
    if (!provided) cleanups.add(async () => void (await withAdmin(serverUrl, (admin) => admin.query(`drop schema if exists ${schema} cascade`))))
  }
  const db = await openDatabase({ databaseUrl: scoped.href }, { secretKey: { value: TEST_SECRET_KEY } }).catch(() => undefined)
  if (db) {
    const found = await schemaShape(db)
    shape ??= found
    // DELETE, not TRUNCATE: for a test's few rows it takes 1.5 ms where TRUNCATE takes 90.
    const emptied = found.tables === shape.tables && (await sql.raw(shape.clear).execute(db).then(() => true, () => false))
    if (emptied) return db
    await db.destroy()
  }
  await withAdmin(serverUrl, (admin) => admin.query(`drop schema if exists ${schema} cascade; create schema ${schema}`))
  return openDatabase({ databaseUrl: scoped.href }, { secretKey: { value: TEST_SECRET_KEY } })
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
