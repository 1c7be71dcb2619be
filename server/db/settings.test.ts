/**
 * @module The `settings` repository on the test database: values stored
 * once or replaced (`on conflict`), secrets sealed at rest and made once,
 * a conditional delete that only one of two racing takers wins, and the
 * refusal to seal under a key the database no longer uses.
 */
import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from './schema.js'
import { encryptSecret, secretKey, SecretUnreadable } from './secret-box.js'
import {
  assertSecretKeyCurrent,
  deleteSetting,
  deploymentSecret,
  replaceSetting,
  secretSetting,
  setting,
  storeSecretSettingUnlessSet,
  storeSettingUnlessSet,
  takeSetting,
} from './settings.js'
import { openTestDatabase } from './test-database.js'

let db: Kysely<Database>
beforeEach(async () => {
  db = await openTestDatabase()
})
afterEach(() => db.destroy())

/** The value as stored in the row, read beside the repository (to see what is at rest). */
const storedValue = async (name: string) => (await db.selectFrom('settings').select('value').where('name', '=', name).executeTakeFirst())?.value

describe('plain settings', () => {
  it('is undefined until set, keeps the first value stored, and replaces on request', async () => {
    expect(await setting(db, 'console-client')).toBeUndefined()
    await storeSettingUnlessSet(db, 'console-client', 'first')
    await storeSettingUnlessSet(db, 'console-client', 'second')
    expect(await setting(db, 'console-client')).toBe('first')
    await replaceSetting(db, 'console-client', 'third')
    expect(await setting(db, 'console-client')).toBe('third')
    await replaceSetting(db, 'brand-name', 'Acme')
    expect(await setting(db, 'brand-name')).toBe('Acme')
  })

  it('tells names apart by case and keeps other names as they are', async () => {
    await replaceSetting(db, 'Brand', 'upper')
    await replaceSetting(db, 'brand', 'lower')
    expect(await setting(db, 'Brand')).toBe('upper')
    expect(await setting(db, 'brand')).toBe('lower')
    await deleteSetting(db, 'brand')
    expect(await setting(db, 'brand')).toBeUndefined()
    expect(await setting(db, 'Brand')).toBe('upper')
  })

  it('takes a setting only while it holds the value, once', async () => {
    await replaceSetting(db, 'setup-token', 'digest-a')
    expect(await takeSetting(db, 'setup-token', 'digest-b')).toBe(false)
    expect(await setting(db, 'setup-token')).toBe('digest-a')
    expect(await takeSetting(db, 'setup-token', 'digest-a')).toBe(true)
    expect(await takeSetting(db, 'setup-token', 'digest-a')).toBe(false)
    expect(await setting(db, 'setup-token')).toBeUndefined()
  })

  it('gives a taken value back when the transaction that took it rolls back', async () => {
    await replaceSetting(db, 'setup-token', 'digest-a')
    const failure = new Error('the operator could not be made')
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await takeSetting(trx, 'setup-token', 'digest-a')).toBe(true)
        throw failure
      }),
    ).rejects.toBe(failure)
    expect(await setting(db, 'setup-token')).toBe('digest-a')
  })
})

describe('secret settings', () => {
  it('stores a secret sealed, opens it, and keeps the first of two', async () => {
    expect(await secretSetting(db, 'console-client')).toBeUndefined()
    await storeSecretSettingUnlessSet(db, 'console-client', '{"client_secret":"s3cret"}')
    await storeSecretSettingUnlessSet(db, 'console-client', '{"client_secret":"other"}')
    expect(await secretSetting(db, 'console-client')).toBe('{"client_secret":"s3cret"}')
    const stored = await storedValue('console-client')
    expect(stored).toMatch(/^enc:v1:/)
    expect(stored).not.toContain('s3cret')
  })

  it('makes a deployment secret of 32 bytes once and returns the same one after', async () => {
    const first = await deploymentSecret(db, 'seal-root')
    expect(first).toHaveLength(32)
    expect((await deploymentSecret(db, 'seal-root')).equals(first)).toBe(true)
    expect((await deploymentSecret(db, 'form-key')).equals(first)).toBe(false)
  })

  it('refuses to seal a secret once the database was re-keyed under another key', async () => {
    await assertSecretKeyCurrent(db)
    const otherKey = secretKey(Buffer.alloc(32, 9))
    await replaceSetting(db, 'secret-key-check', encryptSecret(otherKey, { table: 'settings', column: 'value', row: 'secret-key-check' }, 'check'))
    await expect(assertSecretKeyCurrent(db)).rejects.toBeInstanceOf(SecretUnreadable)
    await expect(storeSecretSettingUnlessSet(db, 'console-client', 'x')).rejects.toBeInstanceOf(SecretUnreadable)
    expect(await setting(db, 'console-client')).toBeUndefined()
  })
})
