/**
 * @module A copy of a migrated image (what the tests' SQLite databases are)
 * is the database `openDatabase({ sqlitePath: ':memory:' })` opens: the
 * same schema, migration rows, pragmas, change stamps and secret-key
 * behaviour, and independent of the image and of every other copy.
 */
import { type Kysely, sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { changeStampOf, tableChangeStampOf } from './change-stamp.js'
import { migrationNames } from './migrate.js'
import { isPostgres, migratedSqliteImage, openDatabase, openMigratedImage } from './open-database.js'
import type { Database } from './schema.js'
import { secretBoxOf } from './secret-box.js'
import { setting } from './settings.js'

const PRAGMAS = ['foreign_keys', 'journal_mode', 'busy_timeout', 'synchronous', 'user_version', 'encoding', 'auto_vacuum', 'page_size']

/** What a test could tell apart between two databases before it writes: schema, pragmas, migrations, settings' names. */
async function describeDatabase(db: Kysely<Database>) {
  const schema = await sql`select type, name, tbl_name, sql from sqlite_master order by type, name`.execute(db)
  const pragmas: Record<string, unknown> = {}
  for (const name of PRAGMAS) pragmas[name] = (await sql.raw(`pragma ${name}`).execute(db)).rows[0]
  const migrations = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)
  const settings = await sql<{ name: string }>`select name from settings order by name`.execute(db)
  return { schema: schema.rows, pragmas, migrations: migrations.rows.map((row) => row.name), settings: settings.rows.map((row) => row.name) }
}

/** The text a database's check value opens to under the database's own key. */
async function openedCheck(db: Kysely<Database>): Promise<string> {
  const check = await setting(db, 'secret-key-check')
  return secretBoxOf(db).open({ table: 'settings', column: 'value', row: 'secret-key-check' }, check!)
}

describe('a copy of a migrated SQLite image', () => {
  let image: Buffer
  beforeAll(async () => {
    image = await migratedSqliteImage()
  })

  it('is what openDatabase opens in memory: schema, pragmas, every migration recorded', async () => {
    const fresh = await openDatabase({ sqlitePath: ':memory:' })
    const copy = await openMigratedImage(image)
    const expected = await describeDatabase(fresh)
    expect(expected.migrations).toEqual(migrationNames)
    expect(expected.pragmas).toMatchObject({ foreign_keys: { foreign_keys: 1 }, busy_timeout: { timeout: 5000 } })
    expect(await describeDatabase(copy)).toEqual(expected)
    expect(isPostgres(copy)).toBe(false)
    await Promise.all([fresh.destroy(), copy.destroy()])
  })

  it('has a secret key of its own, as every new in-memory database has', async () => {
    const [first, second] = [await openMigratedImage(image), await openMigratedImage(image)]
    expect(secretBoxOf(first).key.id).not.toBe(secretBoxOf(second).key.id)
    expect(await openedCheck(first)).toBe('svc secret key check')
    expect(await openedCheck(second)).toBe('svc secret key check')
    await Promise.all([first.destroy(), second.destroy()])
  })

  it('enforces foreign keys', async () => {
    const copy = await openMigratedImage(image)
    const noSuchUser = sql`insert into authenticators (user_id, secret, created_at) values (404, 's', '2026-01-01T00:00:00.000Z')`
    await expect(noSuchUser.execute(copy)).rejects.toThrow(/FOREIGN KEY constraint failed/)
    await copy.destroy()
  })

  it('moves its change stamps when it is written', async () => {
    const copy = await openMigratedImage(image)
    const stamp = changeStampOf(copy)!
    const settingsStamp = tableChangeStampOf(copy, 'settings')!
    const [before, settingsBefore] = [stamp(), settingsStamp()]
    await sql`insert into settings (name, value) values ('a-test-setting', 'x')`.execute(copy)
    expect(stamp()).not.toBe(before)
    expect(settingsStamp()).not.toBe(settingsBefore)
    await copy.destroy()
  })

  it('is independent: what one copy does to its schema and rows, the image and the next copy do not see', async () => {
    const damaged = await openMigratedImage(image)
    await sql`drop table settings`.execute(damaged)
    await sql`delete from kysely_migration`.execute(damaged)
    await damaged.destroy()
    const next = await openMigratedImage(image)
    expect(await describeDatabase(next)).toMatchObject({ migrations: migrationNames, settings: ['secret-key-check'] })
    await next.destroy()
  })
})
