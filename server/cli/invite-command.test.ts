import { beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/open-database.js'
import { migratedDatabaseFile, runCliOn } from '../testing/cli-runner.js'

let dbPath: string
beforeEach(async () => {
  dbPath = await migratedDatabaseFile('svc-invite-')
})

const cli = (...argv: string[]) => runCliOn(dbPath, argv, { SVC_ISSUER: 'https://id.example.com' })

async function stored() {
  const db = await openDatabase({ sqlitePath: dbPath })
  try {
    return {
      users: await db.selectFrom('users').selectAll().execute(),
      mails: await db.selectFrom('mail_outbox').selectAll().execute(),
    }
  } finally {
    await db.destroy()
  }
}

describe('svc-bff user invite', () => {
  it('makes an unverified account with the claims given and queues the mail with its link', async () => {
    const org = JSON.parse((await cli('org', 'create', '--name', 'Acme', '--json')).stdout)
    const result = await cli(
      'user',
      'invite',
      '--email',
      'Grace@Example.com',
      '--name',
      'Grace Hopper',
      '--svc-app',
      org.code,
      '--svc-role',
      'marketer',
      '--json',
    )
    expect(result.exitCode).toBe(0)
    const body = JSON.parse(result.stdout)
    expect(body).toEqual({ sub: expect.stringMatching(/^ACC/), invited: 'grace@example.com' })
    const { users, mails } = await stored()
    expect(users).toEqual([
      expect.objectContaining({
        sub: body.sub,
        email_verified: 0,
        svc_app: org.code,
        svc_role: 'marketer',
        svc_access: '["Ads:Edit"]',
        svc_master: 0,
      }),
    ])
    expect(mails).toEqual([expect.objectContaining({ recipient: 'grace@example.com', subject: 'You are invited to svc' })])
    expect(mails[0]!.text).toMatch(/https:\/\/id\.example\.com\/accept-invitation\?token=[\w-]{43}/)
  })

  it('writes the mail in --locale, and its link opens the pages in that language', async () => {
    expect((await cli('user', 'invite', '--email', 'hedy@example.com', '--locale', 'de')).exitCode).toBe(0)
    const { mails } = await stored()
    expect(mails[0]!.subject).toBe('Sie sind zu svc eingeladen')
    // No person invites from the command line: the product's team does, in the mail's language.
    expect(mails[0]!.text).toContain('Das svc-Team hat Sie zu svc eingeladen.')
    expect(mails[0]!.text).toMatch(/accept-invitation\?token=[\w-]{43}&ui_locales=de/)
    const refused = await cli('user', 'invite', '--email', 'alan@example.com', '--locale', 'klingon')
    expect(refused.exitCode).not.toBe(0)
    expect(refused.stderr).toContain('--locale must be')
  })

  it('refuses an e-mail that has an account, an unknown organisation and an unknown role, changing nothing', async () => {
    await cli('user', 'invite', '--email', 'grace@example.com')
    const taken = await cli('user', 'invite', '--email', 'GRACE@example.com')
    expect(taken.exitCode).not.toBe(0)
    expect(taken.stderr).toContain('an account with the email grace@example.com exists already')
    const unknownOrg = await cli('user', 'invite', '--email', 'alan@example.com', '--svc-app', 'ORG000000000')
    expect(unknownOrg.exitCode).not.toBe(0)
    expect(unknownOrg.stderr).toMatch(/ORG000000000/)
    const role = await cli('user', 'invite', '--email', 'alan@example.com', '--svc-role', 'owner')
    expect(role.exitCode).not.toBe(0)
    expect(role.stderr).toContain('--svc-role must be admin or marketer or developer')
    const { users, mails } = await stored()
    expect(users.map((u) => u.email)).toEqual(['grace@example.com'])
    expect(mails).toHaveLength(1)
  })
})
