import type { Kysely } from 'kysely'
import { TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { checkAppCode, checkSecondFactorCode, groupedSecret, newAuthenticatorSecret, otpauthUri, removeSecondFactor } from './authenticator-codes.js'
import { authenticatorOf, hasAuthenticator, startAuthenticator } from './authenticators.js'
import { newRecoveryCodes, normaliseRecoveryCode, recoveryCodesLeft, spendRecoveryCode } from './recovery-codes.js'
import { createUser } from './users.js'

let db: Kysely<Database>
beforeAll(async () => {
  db = await openTestDatabase()
})
afterAll(() => db.destroy())

const now = new Date('2026-03-01T10:00:10Z')
const codeAt = (secret: string, at: Date) => new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at.getTime() })
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000)

describe('authenticator codes', () => {
  it('turns on with the app’s first code only, then accepts a code one step either side, each step once', async () => {
    const ada = await createUser(db, { email: 'ada.totp@example.com', name: 'Ada', password: 'long enough' })
    const secret = newAuthenticatorSecret()
    expect(await startAuthenticator(db, ada.id, secret, now)).toBe(true)
    expect(await hasAuthenticator(db, ada.id)).toBe(false)
    // Not on yet: a sign-in's check refuses even the right code.
    expect(await checkAppCode(db, ada.id, codeAt(secret, now), now)).toBe('wrong')
    expect(await checkAppCode(db, ada.id, '000000x', now, { confirm: true })).toBe('wrong')
    expect(await checkAppCode(db, ada.id, codeAt(secret, now), now, { confirm: true })).toBe('otp')
    expect(await hasAuthenticator(db, ada.id)).toBe(true)
    // A second set-up is refused while one is on.
    expect(await startAuthenticator(db, ada.id, newAuthenticatorSecret(), now)).toBe(false)
    // The confirming code's step is spent; a phone 30 s behind (the previous step) is older still.
    expect(await checkAppCode(db, ada.id, codeAt(secret, now), now)).toBe('replayed')
    expect(await checkAppCode(db, ada.id, codeAt(secret, later(-30)), now)).toBe('replayed')
    // A phone 30 s ahead: accepted once.
    expect(await checkAppCode(db, ada.id, codeAt(secret, later(30)), now)).toBe('otp')
    expect(await checkAppCode(db, ada.id, codeAt(secret, later(30)), later(5))).toBe('replayed')
    // Two steps off: no code at all.
    expect(await checkAppCode(db, ada.id, codeAt(secret, later(120)), later(30))).toBe('wrong')
  })

  it('keeps the key sealed for its account: the stored value is no key, and moved to another account it does not open', async () => {
    const [ada, bob] = await Promise.all([
      createUser(db, { email: 'ada.sealed@example.com', name: 'Ada', password: 'long enough' }),
      createUser(db, { email: 'bob.sealed@example.com', name: 'Bob', password: 'long enough' }),
    ])
    const secret = newAuthenticatorSecret()
    await startAuthenticator(db, ada.id, secret, now)
    await startAuthenticator(db, bob.id, newAuthenticatorSecret(), now)
    const stored = await db.selectFrom('authenticators').select(['user_id', 'secret']).execute()
    const adas = stored.find((row) => row.user_id === ada.id)!.secret
    expect(adas).not.toContain(secret)
    await db.updateTable('authenticators').set({ secret: adas }).where('user_id', '=', bob.id).execute()
    expect((await authenticatorOf(db, ada.id))?.secret).toBe(secret)
    expect(await authenticatorOf(db, bob.id)).toBeUndefined()
  })

  it('makes ten distinct recovery codes, stores only digests, takes each once and tells a used one from an unknown one', async () => {
    const ada = await createUser(db, { email: 'ada.recovery@example.com', name: 'Ada', password: 'long enough' })
    await startAuthenticator(db, ada.id, newAuthenticatorSecret(), now)
    const codes = await newRecoveryCodes(db, ada.id, now)
    expect(new Set(codes).size).toBe(10)
    const stored = await db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', ada.id).execute()
    for (const code of codes) expect(stored.map((row) => row.code_hash)).not.toContain(code)
    expect(await spendRecoveryCode(db, ada.id, ` ${codes[3]!.toUpperCase().replace('-', ' ')} `, now)).toBe('spent')
    expect(await spendRecoveryCode(db, ada.id, codes[3]!, now)).toBe('used')
    expect(await checkSecondFactorCode(db, ada.id, { recoveryCode: codes[3]! }, now)).toBe('used')
    expect(await checkSecondFactorCode(db, ada.id, { recoveryCode: 'abcd-efgh' }, now)).toBe('wrong')
    expect(await checkSecondFactorCode(db, ada.id, { recoveryCode: codes[4]! }, now)).toBe('recovery')
    expect(await recoveryCodesLeft(db, ada.id)).toBe(8)
    // Codes are the account's own.
    const bob = await createUser(db, { email: 'bob.recovery@example.com', name: 'Bob', password: 'long enough' })
    expect(await spendRecoveryCode(db, bob.id, codes[5]!, now)).toBe('unknown')
    // New codes replace the old ones; removing the app removes them all.
    const fresh = await newRecoveryCodes(db, ada.id, now)
    expect(await spendRecoveryCode(db, ada.id, codes[6]!, now)).toBe('unknown')
    await removeSecondFactor(db, ada.id)
    expect(await spendRecoveryCode(db, ada.id, fresh[0]!, now)).toBe('unknown')
    expect(await authenticatorOf(db, ada.id)).toBeUndefined()
  })

  it('reads a recovery code as people type it, and says the key and URI as apps take them', () => {
    expect(normaliseRecoveryCode('AB3D EF7H')).toBe('ab3d-ef7h')
    expect(normaliseRecoveryCode('ab3d-ef7')).toBeUndefined()
    // 0, 1, i, l and o are not in the alphabet: a code holding one is no code.
    expect(normaliseRecoveryCode('ab0d-ef7h')).toBeUndefined()
    expect(groupedSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')
    const uri = new URL(otpauthUri({ secret: 'JBSWY3DPEHPK3PXP', issuer: 'Acme ID', label: 'ada@example.com' }))
    expect(uri.protocol).toBe('otpauth:')
    expect(uri.host).toBe('totp')
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ issuer: 'Acme ID', secret: 'JBSWY3DPEHPK3PXP', algorithm: 'SHA1', digits: '6', period: '30' })
    expect(decodeURIComponent(uri.pathname)).toBe('/Acme ID:ada@example.com')
  })
})
