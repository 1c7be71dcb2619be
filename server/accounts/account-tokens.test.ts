import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { issueAccountToken, pendingEmail, useAccountToken } from './account-tokens.js'
import { createUser } from './users.js'

let db: Kysely<Database>
beforeAll(async () => {
  db = await openTestDatabase()
})
afterAll(() => db.destroy())

describe('pendingEmail', () => {
  const now = new Date('2026-01-01T00:00:00Z')
  const later = (hours: number) => new Date(now.getTime() + hours * 3600 * 1000)

  it('names the newest address a usable change link would move the account to, and nothing once it is used or expired', async () => {
    const user = await createUser(db, { email: 'ada@example.com', name: 'Ada', password: 'long enough' })
    expect(await pendingEmail(db, user.id, now)).toBeNull()
    // A sign-up confirmation is a verify_email token too, but moves the account nowhere.
    await issueAccountToken(db, { userId: user.id, purpose: 'verify_email', continueTo: null, now })
    expect(await pendingEmail(db, user.id, now)).toBeNull()

    await issueAccountToken(db, { userId: user.id, purpose: 'verify_email', continueTo: null, now, newEmail: 'ada@old-wish.example' })
    const newest = await issueAccountToken(db, {
      userId: user.id,
      purpose: 'verify_email',
      continueTo: null,
      now,
      newEmail: 'ada@new.example',
    })
    expect(await pendingEmail(db, user.id, now)).toBe('ada@new.example')
    expect(await pendingEmail(db, user.id, later(25))).toBeNull()

    expect(await useAccountToken(db, newest, 'verify_email', now)).toBeDefined()
    expect(await pendingEmail(db, user.id, now)).toBe('ada@old-wish.example')
  })
})
