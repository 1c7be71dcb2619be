import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import { InvalidInput } from '../invalid-input.js'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { changeAccount, changeEmail, createUser, newestUsers, setPasswordHash, setProfile, userById, usersOfOrganisation } from './users.js'

let db: Kysely<Database>
beforeAll(async () => {
  db = await openTestDatabase()
})
afterAll(() => db.destroy())

describe('createUser', () => {
  it('makes one account of an e-mail address registered several times at once, and refuses the others by name', async () => {
    const attempts = await Promise.allSettled(
      [1, 2, 3].map(() => createUser(db, { email: 'twice@example.com', name: 'Twice', password: 'long enough' })),
    )
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1)
    for (const attempt of attempts.filter((attempt) => attempt.status === 'rejected')) {
      expect(attempt.reason).toBeInstanceOf(InvalidInput)
      expect((attempt.reason as InvalidInput).message).toBe('an account with the email twice@example.com exists already')
    }
  })

  it.each(['javascript:alert(1)', 'data:image/png;base64,AAAA', 'not a url'])('refuses the picture %s', async (picture) => {
    await expect(createUser(db, { email: 'pic@example.com', name: 'Pic', password: 'long enough', picture })).rejects.toThrow(
      'picture must be an http or https URL',
    )
  })
})

describe('usersOfOrganisation', () => {
  it("lists an organisation's accounts by e-mail address, and no one else's", async () => {
    await createUser(db, { email: 'zoe@org-a.example', name: 'Zoe', password: 'long enough', svcApp: 'ORGA' })
    await createUser(db, { email: 'ada@org-a.example', name: 'Ada', password: 'long enough', svcApp: 'ORGA' })
    await createUser(db, { email: 'bob@org-b.example', name: 'Bob', password: 'long enough', svcApp: 'ORGB' })
    expect((await usersOfOrganisation(db, 'ORGA')).map((user) => user.email)).toEqual(['ada@org-a.example', 'zoe@org-a.example'])
    expect(await usersOfOrganisation(db, 'ORGC')).toEqual([])
  })
})

// The account changes below were run on PostgreSQL only by app-level tests (password reset, the
// account page, the management API's people list) until those left the PostgreSQL leg.
describe('account changes', () => {
  const now = new Date('2026-07-01T10:00:00.000Z')

  it('replaces the password hash, marking the address verified only when asked', async () => {
    const user = await createUser(db, { email: 'hash@example.com', name: 'Hash', password: 'long enough', emailVerified: false })
    await setPasswordHash(db, user.id, 'scrypt$new', { emailVerified: false, now })
    expect(await userById(db, user.id)).toMatchObject({ password_hash: 'scrypt$new', email_verified: 0, updated_at: now.toISOString() })
    await setPasswordHash(db, user.id, 'scrypt$newer', { emailVerified: true, now })
    expect(await userById(db, user.id)).toMatchObject({ password_hash: 'scrypt$newer', email_verified: 1 })
  })

  it('changes the address and confirms it, unless another account holds it by now', async () => {
    const user = await createUser(db, { email: 'old@example.com', name: 'Old', password: 'long enough', emailVerified: false })
    await createUser(db, { email: 'held@example.com', name: 'Holder', password: 'long enough' })
    expect(await changeEmail(db, user.id, 'held@example.com', now)).toBe(false)
    expect(await userById(db, user.id)).toMatchObject({ email: 'old@example.com', email_verified: 0 })
    expect(await changeEmail(db, user.id, 'new@example.com', now)).toBe(true)
    expect(await changeEmail(db, user.id, 'new@example.com', now)).toBe(true)
    expect(await userById(db, user.id)).toMatchObject({ email: 'new@example.com', email_verified: 1 })
  })

  it('stores the profile, clearing fields set to null, and refuses an unsafe name', async () => {
    const user = await createUser(db, { email: 'profile@example.com', name: 'Ada Lovelace', password: 'long enough', picture: 'https://example.com/a.png' })
    await setProfile(db, user.id, { name: 'Ada King', given_name: 'Ada', family_name: null, picture: null }, now)
    expect(await userById(db, user.id)).toMatchObject({ name: 'Ada King', given_name: 'Ada', family_name: null, picture: null })
    await expect(setProfile(db, user.id, { name: '', given_name: null, family_name: null, picture: null }, now)).rejects.toBeInstanceOf(InvalidInput)
    expect((await userById(db, user.id))!.name).toBe('Ada King')
  })

  it("changes only the fields given of an operator's change, and clears a role with null", async () => {
    const user = await createUser(db, { email: 'change@example.com', name: 'Grace', password: 'long enough', svcApp: 'ORGCHANGE0001', svcRole: 'admin' })
    await changeAccount(db, user.id, { name: 'Grace Brewster Hopper', svcAccess: ['Ads:Edit'], svcMaster: true }, now)
    expect(await userById(db, user.id)).toMatchObject({
      name: 'Grace Brewster Hopper',
      given_name: 'Grace',
      family_name: 'Brewster Hopper',
      svc_app: 'ORGCHANGE0001',
      svc_role: 'admin',
      svc_access: '["Ads:Edit"]',
      svc_master: 1,
    })
    await changeAccount(db, user.id, { svcRole: null, svcMaster: false }, now)
    expect(await userById(db, user.id)).toMatchObject({ svc_role: null, svc_master: 0, name: 'Grace Brewster Hopper' })
  })
})

describe('newestUsers', () => {
  it('pages an organisation newest first below a cursor, matching text in any case and wildcards literally', async () => {
    const org = 'ORGNEWEST0001'
    const made = []
    for (const [email, name] of [
      ['a_1@newest.example', 'Alpha'],
      ['b@newest.example', 'Beta 100% Sure'],
      ['C@Newest.example', 'Gamma'],
      ['d@newest.example', 'Delta'],
    ] as const)
      made.push(await createUser(db, { email, name, password: 'long enough', svcApp: org }))
    await createUser(db, { email: 'e@newest.example', name: 'Elsewhere', password: 'long enough', svcApp: 'ORGOTHER00001' })
    const emails = (users: { email: string }[]) => users.map((user) => user.email)
    const firstPage = await newestUsers(db, { organisation: org, limit: 2 })
    expect(emails(firstPage)).toEqual(['d@newest.example', 'c@newest.example'])
    expect(emails(await newestUsers(db, { organisation: org, limit: 2, beforeId: firstPage[1]!.id }))).toEqual(['b@newest.example', 'a_1@newest.example'])
    expect(emails(await newestUsers(db, { organisation: org, text: ' NEWEST ', limit: 10 }))).toHaveLength(4)
    expect(emails(await newestUsers(db, { organisation: org, text: 'gAmMa', limit: 10 }))).toEqual(['c@newest.example'])
    expect(emails(await newestUsers(db, { organisation: org, text: '_', limit: 10 }))).toEqual(['a_1@newest.example'])
    expect(emails(await newestUsers(db, { organisation: org, text: '0%', limit: 10 }))).toEqual(['b@newest.example'])
    expect(made).toHaveLength(4)
  })
})
