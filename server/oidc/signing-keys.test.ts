import { describe, expect, it } from 'vitest'
import { openTestDatabase } from '../db/test-database.js'
import { RETIRED_KEY_PUBLISHED_MS, ROTATION_INTERVAL_MS, rotateSigningKey, signingKeys } from './signing-keys.js'

const DAY_MS = 24 * 60 * 60 * 1000

describe('signingKeys', () => {
  it('makes a key on first use, a new one every 90 days without a restart, and drops a retired key once its tokens have expired', async () => {
    const db = await openTestDatabase()
    let time = Date.parse('2026-01-01T00:00:00Z')
    const keys = signingKeys(db, { now: () => new Date(time) })
    const first = (await keys.current()).kid
    expect((await keys.jwks()).keys.map((key) => key.kid)).toEqual([first])

    time += ROTATION_INTERVAL_MS - DAY_MS
    expect((await keys.current()).kid).toBe(first)

    time += DAY_MS
    const second = (await keys.current()).kid
    expect(second).not.toBe(first)
    expect((await keys.jwks()).keys.map((key) => key.kid)).toEqual([second, first])

    time += RETIRED_KEY_PUBLISHED_MS - 1000
    expect((await keys.jwks()).keys.map((key) => key.kid)).toContain(first)
    time += 2000
    // The second key is past its own 90 days by now, so a third takes over too.
    const published = (await keys.jwks()).keys.map((key) => key.kid)
    expect(published).not.toContain(first)
    expect(published).toContain(second)
    await db.destroy()
  })

  it('makes one key, not one per request, when many requests need the first key at once', async () => {
    const db = await openTestDatabase()
    const keys = signingKeys(db)
    const kids = await Promise.all(Array.from({ length: 20 }, async () => (await keys.current()).kid))
    expect(new Set(kids).size).toBe(1)
    expect(await db.selectFrom('signing_keys').selectAll().execute()).toHaveLength(1)
    await db.destroy()
  })

  it('lets an operator rotate at once, seen by a running provider', async () => {
    const db = await openTestDatabase()
    const keys = signingKeys(db)
    const before = (await keys.current()).kid
    const { kid } = await rotateSigningKey(db)
    expect((await keys.current()).kid).toBe(kid)
    expect((await keys.jwks()).keys.map((key) => key.kid)).toEqual([kid, before])
    await db.destroy()
  })

  it('makes one new key when replicas find the current one due at the same moment', async () => {
    const db = await openTestDatabase()
    let time = Date.parse('2026-01-01T00:00:00Z')
    const now = () => new Date(time)
    const first = (await signingKeys(db, { now }).current()).kid
    time += ROTATION_INTERVAL_MS
    // Each replica has its own cache and decides on its own.
    const replicas = Array.from({ length: 4 }, () => signingKeys(db, { now }))
    const kids = await Promise.all(replicas.map(async (keys) => (await keys.current()).kid))
    expect(new Set(kids).size).toBe(1)
    expect(kids[0]).not.toBe(first)
    const rows = await db.selectFrom('signing_keys').select(['kid', 'retired_at']).orderBy('id').execute()
    expect(rows.map((row) => [row.kid, row.retired_at === null])).toEqual([
      [first, false],
      [kids[0], true],
    ])
    await db.destroy()
  })
})
