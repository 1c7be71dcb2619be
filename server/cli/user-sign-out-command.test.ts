import { userInfo } from 'node:os'
import { beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/open-database.js'
import { liveSessionsOf } from '../grants/sessions.js'
import { migratedDatabaseFile, runCliOn } from '../testing/cli-runner.js'

let dbPath: string
beforeEach(async () => {
  dbPath = await migratedDatabaseFile('svc-sign-out-')
  for (const email of ['ada@example.com', 'grace@example.com'])
    expect((await cli('user', 'create', '--email', email, '--name', 'Some One', '--password', 'long enough')).exitCode).toBe(0)
})

const cli = (...argv: string[]) => runCliOn(dbPath, argv)
async function json(...argv: string[]) {
  const result = await cli(...argv, '--json')
  return { ...result, body: JSON.parse(result.stdout) }
}

/** Two browsers signed in as each account, as the login page would have left them. */
async function withSessions<T>(work: (live: (email: string) => Promise<number>) => Promise<T>): Promise<T> {
  const db = await openDatabase({ sqlitePath: dbPath })
  try {
    const now = new Date()
    const users = await db.selectFrom('users').select(['id', 'email']).execute()
    for (const [index, user] of users.entries())
      for (const browser of [1, 2])
        await db
          .insertInto('sessions')
          .values({
            session_hash: `${index}-${browser}`,
            user_id: user.id,
            auth_time: Math.floor(now.getTime() / 1000),
            created_at: now.toISOString(),
            user_agent: 'Firefox/133.0',
            last_active_at: now.toISOString(),
            expires_at: new Date(now.getTime() + 3600_000).toISOString(),
            ended_at: null,
          })
          .execute()
    const idOf = (email: string) => users.find((user) => user.email === email)!.id
    return await work(async (email) => (await liveSessionsOf(db, idOf(email), new Date())).length)
  } finally {
    await db.destroy()
  }
}

describe('svc-bff user sign-out', () => {
  it('ends every session of that account only, says how many, and the audit log names the command line', async () => {
    await withSessions(async (live) => {
      const signedOut = await json('user', 'sign-out', 'ada@example.com')
      expect(signedOut.exitCode).toBe(0)
      expect(signedOut.body).toEqual({ signed_out: { account: expect.stringMatching(/^ACC\d+$/), email: 'ada@example.com', sessions: 2 } })
      expect([await live('ada@example.com'), await live('grace@example.com')]).toEqual([0, 2])

      const again = await cli('user', 'sign-out', '--email', 'ada@example.com')
      expect(again.stdout).toBe(
        'Signed ada@example.com out everywhere: 0 sessions ended, and the tokens their applications held are revoked.',
      )
    })
    const events = (await json('audit', 'list', '--action', 'person.signed_out_everywhere')).body.events
    expect(events.map((event: { actor: unknown; target: { name: string } }) => [event.actor, event.target.name])).toEqual([
      [{ kind: 'cli', code: userInfo().username, email: null }, 'ada@example.com'],
      [{ kind: 'cli', code: userInfo().username, email: null }, 'ada@example.com'],
    ])
  })

  it('refuses an unknown account, no account, or two, with a sentence and nothing changed', async () => {
    await withSessions(async (live) => {
      expect(await json('user', 'sign-out', 'nobody@example.com')).toMatchObject({
        exitCode: 1,
        body: { error: { message: 'no account has the email nobody@example.com' } },
      })
      expect(await json('user', 'sign-out')).toMatchObject({
        exitCode: 2,
        body: { error: { message: 'name the account: user sign-out EMAIL (or --email E, or --sub S)' } },
      })
      expect(await json('user', 'sign-out', 'ada@example.com', '--sub', 'ACC1')).toMatchObject({
        exitCode: 2,
        body: { error: { message: 'name the account once: an e-mail address, --email or --sub' } },
      })
      expect(await live('ada@example.com')).toBe(2)
    })
    expect((await json('audit', 'list', '--action', 'person.signed_out_everywhere')).body.events).toEqual([])
  })
})
