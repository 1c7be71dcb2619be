/**
 * @module Vitest set-up for every test file: a file that tests on
 * PostgreSQL first waits for the server where `.ci/run` is still starting
 * it (server/testing/machine-setup.ts), and once a file has finished, the
 * PostgreSQL schemas its tests left behind are dropped.
 */
import { afterAll } from 'vitest'
import { machineStep, POSTGRES_STARTED } from '../testing/machine-setup.js'
import { dropLeftoverSchemas } from './test-database.js'

if (process.env.SVC_TEST_DATABASE_URL) await machineStep(POSTGRES_STARTED, "PostgreSQL's install and start")

afterAll(dropLeftoverSchemas)
