import { beforeEach, describe, expect, it } from 'vitest'
import { claimsFor } from '../accounts/users.js'
import { CONSOLE_SCOPES } from '../console/console-sessions.js'
import { rolesFrom } from '../console/roles.js'
import { openDatabase } from '../db/open-database.js'
import { migratedDatabaseFile, runCliOn, tableCells } from '../testing/cli-runner.js'

let dbPath: string
let org: string
beforeEach(async () => {
  dbPath = await migratedDatabaseFile('svc-users-')
  org = (await json('org', 'create', '--name', 'Acme')).body.code
})

const cli = (...argv: string[]) => runCliOn(dbPath, argv)
async function json(...argv: string[]) {
  const result = await cli(...argv, '--json')
  return { ...result, body: JSON.parse(result.stdout) }
}
const create = (email: string, ...flags: string[]) =>
  json('user', 'create', '--email', email, '--name', 'Some One', '--password', 'long enough', ...flags)

/** What the console grants the account on its next request: it reads the row as it is then. */
async function consoleRoles(email: string) {
  const db = await openDatabase({ sqlitePath: dbPath })
  try {
    const user = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()
    return rolesFrom(claimsFor(user, CONSOLE_SCOPES))
  } finally {
    await db.destroy()
  }
}

describe('svc-bff user create --svc-role', () => {
  it('makes a marketer who edits the organisation ads in the console', async () => {
    expect((await create('m@acme.example', '--svc-app', org, '--svc-role', 'marketer')).exitCode).toBe(0)
    expect(await consoleRoles('m@acme.example')).toEqual({
      organisation: org,
      ads: true,
      apiKeys: false,
      developer: false,
      operator: false,
    })
  })

  it('refuses any word user invite does not take, naming the list, and creates nothing', async () => {
    const typo = await create('t@acme.example', '--svc-app', org, '--svc-role', 'markter')
    expect(typo.exitCode).toBe(2)
    expect(typo.body.error.message).toBe('--svc-role must be admin or marketer or developer')
    expect((await json('user', 'list')).body.users).toEqual([])
  })

  it('warns that an organisation role without an organisation gives nothing', async () => {
    const result = await create('a@acme.example', '--svc-role', 'admin')
    expect(result.exitCode).toBe(0)
    expect(result.stderr).toBe('svc-bff: warning: --svc-role admin gives nothing until the account has an organisation (--svc-app CODE)')
  })
})

describe('svc-bff user list', () => {
  it('lists every account with its roles, operator included, or one organisation', async () => {
    const other = (await json('org', 'create', '--name', 'Other')).body.code
    await create('op@svc.example', '--svc-master')
    await create('boss@acme.example', '--svc-app', org, '--svc-role', 'admin')
    await create('dev@svc.example', '--svc-role', 'developer')
    await create('m@other.example', '--svc-app', other, '--svc-role', 'marketer')

    const all = await json('user', 'list')
    expect(all.body.users.map((user: { email: string; roles: string[] }) => [user.email, user.roles])).toEqual([
      ['boss@acme.example', ['admin']],
      ['dev@svc.example', ['developer']],
      ['m@other.example', ['marketer']],
      ['op@svc.example', ['operator']],
    ])
    expect(all.body.users[2]).toEqual({
      sub: expect.stringMatching(/^ACC\d+$/),
      email: 'm@other.example',
      name: 'Some One',
      email_verified: true,
      state: 'active',
      organisation: other,
      roles: ['marketer'],
      svc_role: 'marketer',
      svc_access: ['Ads:Edit'],
      created_at: expect.any(String),
    })
    expect(all.stdout).not.toContain('scrypt')

    const acme = await cli('user', 'list', '--org', org)
    expect(tableCells(acme.stdout)).toEqual([
      ['ACCOUNT', 'EMAIL', 'NAME', 'STATE', 'ROLES', 'ORGANISATION'],
      [expect.stringMatching(/^ACC\d+$/), 'boss@acme.example', 'Some One', 'active', 'admin', org],
    ])
    expect((await json('user', 'list', '--org', 'ORG0000000000')).body.error).toEqual({
      message: 'no organisation has the code ORG0000000000',
      exit_code: 1,
    })
  })
})

describe('svc-bff user update', () => {
  it('changes the role, and the console grants the new one on the next request', async () => {
    await create('grace@acme.example', '--svc-app', org, '--svc-role', 'marketer', '--svc-access', 'Reports:Read')
    const admin = await json('user', 'update', '--email', 'grace@acme.example', '--role', 'admin')
    expect(admin.exitCode).toBe(0)
    // The marketer's Ads:Edit went with the role; the entry given on its own stays.
    expect(admin.body.user).toMatchObject({ roles: ['admin'], svc_role: 'admin', svc_access: ['Reports:Read'], organisation: org })
    expect(await consoleRoles('grace@acme.example')).toMatchObject({ ads: true, apiKeys: true })

    const none = await json('user', 'update', '--email', 'grace@acme.example', '--role', 'none')
    expect(none.body.user).toMatchObject({ roles: [], svc_role: null, svc_access: ['Reports:Read'] })
    expect(await consoleRoles('grace@acme.example')).toMatchObject({ ads: false, apiKeys: false, developer: false, operator: false })
  })

  it('moves an account to an organisation, renames it and makes or unmakes an operator, by e-mail or code', async () => {
    const other = (await json('org', 'create', '--name', 'Other')).body.code
    const { sub } = (await create('ada@acme.example', '--svc-master')).body
    await create('bob@acme.example')

    const moved = await json('user', 'update', '--sub', sub, '--org', other, '--role', 'marketer', '--name', 'Ada King')
    expect(moved.body.user).toMatchObject({ sub, name: 'Ada King', organisation: other, roles: ['operator', 'marketer'] })
    expect((await cli('user', 'update', '--email', 'ada@acme.example', '--name', 'Ada Lovelace')).stdout).toBe(
      `Updated: ${sub}  ada@acme.example  Ada Lovelace  active  operator, marketer in ${other}`,
    )

    const last = await json('user', 'update', '--email', 'ada@acme.example', '--no-operator')
    expect(last.body.error).toEqual({
      message: 'ada@acme.example is the only operator; make another account operator first (user update --operator)',
      exit_code: 1,
    })
    expect((await json('user', 'update', '--email', 'bob@acme.example', '--operator')).body.user.roles).toEqual(['operator'])
    expect((await json('user', 'update', '--email', 'ada@acme.example', '--no-operator')).body.user.roles).toEqual(['marketer'])
    expect(await consoleRoles('ada@acme.example')).toMatchObject({ operator: false, ads: true, organisation: other })
  })

  it('disables an account and enables it again, shown as its state, and never the last operator', async () => {
    await create('grace@acme.example', '--svc-app', org, '--svc-role', 'marketer')
    const disabled = await json('user', 'update', '--email', 'grace@acme.example', '--disable')
    expect(disabled.exitCode).toBe(0)
    expect(disabled.body.user).toMatchObject({ state: 'disabled', roles: ['marketer'] })
    const listed = await cli('user', 'list')
    expect(tableCells(listed.stdout)).toContainEqual([
      expect.stringMatching(/^ACC\d+$/),
      'grace@acme.example',
      'Some One',
      'disabled',
      'marketer',
      org,
    ])
    // The console refuses it from the next request: its row says so.
    const db = await openDatabase({ sqlitePath: dbPath })
    try {
      const row = await db.selectFrom('users').select('disabled_at').where('email', '=', 'grace@acme.example').executeTakeFirstOrThrow()
      expect(row.disabled_at).toEqual(expect.any(String))
    } finally {
      await db.destroy()
    }
    expect((await json('user', 'update', '--email', 'grace@acme.example', '--enable')).body.user).toMatchObject({ state: 'active' })
    const audit = (await json('audit', 'list', '--action', 'person.')).body.events as { action: string; actor: { kind: string } }[]
    expect(audit.slice(0, 2).map(({ action, actor }) => [action, actor.kind])).toEqual([
      ['person.enabled', 'cli'],
      ['person.disabled', 'cli'],
    ])

    await create('ada@acme.example', '--svc-master')
    const last = await json('user', 'update', '--email', 'ada@acme.example', '--disable', '--name', 'Ada King')
    expect(last.body.error).toEqual({
      message: 'ada@acme.example is the only operator; make another account operator first (user update --operator)',
      exit_code: 1,
    })
    expect((await json('user', 'list')).body.users[0]).toMatchObject({ email: 'ada@acme.example', name: 'Some One', state: 'active' })
    // A disabled operator does not count: with Bob disabled, Ada is still the last one who can sign in.
    await create('bob@acme.example', '--svc-master')
    expect((await json('user', 'update', '--email', 'bob@acme.example', '--disable')).body.user.state).toBe('disabled')
    expect((await json('user', 'update', '--email', 'ada@acme.example', '--no-operator')).body.error.message).toMatch(/only operator/)
  })

  it('warns when an organisation role is left without an organisation', async () => {
    await create('dev@svc.example')
    const result = await json('user', 'update', '--email', 'dev@svc.example', '--role', 'marketer')
    expect(result.exitCode).toBe(0)
    expect(result.stderr).toBe('svc-bff: warning: --role marketer gives nothing until the account has an organisation (--org CODE)')
  })

  it.each([
    [['--email', 'x@acme.example', '--role', 'markter'], 2, '--role must be admin or marketer or developer or none'],
    [['--email', 'x@acme.example', '--operator', '--no-operator'], 2, 'give --operator or --no-operator, not both'],
    [['--email', 'x@acme.example'], 2, 'nothing to change: give --name, --role, --org, --operator, --no-operator, --disable or --enable'],
    [['--email', 'x@acme.example', '--disable', '--enable'], 2, 'give --disable or --enable, not both'],
    [['--role', 'admin'], 2, 'name the account with --email or --sub'],
    [['--email', 'nobody@acme.example', '--role', 'admin'], 1, 'no account has the email nobody@acme.example'],
    [['--email', 'x@acme.example', '--org', 'ORG0000000000'], 1, 'no organisation has the code ORG0000000000'],
    [['--email', 'x@acme.example', '--name', ' '], 1, expect.stringMatching(/^name /)],
  ])('refuses %j with exit %i and changes nothing', async (flags, exitCode, message) => {
    await create('x@acme.example', '--svc-app', org, '--svc-role', 'marketer')
    const result = await json('user', 'update', ...flags)
    expect(result.body).toEqual({ error: { message, exit_code: exitCode } })
    expect(result.exitCode).toBe(exitCode)
    expect((await json('user', 'list')).body.users[0]).toMatchObject({ name: 'Some One', roles: ['marketer'], organisation: org })
  })
})
