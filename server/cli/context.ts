/**
 * @module What a CLI command runs with: where its output goes, the
 * environment, and the database the flags and environment name.
 */
import { dirname, join } from 'node:path'
import type { Kysely } from 'kysely'
import { openDatabase } from '../db/open-database.js'
import { UsageError } from './cli-error.js'
import type { Database } from '../db/schema.js'
import { MAX_KEY_SET_CACHE_MS } from '../grants/signing-keys.js'
import { integer } from './flags.js'

export interface CliIo {
  stdout(text: string): void
  stderr(text: string): void
  env: Record<string, string | undefined>
}

/** A command's result: one JSON object for `--json`, text for people. */
export interface CommandOutput {
  json: Record<string, unknown>
  text: string
}

export const DEFAULT_SQLITE_PATH = './data/svc.db'

/**
 * The SQLite path from `--db`, else `SVC_DB`, else `./data/svc.db`.
 *
 * @example
 * sqlitePathFrom({ db: undefined }, process.env)
 */
export function sqlitePathFrom(flags: { db?: string }, env: CliIo['env']): string {
  // SQLite takes an empty name for a temporary database, deleted on close: everything written would be lost.
  if (flags.db !== undefined && flags.db.trim() === '') throw new UsageError('--db must name a database file')
  return flags.db ?? setting(env, 'SVC_DB') ?? DEFAULT_SQLITE_PATH
}

/**
 * An environment setting; empty counts as unset, as env files and compose
 * files write a variable they leave blank.
 *
 * @example
 * const port = setting(io.env, 'PORT')
 */
export function setting(env: CliIo['env'], name: string): string | undefined {
  const value = env[name]
  return value === undefined || value.trim() === '' ? undefined : value
}

/**
 * The key-set cache lifetime from `--jwks-cache-seconds`, else
 * `SVC_JWKS_CACHE_SECONDS`, in milliseconds; `undefined` for the default
 * (6 hours). `serve` and `keys rotate` both read it.
 *
 * @example
 * const keySetCacheMs = keySetCacheMsFrom(values, io.env)
 */
export function keySetCacheMsFrom(flags: { 'jwks-cache-seconds'?: string }, env: CliIo['env']): number | undefined {
  const flag = flags['jwks-cache-seconds']
  const seconds = integer(
    flag ?? setting(env, 'SVC_JWKS_CACHE_SECONDS'),
    flag === undefined ? 'SVC_JWKS_CACHE_SECONDS' : '--jwks-cache-seconds',
    0,
    MAX_KEY_SET_CACHE_MS / 1000,
  )
  return seconds === undefined ? undefined : seconds * 1000
}

/**
 * Opens the database the flags and environment name; `--db` wins over
 * `DATABASE_URL`, which wins over `SVC_DB`.
 *
 * @example
 * const db = await databaseFrom(values, io.env)
 */
export async function databaseFrom(flags: { db?: string }, env: CliIo['env']): Promise<Kysely<Database>> {
  const databaseUrl = flags.db === undefined ? setting(env, 'DATABASE_URL') : undefined
  return openDatabase(databaseUrl ? { databaseUrl } : { sqlitePath: sqlitePathFrom(flags, env) })
}

/**
 * A database URL fit to print: the password replaced by `***`.
 *
 * @example
 * redactedDatabaseUrl('postgres://svc:secret@db:5432/svc') // 'postgres://svc:***@db:5432/svc'
 */
export function redactedDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.href
  } catch {
    return 'an unparsable DATABASE_URL'
  }
}

/**
 * Runs `work` with the database open, closing it afterwards.
 *
 * @example
 * return withDatabase(values, io, (db) => createOrganisation(db, { name }))
 */
export async function withDatabase<T>(flags: { db?: string }, io: CliIo, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const db = await databaseFrom(flags, io.env)
  try {
    return await work(db)
  } finally {
    await db.destroy()
  }
}

/**
 * Where the demo seed keeps its credentials: beside the SQLite file.
 *
 * @example
 * demoCredentialsFile('./data/svc.db') // './data/demo-credentials.json'
 */
export function demoCredentialsFile(sqlitePath: string): string | undefined {
  return sqlitePath === ':memory:' ? undefined : join(dirname(sqlitePath), 'demo-credentials.json')
}
