import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { preparedQuery } from './prepared-query.js'
import type { Database } from './schema.js'
import { openTestDatabase } from './test-database.js'

let db: Kysely<Database>
beforeAll(async () => {
  db = await openTestDatabase()
})
afterAll(() => db.destroy())

const insertSetting = preparedQuery((db, values: { name: string; value: string }) =>
  db.insertInto('settings').values({ name: values.name, value: values.value }),
)
const settingsNamed = preparedQuery((db, values: { first: string; second: string }) =>
  db.selectFrom('settings').select(['name', 'value']).where('name', 'in', [values.first, values.second]).orderBy('name'),
)
const renameSetting = preparedQuery((db, values: { from: string; to: string }) =>
  db.updateTable('settings').set({ name: values.to }).where('name', '=', values.from),
)

describe('preparedQuery', () => {
  it('runs one compiled query with each call’s own values, as the builder would', async () => {
    await insertSetting(db, { name: 'a', value: 'one' })
    await insertSetting(db, { name: 'b', value: 'two' })
    await insertSetting(db, { name: 'c', value: 'three' })
    expect((await settingsNamed(db, { first: 'a', second: 'c' })).rows).toEqual([
      { name: 'a', value: 'one' },
      { name: 'c', value: 'three' },
    ])
    expect((await settingsNamed(db, { first: 'b', second: 'nope' })).rows).toEqual([{ name: 'b', value: 'two' }])
  })

  it('keeps values that look like SQL as values', async () => {
    const hostile = "x'); drop table settings; --"
    await insertSetting(db, { name: hostile, value: '?' })
    expect((await settingsNamed(db, { first: hostile, second: '' })).rows).toEqual([{ name: hostile, value: '?' }])
  })

  it('runs inside a transaction, and rolls back with it', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        const renamed = await renameSetting(trx, { from: 'a', to: 'z' })
        expect(renamed.numAffectedRows).toBe(1n)
        expect((await settingsNamed(trx, { first: 'z', second: 'a' })).rows).toEqual([{ name: 'z', value: 'one' }])
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect((await settingsNamed(db, { first: 'z', second: 'a' })).rows).toEqual([{ name: 'a', value: 'one' }])
  })
})
