import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import { InvalidInput } from '../invalid-input.js'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { createUser, usersOfOrganisation } from './users.js'

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
