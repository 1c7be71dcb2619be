/**
 * @module What a server test can count on from `openTestDatabase`, on
 * either dialect: a migrated database with no rows of an earlier test, and
 * whole again after an earlier test damaged its own; closed, it takes no
 * more queries, even where the next test reuses its connections.
 */
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrationNames } from './migrate.js'
import { type SecretPlace, secretBoxOf } from './secret-box.js'
import { setting } from './settings.js'
import { openTestDatabase, testingOnPostgres } from './test-database.js'

describe('openTestDatabase', () => {
  it('opens a migrated database with its secret key (a test that damages it first)', async () => {
    const db = await openTestDatabase()
    const place: SecretPlace = { table: 'settings', column: 'value', row: 'a-secret' }
    expect(secretBoxOf(db).open(place, secretBoxOf(db).seal(place, 'kept'))).toBe('kept')
    await sql`insert into settings (name, value) values ('left-by-an-earlier-test', 'x')`.execute(db)
    await sql`delete from kysely_migration`.execute(db)
    await sql`drop table settings`.execute(db)
    await db.destroy()
  })

  it('opens it whole again for the next test, with no rows an earlier test left', async () => {
    const db = await openTestDatabase()
    const migrations = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)
    expect(migrations.rows.map((row) => row.name)).toEqual(migrationNames)
    expect(await setting(db, 'left-by-an-earlier-test')).toBeUndefined()
    await db.destroy()
  })

  it('opens databases apart from each other when a test holds two at once', async () => {
    const [first, second] = [await openTestDatabase(), await openTestDatabase()]
    await sql`insert into settings (name, value) values ('only-in-the-first', 'x')`.execute(first)
    expect(await setting(second, 'only-in-the-first')).toBeUndefined()
    await Promise.all([first.destroy(), second.destroy()])
  })

  it('refuses queries on a database its test closed', async () => {
    const db = await openTestDatabase()
    await db.destroy()
    await expect(sql`select 1`.execute(db)).rejects.toThrow()
  })

  // A PostgreSQL schema's connections serve the next test: a write sent before the close lands before that test empties it.
  it.runIf(testingOnPostgres)('lets a write in flight when a test closes its database land before the next test opens it', async () => {
    const db = await openTestDatabase()
    // Slow enough that the next test's emptying would overtake it, were the close not to wait for it.
    const writing = sql`insert into settings (name, value) select 'written-while-closing', 'x' from pg_sleep(0.5)`.execute(db)
    await db.destroy()
    const next = await openTestDatabase()
    await writing
    expect(await setting(next, 'written-while-closing')).toBeUndefined()
    await next.destroy()
  })
})
