import { describe, expect, it } from 'vitest'
import { openTestDatabase } from '../db/test-database.js'
import { TEST_ONLY_PRIVATE_JWK } from '../testing/test-signing-key.js'
import {
  DEFAULT_KEY_SET_CACHE_MS,
  RETIRED_KEY_PUBLISHED_MS,
  ROTATION_INTERVAL_MS,
  rotateSigningKey,
  signingKeyList,
  signingKeys,
} from './signing-keys.js'

const HOUR_MS = 60 * 60 * 1000
const kids = (jwks: { keys: { kid?: string }[] }) => jwks.keys.map((key) => key.kid)

// Where a test's subject is what follows the first key, it starts with the tests' pre-generated one
// (each generation costs 0.2-0.6 s of a core); the rotations under test make theirs as production does.
describe('signingKeys', () => {
  it('makes a key that signs at once on first use, and every 90 days publishes the next one 6 hours before it signs, without a restart', async () => {
    const db = await openTestDatabase()
    let time = Date.parse('2026-01-01T00:00:00Z')
    const keys = signingKeys(db, { now: () => new Date(time) })
    const first = (await keys.current()).kid
    expect(kids(await keys.jwks())).toEqual([first])

    time += ROTATION_INTERVAL_MS - DEFAULT_KEY_SET_CACHE_MS - 1000
    expect(kids(await keys.jwks())).toEqual([first])

    // 6 hours before the 90 days end, the next key is published; the first still signs.
    time += 1000
    const published = kids(await keys.jwks())
    expect(published).toHaveLength(2)
    const second = published[0]!
    expect(published).toEqual([second, first])
    expect((await keys.current()).kid).toBe(first)
    time += DEFAULT_KEY_SET_CACHE_MS - 1000
    expect((await keys.current()).kid).toBe(first)
    time += 1000
    expect((await keys.current()).kid).toBe(second)
    expect(kids(await keys.jwks())).toEqual([second, first])

    // The first stays published until what it signed has expired.
    time += RETIRED_KEY_PUBLISHED_MS - 1000
    expect(kids(await keys.jwks())).toContain(first)
    time += 2000
    const later = kids(await keys.jwks())
    expect(later).not.toContain(first)
    expect(later).toContain(second)
    await db.destroy()
  })

  it('starts with the first key it is given, under a kid of its own, and makes the 90-day rotation’s key anew', async () => {
    const db = await openTestDatabase()
    let time = Date.parse('2026-01-01T00:00:00Z')
    const keys = signingKeys(db, { now: () => new Date(time), firstKey: TEST_ONLY_PRIVATE_JWK })
    const [first] = (await keys.jwks()).keys
    expect(first).toMatchObject({ n: TEST_ONLY_PRIVATE_JWK.n, e: TEST_ONLY_PRIVATE_JWK.e })
    expect(first!.kid).toMatch(/^[\w-]{16}$/)
    expect((await keys.current()).kid).toBe(first!.kid)

    time += ROTATION_INTERVAL_MS
    const [next, previous] = (await keys.jwks()).keys
    expect(previous!.kid).toBe(first!.kid)
    expect(next!.n).not.toBe(TEST_ONLY_PRIVATE_JWK.n)
    await db.destroy()
  })

  it('makes one key, not one per request, when many requests need the first key at once', async () => {
    const db = await openTestDatabase()
    const keys = signingKeys(db)
    const kidsSeen = await Promise.all(Array.from({ length: 20 }, async () => (await keys.current()).kid))
    expect(new Set(kidsSeen).size).toBe(1)
    expect(await db.selectFrom('signing_keys').selectAll().execute()).toHaveLength(1)
    await db.destroy()
  })

  it('publishes an operator’s new key at once and signs with it after the key-set cache lifetime, seen by a running provider', async () => {
    const db = await openTestDatabase()
    let time = Date.parse('2026-03-01T00:00:00Z')
    const now = () => new Date(time)
    const keys = signingKeys(db, { now, keySetCacheMs: 2 * HOUR_MS, firstKey: TEST_ONLY_PRIVATE_JWK })
    const before = (await keys.current()).kid
    const { kid, signsFrom } = await rotateSigningKey(db, { at: now(), keySetCacheMs: 2 * HOUR_MS })
    expect(signsFrom.getTime()).toBe(time + 2 * HOUR_MS)
    expect(kids(await keys.jwks())).toEqual([kid, before])
    expect((await keys.current()).kid).toBe(before)
    expect((await signingKeyList(db, now())).map((key) => [key.kid, key.state])).toEqual([
      [kid, 'next'],
      [before, 'signing'],
    ])
    time += 2 * HOUR_MS
    expect((await keys.current()).kid).toBe(kid)
    expect((await signingKeyList(db, now())).map((key) => [key.kid, key.state])).toEqual([
      [kid, 'signing'],
      [before, 'retired'],
    ])
    time += RETIRED_KEY_PUBLISHED_MS
    expect((await signingKeyList(db, now())).map((key) => key.state)).toEqual(['signing', 'expired'])
    await db.destroy()
  })

  it('signs with a new key at once in an emergency and withdraws every earlier key, a waiting one too', async () => {
    const db = await openTestDatabase()
    let time = Date.parse('2026-03-01T00:00:00Z')
    const now = () => new Date(time)
    const keys = signingKeys(db, { now, firstKey: TEST_ONLY_PRIVATE_JWK })
    const first = (await keys.current()).kid
    const waiting = await rotateSigningKey(db, { at: now() })
    time += HOUR_MS
    const emergency = await rotateSigningKey(db, { at: now(), immediately: true })
    expect((await keys.current()).kid).toBe(emergency.kid)
    expect(kids(await keys.jwks())).toEqual([emergency.kid])
    time += DEFAULT_KEY_SET_CACHE_MS
    expect((await keys.current()).kid).toBe(emergency.kid)
    expect((await signingKeyList(db, now())).map((key) => [key.kid, key.state])).toEqual([
      [emergency.kid, 'signing'],
      [waiting.kid, 'withdrawn'],
      [first, 'withdrawn'],
    ])
    await db.destroy()
  })

  it('makes no second next key while one waits: a rotation then names the waiting key', async () => {
    const db = await openTestDatabase()
    let time = Date.parse('2026-03-01T00:00:00Z')
    const now = () => new Date(time)
    const keys = signingKeys(db, { now, firstKey: TEST_ONLY_PRIVATE_JWK })
    const first = (await keys.current()).kid
    const second = await rotateSigningKey(db, { at: now() })
    expect(second.created).toBe(true)
    time += HOUR_MS
    const again = await rotateSigningKey(db, { at: now() })
    expect(again).toEqual({ kid: second.kid, signsFrom: second.signsFrom, created: false })
    expect(kids(await keys.jwks())).toEqual([second.kid, first])
    time += DEFAULT_KEY_SET_CACHE_MS - HOUR_MS
    expect((await keys.current()).kid).toBe(second.kid)
    // Once it signs, the next rotation makes a key again.
    expect((await rotateSigningKey(db, { at: now() })).created).toBe(true)
    await db.destroy()
  })

  it('makes one next key when replicas find the current one due at the same moment, and they switch together', async () => {
    const db = await openTestDatabase()
    let time = Date.parse('2026-01-01T00:00:00Z')
    const now = () => new Date(time)
    const first = (await signingKeys(db, { now, firstKey: TEST_ONLY_PRIVATE_JWK }).current()).kid
    time += ROTATION_INTERVAL_MS
    // Each replica has its own cache and decides on its own.
    const replicas = Array.from({ length: 4 }, () => signingKeys(db, { now }))
    const published = await Promise.all(replicas.map(async (keys) => kids(await keys.jwks())))
    expect(new Set(published.map((set) => set.join())).size).toBe(1)
    const [next] = published[0]!
    expect(next).not.toBe(first)
    expect(await Promise.all(replicas.map(async (keys) => (await keys.current()).kid))).toEqual([first, first, first, first])
    time += DEFAULT_KEY_SET_CACHE_MS
    expect(await Promise.all(replicas.map(async (keys) => (await keys.current()).kid))).toEqual([next, next, next, next])
    expect(await db.selectFrom('signing_keys').selectAll().execute()).toHaveLength(2)
    await db.destroy()
  })
})
