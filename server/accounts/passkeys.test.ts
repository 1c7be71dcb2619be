import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { storeChallenge, storedChallengeCount, takeChallenge } from './passkey-challenges.js'
import { addPasskey, passkeyByCredentialId, passkeyCount, passkeyName, passkeysOf, recordPasskeyUse, removePasskey } from './passkeys.js'
import { createUser, deleteUser } from './users.js'

let db: Kysely<Database>
beforeAll(async () => {
  db = await openTestDatabase()
})
afterAll(() => db.destroy())

const now = new Date('2026-03-01T10:00:00Z')
const key = (userId: number, credentialId: string, counter = 0) => ({
  userId,
  credentialId,
  publicKey: 'pQECAyYgASFYIA',
  counter,
  transports: ['internal', 'hybrid'],
  backupEligible: true,
  backedUp: false,
  name: 'Phone',
})

describe('passkeys', () => {
  it('keeps several passkeys an account, refuses a credential stored twice, and removes only the owner’s', async () => {
    const ada = await createUser(db, { email: 'ada.passkeys@example.com', name: 'Ada', password: 'long enough' })
    const bob = await createUser(db, { email: 'bob.passkeys@example.com', name: 'Bob', password: 'long enough' })
    const first = await addPasskey(db, key(ada.id, 'cred-a1'), now)
    await addPasskey(db, { ...key(ada.id, 'cred-a2'), name: 'Laptop' }, now)
    await expect(addPasskey(db, key(bob.id, 'cred-a1'), now)).rejects.toThrow('already registered')
    expect((await passkeysOf(db, ada.id)).map((p) => p.name)).toEqual(['Phone', 'Laptop'])
    expect(JSON.parse((await passkeyByCredentialId(db, 'cred-a1'))!.transports)).toEqual(['internal', 'hybrid'])
    expect(await removePasskey(db, bob.id, first.id)).toBe(false)
    expect(await removePasskey(db, ada.id, first.id)).toBe(true)
    expect(await passkeyByCredentialId(db, 'cred-a1')).toBeUndefined()
    expect(await passkeyCount(db, ada.id)).toBe(1)
    // Deleting the account takes its passkeys with it.
    await deleteUser(db, ada.id)
    expect(await passkeyByCredentialId(db, 'cred-a2')).toBeUndefined()
  })

  it('moves a counting authenticator’s counter only forward, and stamps the use', async () => {
    const cy = await createUser(db, { email: 'cy.passkeys@example.com', name: 'Cy', password: 'long enough' })
    const stored = await addPasskey(db, key(cy.id, 'cred-c1', 5), now)
    expect(await recordPasskeyUse(db, stored, { counter: 4, backedUp: false }, now)).toBe(false)
    expect(await recordPasskeyUse(db, stored, { counter: 5, backedUp: false }, now)).toBe(false)
    expect(await recordPasskeyUse(db, stored, { counter: 6, backedUp: true }, now)).toBe(true)
    // The same assertion's counter a second time (a race, or a replay) finds the row moved on.
    expect(await recordPasskeyUse(db, stored, { counter: 6, backedUp: true }, now)).toBe(false)
    const after = (await passkeyByCredentialId(db, 'cred-c1'))!
    expect(after).toMatchObject({ counter: 6, backed_up: 1, last_used_at: now.toISOString() })
    // Synced passkeys do not count: 0 stays 0 and passes.
    const synced = await addPasskey(db, key(cy.id, 'cred-c2', 0), now)
    expect(await recordPasskeyUse(db, synced, { counter: 0, backedUp: true }, now)).toBe(true)
  })

  it('takes names people type, trimmed, and refuses empty or overlong ones', () => {
    expect(passkeyName('  Work laptop ')).toBe('Work laptop')
    expect(passkeyName('هاتفي')).toBe('هاتفي')
    expect(() => passkeyName('   ')).toThrow('name must be 1 to 64 characters')
    expect(() => passkeyName('x'.repeat(65))).toThrow('name must be')
    expect(() => passkeyName(42)).toThrow('name must be')
  })
})

describe('passkey challenges', () => {
  it('answers a challenge once, only to its browser and purpose, for five minutes', async () => {
    const visitorHash = 'a'.repeat(64)
    await storeChallenge(db, { challenge: 'ch-1', purpose: 'sign_in', visitorHash, userId: null }, now)
    expect(await takeChallenge(db, 'ch-1', { purpose: 'sign_in', visitorHash: 'b'.repeat(64) }, now)).toBeUndefined()
    // Asked from another browser, it is spent all the same: one try a challenge.
    expect(await takeChallenge(db, 'ch-1', { purpose: 'sign_in', visitorHash }, now)).toBeUndefined()

    await storeChallenge(db, { challenge: 'ch-2', purpose: 'sign_in', visitorHash, userId: null }, now)
    expect(await takeChallenge(db, 'ch-2', { purpose: 'register', visitorHash }, now)).toBeUndefined()
    await storeChallenge(db, { challenge: 'ch-3', purpose: 'sign_in', visitorHash, userId: null }, now)
    expect(await takeChallenge(db, 'ch-3', { purpose: 'sign_in', visitorHash }, new Date(now.getTime() + 5 * 60 * 1000))).toBeUndefined()
    await storeChallenge(db, { challenge: 'ch-4', purpose: 'sign_in', visitorHash, userId: null }, now)
    expect(await takeChallenge(db, 'ch-4', { purpose: 'sign_in', visitorHash }, new Date(now.getTime() + 4 * 60 * 1000))).toMatchObject({
      challenge: 'ch-4',
    })
    expect(await takeChallenge(db, 'ch-4', { purpose: 'sign_in', visitorHash }, now)).toBeUndefined()
  })

  it('keeps a browser’s newest few and the table under its cap, whoever asks', async () => {
    const caps = { perVisitor: 3, total: 5 }
    const at = (second: number) => new Date(now.getTime() + second * 1000)
    for (let i = 0; i < 6; i++)
      await storeChallenge(db, { challenge: `own-${i}`, purpose: 'sign_in', visitorHash: 'c'.repeat(64), userId: null }, at(i), caps)
    expect(await takeChallenge(db, 'own-2', { purpose: 'sign_in', visitorHash: 'c'.repeat(64) }, at(6))).toBeUndefined()
    expect(await takeChallenge(db, 'own-5', { purpose: 'sign_in', visitorHash: 'c'.repeat(64) }, at(6))).toBeDefined()
    for (let i = 0; i < 20; i++)
      await storeChallenge(db, { challenge: `flood-${i}`, purpose: 'sign_in', visitorHash: `${i}`.padStart(64, 'f'), userId: null }, at(10 + i), caps)
    expect(await storedChallengeCount(db)).toBeLessThanOrEqual(5)
    expect(await takeChallenge(db, 'flood-19', { purpose: 'sign_in', visitorHash: '19'.padStart(64, 'f') }, at(30))).toBeDefined()
  })
})
