/**
 * @module The database a server test runs on: a fresh in-memory SQLite
 * database, or, when `SVC_TEST_DATABASE_URL` names a PostgreSQL server, a
 * fresh schema there, dropped again when the test closes the database.
 * `.ci/run` runs the server tests both ways.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import pg from 'pg'
import { openDatabase } from './open-database.js'
import type { Database } from './schema.js'

const undropped = new Map<string, () => Promise<void>>()

/**
 * Drops the schemas this test file made and left (tests that never close
 * their database), so that a run does not leave hundreds of schemas behind
 * in the test server's catalogue.
 *
 * @example
 * afterAll(dropLeftoverSchemas)
 */
export async function dropLeftoverSchemas(): Promise<void> {
  const drops = [...undropped.values()]
  undropped.clear()
  await Promise.all(drops.map((drop) => drop().catch(() => undefined)))
}

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
  if (!url) return openDatabase({ sqlitePath: ':memory:' })
  const schema = await freshPostgresSchema(url)
  const db = await openDatabase({ databaseUrl: schema.url })
  const destroy = db.destroy.bind(db)
  db.destroy = async () => {
    await destroy()
    await schema.drop()
  }
  return db
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

async function withAdmin(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await work(client)
  } finally {
    await client.end()
  }
}
