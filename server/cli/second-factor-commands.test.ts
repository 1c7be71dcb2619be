import { userInfo } from 'node:os'
import { beforeEach, describe, expect, it } from 'vitest'
import { authenticatorOf, spendTimeStep, startAuthenticator } from '../accounts/authenticators.js'
import { newRecoveryCodes, recoveryCodesLeft } from '../accounts/recovery-codes.js'
import { listAuditEvents } from '../audit/audit-events.js'
import { openDatabase } from '../db/open-database.js'
import type { Database } from '../db/schema.js'
import type { Kysely } from 'kysely'
import { migratedDatabaseFile, runCliOn } from '../testing/cli-runner.js'

let dbPath: string
beforeEach(async () => {
  dbPath = await migratedDatabaseFile('svc-second-factor-')
  expect((await cli('user', 'create', '--email', 'ada@example.com', '--name', 'Ada Lovelace', '--password', 'long enough')).exitCode).toBe(
    0,
  )
})

const cli = (...argv: string[]) => runCliOn(dbPath, argv)
async function json(...argv: string[]) {
  const result = await cli(...argv, '--json')
  return { ...result, body: JSON.parse(result.stdout) }
}
async function inDatabase<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const db = await openDatabase({ sqlitePath: dbPath })
  try {
    return await work(db)
  } finally {
    await db.destroy()
  }
}
const ada = (db: Kysely<Database>) => db.selectFrom('users').selectAll().where('email', '=', 'ada@example.com').executeTakeFirstOrThrow()

describe('svc-bff console require-second-factor', () => {
  it('says whether it is on, turns it on and off, and records each change with the command line as actor', async () => {
    expect((await cli('console', 'require-second-factor')).stdout).toBe('A second factor is not required for console roles.')
    expect((await json('console', 'require-second-factor', 'on')).body).toEqual({ required: true, changed: true })
    const again = await cli('console', 'require-second-factor', 'on')
    expect(again.stdout).toMatch(/^A second factor is required for console roles: .*\(It already was\.\)$/)
    expect((await json('console', 'require-second-factor', 'off')).body).toEqual({ required: false, changed: true })
    const wrong = await cli('console', 'require-second-factor', 'maybe')
    expect(wrong.exitCode).toBe(2)
    expect(wrong.stderr).toContain('say on or off')
    const events = await inDatabase((db) => listAuditEvents(db, { actionPrefix: 'console.' }))
    expect(events.events.map((event) => [event.action, event.actor])).toEqual([
      ['console.second_factor_not_required', { kind: 'cli', code: userInfo().username, email: null }],
      ['console.second_factor_required', { kind: 'cli', code: userInfo().username, email: null }],
    ])
  })
})

describe('svc-bff user second-factor remove', () => {
  it('removes the account’s authenticator app and recovery codes, mails the person, and records it', async () => {
    await inDatabase(async (db) => {
      const user = await ada(db)
      await startAuthenticator(db, user.id, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', new Date())
      expect(await spendTimeStep(db, user.id, 1, new Date(), { confirm: true })).toBe(true)
      await newRecoveryCodes(db, user.id, new Date())
    })
    const removed = await json('user', 'second-factor', 'remove', '--email', 'ada@example.com', '--locale', 'de')
    expect(removed.exitCode).toBe(0)
    expect(removed.body).toEqual({ removed: { account: expect.stringMatching(/^ACC\d+$/), email: 'ada@example.com' } })
    await inDatabase(async (db) => {
      const user = await ada(db)
      expect(await authenticatorOf(db, user.id)).toBeUndefined()
      expect(await recoveryCodesLeft(db, user.id)).toBe(0)
      const mail = await db.selectFrom('mail_outbox').select(['recipient', 'subject', 'text']).executeTakeFirstOrThrow()
      expect(mail).toMatchObject({
        recipient: 'ada@example.com',
        subject: 'Ihre svc-Authenticator-App wurde von einem Administrator entfernt',
      })
      expect(mail.text).toContain('http://localhost:8787/console/account?ui_locales=de#authenticator')
      expect((await listAuditEvents(db, { actionPrefix: 'person.authenticator_removed' })).events).toHaveLength(1)
    })

    const nothing = await cli('user', 'second-factor', 'remove', 'ada@example.com')
    expect(nothing.exitCode).toBe(1)
    expect(nothing.stderr).toContain('Ada Lovelace has no authenticator app set up: there is nothing to remove.')
    const unnamed = await cli('user', 'second-factor', 'remove')
    expect(unnamed.exitCode).toBe(2)
  })
})
