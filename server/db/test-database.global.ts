/**
 * @module Vitest global set-up for the PostgreSQL tests: names this run's
 * schemas (so that runs beside each other on one server never share one),
 * migrates a schema once to learn what a migrated one holds (what
 * `openTestDatabase` checks a kept schema against, and how it empties it), and
 * drops every schema of the run when it ends.
 */
import { randomBytes } from 'node:crypto'
import type { TestProject } from 'vitest/node'
import { openDatabase } from './open-database.js'
import { runSchemaPrefix, schemaShape, TEST_SECRET_KEY, withAdmin } from './test-database.js'

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = project.config.env?.SVC_TEST_DATABASE_URL ?? process.env.SVC_TEST_DATABASE_URL
  if (!serverUrl) return undefined
  // Time first, so a catalogue's leftovers (a run that was killed) show their age.
  const run = `${Math.floor(Date.now() / 1000).toString(36)}${randomBytes(3).toString('hex')}`
  const reference = `${runSchemaPrefix(run)}reference`
  await withAdmin(serverUrl, (admin) => admin.query(`create schema ${reference}`))
  const scoped = new URL(serverUrl)
  scoped.searchParams.set('options', `-c search_path=${reference}`)
  const db = await openDatabase({ databaseUrl: scoped.href }, { secretKey: { value: TEST_SECRET_KEY } })
  let shape: Awaited<ReturnType<typeof schemaShape>>
  try {
    shape = await schemaShape(db)
  } finally {
    await db.destroy()
  }
  project.provide('testDatabases', { run, shape })
  return async () => {
    await withAdmin(serverUrl, async (admin) => {
      const { rows } = await admin.query<{ name: string }>(
        `select nspname::text as name from pg_namespace where starts_with(nspname, $1)`,
        [runSchemaPrefix(run)],
      )
      // One schema a statement: dropping one takes a lock per table and index.
      for (const { name } of rows) await admin.query(`drop schema if exists ${name} cascade`)
    })
  }
}
