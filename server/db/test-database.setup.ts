/**
 * @module Vitest set-up for every test file: once a file has finished,
 * the PostgreSQL schemas its tests left behind are dropped.
 */
import { afterAll } from 'vitest'
import { dropLeftoverSchemas } from './test-database.js'

afterAll(dropLeftoverSchemas)
