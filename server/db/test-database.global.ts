/**
 * @module Vitest global set-up for the PostgreSQL tests: names this run's
 * schemas (so that runs beside each other on one server never share one)
 * and drops every schema of the run when it ends. It does not reach the
 * server before then: on a machine `.ci/run` is still setting up, the
 * server starts while the first test files run, and only the PostgreSQL
 * files wait for it (server/testing/machine-setup.ts). Each worker learns
 * what a migrated schema holds from the first one it migrates.
 */
import { randomBytes } from 'node:crypto'
import type { TestProject } from 'vitest/node'
import { machineStep, POSTGRES_STARTED } from '../testing/machine-setup.js'
import { runSchemaPrefix, withAdmin } from './test-database.js'

export default function setup(project: TestProject): (() => Promise<void>) | undefined {
  const serverUrl = project.config.env?.SVC_TEST_DATABASE_URL ?? process.env.SVC_TEST_DATABASE_URL
  if (!serverUrl) return undefined
  // Time first, so a catalogue's leftovers (a run that was killed) show their age.
  const run = `${Math.floor(Date.now() / 1000).toString(36)}${randomBytes(3).toString('hex')}`
  project.provide('testDatabases', { run })
  return async () => {
    // Where PostgreSQL never started, its test files failed saying so, and there is nothing to drop.
    if (!(await machineStep(POSTGRES_STARTED, "PostgreSQL's install and start").then(() => true, () => false))) return
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
