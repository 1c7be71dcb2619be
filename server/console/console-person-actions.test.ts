/**
 * @module Tests of the People page's API beyond inviting: who sees whom
 * (search, pages), and every action on one person with each refusal the
 * server makes whatever the page offers.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createUser, userByEmail } from '../accounts/users.js'
import { invite } from '../account-changes/invitations.js'
import { DEFAULT_BRANDING } from '../branding.js'
import { createOrganisation } from '../orgs/organisations.js'
import { listAuditEvents } from '../audit/audit-events.js'
import { consoleUser, type ConsoleUser } from '../testing/console-user.js'
import { type IdentityFixture, identityFixture, ScriptedBrowser } from '../testing/identity-fixture.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture({ signup: 'closed' })
})
afterEach(() => idp.close())

async function setting() {
  const mine = await createOrganisation(idp.db, { name: 'Mine' })
  const theirs = await createOrganisation(idp.db, { name: 'Theirs' })
  const operator = await consoleUser(idp, { svcMaster: true })
  const admin = await consoleUser(idp, { svcApp: mine.code, svcRole: 'admin' })
  const marketer = await consoleUser(idp, { svcApp: mine.code, svcAccess: ['Ads:Edit'] })
  const stranger = await consoleUser(idp, { svcApp: theirs.code, svcRole: 'admin' })
  return { mine, theirs, operator, admin, marketer, stranger }
}

const body = async (res: Response) => [res.status, (await res.json()) as Record<string, any>] as const
const message = async (res: Response) => [res.status, ((await res.json()) as { message: string }).message] as const
const list = async (viewer: ConsoleUser, query = '') => (await (await viewer.api('GET', `/people${query}`)).json()) as Record<string, any>
const outbox = (email: string) => idp.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).orderBy('id').execute()

describe('who sees whom on the People page', () => {
  it('shows an operator everyone, searchable by name or e-mail and a page at a time; an admin only their organisation', async () => {
    const { mine, theirs, operator, admin } = await setting()
    await createUser(idp.db, { email: 'grace@theirs.example', name: 'Grace Hopper', password: 'long enough', svcApp: theirs.code })
    await createUser(idp.db, { email: 'layla@mine.example', name: 'ليلى عبد الله', password: 'long enough', svcApp: mine.code })

    const everyone = await list(operator)
    // Ada of the fixture, four console users, Grace and Layla; operators included.
    expect([everyone.organisation, everyone.total, everyone.people.length]).toEqual([null, 7, 7])
    expect(everyone.people.map((p: { role: string }) => p.role)).toContain('operator')
    expect(everyone.people.find((p: { email: string }) => p.email === 'grace@theirs.example').organisation).toEqual({
      code: theirs.code,
      name: 'Theirs',
    })

    expect((await list(operator, '?q=HOPPER')).people.map((p: { email: string }) => p.email)).toEqual(['grace@theirs.example'])
    expect((await list(operator, '?q=mine.example')).people.map((p: { email: string }) => p.email)).toEqual(['layla@mine.example'])
    expect((await list(operator, `?q=${encodeURIComponent('ليلى')}`)).total).toBe(1)
    // LIKE's wildcards are letters like any other.
    expect((await list(operator, '?q=%25')).total).toBe(0)
    expect((await list(operator, '?q=_')).total).toBe(0)
    expect((await list(operator, `?organisation=${theirs.code}`)).people.map((p: { email: string }) => p.email)).toEqual([
      'grace@theirs.example',
      expect.stringMatching(/^user/),
    ])

    const first = await list(operator, '?per_page=3')
    const third = await list(operator, '?per_page=3&page=3')
    expect([first.people.length, first.total, third.people.length]).toEqual([3, 7, 1])
    expect(await message(await operator.api('GET', '/people?per_page=101'))).toEqual([422, 'per_page must be a whole number from 1 to 100'])
    expect((await operator.api('GET', '/people?page=0')).status).toBe(422)
    expect((await operator.api('GET', '/people?organisation=ORG0000000000')).status).toBe(404)

    // The admin's search never leaves their organisation, whatever it asks for.
    const own = await list(admin, `?organisation=${theirs.code}`)
    expect([own.organisation, own.total]).toEqual([mine.code, 3])
    expect((await list(admin, '?q=grace')).total).toBe(0)
    expect((await list(admin, '?q=ليلى')).people[0]).toMatchObject({ name: 'ليلى عبد الله', state: 'active', role: 'none' })
  })
})

describe('changing a role', () => {
  it('lets an admin make their people admins, marketers or nothing, taking effect on the next request', async () => {
    const { admin, marketer } = await setting()
    expect((await (await marketer.api('GET', '/me')).json()).roles).toMatchObject({ ads: true, apiKeys: false })
    const [status, answer] = await body(await admin.api('POST', `/people/${marketer.me.sub}/role`, { role: 'admin' }))
    expect([status, answer.person.role]).toEqual([200, 'admin'])
    expect((await (await marketer.api('GET', '/me')).json()).roles).toMatchObject({ ads: true, apiKeys: true })
    expect((await body(await admin.api('POST', `/people/${marketer.me.sub}/role`, { role: 'none' })))[1].person.role).toBe('none')
    expect((await (await marketer.api('GET', '/me')).json()).roles).toMatchObject({ ads: false, apiKeys: false })
    expect((await body(await admin.api('POST', `/people/${marketer.me.sub}/role`, { role: 'marketer' })))[1].person.role).toBe('marketer')
    const row = (await userByEmail(idp.db, marketer.email))!
    expect([row.svc_role, row.svc_access]).toEqual(['marketer', '["Ads:Edit"]'])
  })

  it("refuses an admin a developer, the operator flag, another organisation's people and operators, each with a sentence", async () => {
    const { admin, marketer, stranger, operator } = await setting()
    const cases: [ConsoleUser, string, unknown, number, string][] = [
      [admin, marketer.me.sub, { role: 'developer' }, 403, 'Organisation admins give the admin and marketer roles; only an operator makes a developer.'],
      [admin, marketer.me.sub, { operator: true }, 403, 'Only an operator can make or unmake operators.'],
      [admin, marketer.me.sub, { role: 'owner' }, 422, 'Choose admin, marketer, developer or no role.'],
      [admin, marketer.me.sub, {}, 422, 'Choose the role to give.'],
      [admin, stranger.me.sub, { role: 'marketer' }, 403, 'You can only manage the people of your own organisation.'],
      [admin, operator.me.sub, { role: 'marketer' }, 403, 'You can only manage the people of your own organisation.'],
      [admin, 'ACC0000000000', { role: 'marketer' }, 404, 'This person’s account no longer exists. Reload the page.'],
      [marketer, admin.me.sub, { role: 'marketer' }, 403, 'only operators and organisation admins manage people'],
    ]
    for (const [viewer, sub, change, status, words] of cases)
      expect(await message(await viewer.api('POST', `/people/${sub}/role`, change))).toEqual([status, words])
    expect((await admin.api('POST', `/people/${marketer.me.sub}/role`, { role: 'admin' }, { csrf: false })).status).toBe(403)
    expect((await userByEmail(idp.db, marketer.email))!.svc_role).toBeNull()

    // An operator who sits in the admin's organisation is still out of the admin's reach.
    const colleague = await consoleUser(idp, { svcMaster: true, svcApp: (await userByEmail(idp.db, admin.email))!.svc_app! })
    expect(await message(await admin.api('POST', `/people/${colleague.me.sub}/disable`))).toEqual([
      403,
      'Only an operator can change Console User’s account, as they are an operator.',
    ])
  })

  it('lets an operator make and unmake operators, never the last one, and refuses an organisation role without an organisation', async () => {
    const { operator, marketer } = await setting()
    expect(await message(await operator.api('POST', `/people/${operator.me.sub}/role`, { operator: false }))).toEqual([
      409,
      'Console User is the only operator who can sign in, so they cannot be made a non-operator: make someone else an operator first.',
    ])
    expect((await body(await operator.api('POST', `/people/${marketer.me.sub}/role`, { operator: true })))[1].person.role).toBe('operator')
    expect((await (await marketer.api('GET', '/me')).json()).roles.operator).toBe(true)
    expect((await operator.api('POST', `/people/${operator.me.sub}/role`, { operator: false })).status).toBe(200)
    expect((await operator.api('GET', '/people')).status).toBe(403)

    const loner = await createUser(idp.db, { email: 'loner@example.com', name: 'Lone Wolf', password: 'long enough' })
    expect(await message(await marketer.api('POST', `/people/${loner.sub}/role`, { role: 'marketer' }))).toEqual([
      422,
      'Lone Wolf belongs to no organisation, so the marketer role would give them nothing. Invite them into an organisation instead.',
    ])
    expect((await body(await marketer.api('POST', `/people/${loner.sub}/role`, { role: 'developer' })))[1].person.role).toBe('developer')
  })
})

describe('disabling, signing out, mailing and removing', () => {
  it("disables and enables someone: their console session ends at once and stays ended; nobody disables themselves", async () => {
    const { admin, marketer } = await setting()
    expect(await message(await admin.api('POST', `/people/${admin.me.sub}/disable`))).toEqual([403, 'You cannot disable your own account.'])
    const [status, answer] = await body(await admin.api('POST', `/people/${marketer.me.sub}/disable`))
    expect([status, answer.person.state]).toEqual([200, 'disabled'])
    expect((await marketer.api('GET', '/me')).status).toBe(401)
    // Disabling twice is no error, and changes nothing.
    expect((await body(await admin.api('POST', `/people/${marketer.me.sub}/disable`)))[1].person.state).toBe('disabled')
    expect((await body(await admin.api('POST', `/people/${marketer.me.sub}/enable`)))[1].person.state).toBe('active')
    // The old session stays ended (account-disabling.test.ts signs in afresh).
    expect((await marketer.api('GET', '/me')).status).toBe(401)
  })

  it('signs someone out everywhere', async () => {
    const { admin, marketer } = await setting()
    expect((await admin.api('POST', `/people/${marketer.me.sub}/sign-out`)).status).toBe(200)
    expect((await marketer.api('GET', '/me')).status).toBe(401)
    expect((await admin.api('GET', '/me')).status).toBe(200)
  })

  it('mails a password-reset link, but not to a disabled account nor to one still invited', async () => {
    const { admin, marketer, mine } = await setting()
    expect((await admin.api('POST', `/people/${marketer.me.sub}/password-reset`)).status).toBe(200)
    const [mail] = await outbox(marketer.email)
    expect(mail!.text).toMatch(new RegExp(`${idp.issuer}/reset-password\\?token=`))

    const invited = await invite(
      { db: idp.db, issuer: idp.issuer, now: () => new Date(), branding: DEFAULT_BRANDING },
      { email: 'new@example.com', svcApp: mine.code, svcRole: 'marketer', svcAccess: ['Ads:Edit'] },
    )
    expect(await message(await admin.api('POST', `/people/${invited.sub}/password-reset`))).toEqual([
      409,
      'new has not accepted the invitation yet: send the invitation again instead.',
    ])
    await admin.api('POST', `/people/${marketer.me.sub}/disable`)
    expect(await message(await admin.api('POST', `/people/${marketer.me.sub}/password-reset`))).toEqual([
      409,
      'Console User’s account is disabled: enable it first, then send the link.',
    ])
    expect(await outbox(marketer.email)).toHaveLength(1)
  })

  it('sends an invitation again, whose new link works and whose old one does not; not to someone who accepted', async () => {
    const { admin, marketer } = await setting()
    await admin.api('POST', '/people', { email: 'new@example.com', role: 'marketer' })
    const sub = (await userByEmail(idp.db, 'new@example.com'))!.sub
    expect((await admin.api('POST', `/people/${sub}/invitation`)).status).toBe(200)
    const links = (await outbox('new@example.com')).map((mail) => /accept-invitation\?token=[\w-]+/.exec(mail.text)![0])
    expect(links).toHaveLength(2)
    const page = async (link: string) => (await new ScriptedBrowser().request(`${idp.issuer}/${link}`)).status
    expect([await page(links[0]!), await page(links[1]!)]).toEqual([400, 200])
    expect(await message(await admin.api('POST', `/people/${marketer.me.sub}/invitation`))).toEqual([
      409,
      'Console User has accepted the invitation already.',
    ])
  })

  it('removes someone, never oneself, and only from the admin’s organisation', async () => {
    const { admin, marketer, stranger } = await setting()
    expect(await message(await admin.api('DELETE', `/people/${admin.me.sub}`))).toEqual([
      403,
      'You cannot remove your own account here; your account page can delete it.',
    ])
    expect((await admin.api('DELETE', `/people/${stranger.me.sub}`)).status).toBe(403)
    expect((await admin.api('DELETE', `/people/${marketer.me.sub}`)).status).toBe(204)
    expect(await userByEmail(idp.db, marketer.email)).toBeUndefined()
    expect((await marketer.api('GET', '/me')).status).toBe(401)
    expect((await admin.api('DELETE', `/people/${marketer.me.sub}`)).status).toBe(404)
  })
})

describe('the audit log of People actions', () => {
  it('records each change with the administrator as actor, and nothing for a refused or idle one', async () => {
    const { admin, marketer, operator } = await setting()
    const person = marketer.me.sub
    expect((await admin.api('POST', `/people/${person}/role`, { role: 'admin' })).status).toBe(200)
    expect((await admin.api('POST', `/people/${person}/role`, { role: 'developer' })).status).toBe(403)
    expect((await admin.api('POST', `/people/${person}/disable`)).status).toBe(200)
    // Disabling a disabled account changes nothing, and records nothing.
    expect((await admin.api('POST', `/people/${person}/disable`)).status).toBe(200)
    expect((await admin.api('POST', `/people/${person}/enable`)).status).toBe(200)
    expect((await admin.api('POST', `/people/${person}/sign-out`)).status).toBe(200)
    expect((await admin.api('POST', `/people/${person}/password-reset`)).status).toBe(200)
    expect((await operator.api('DELETE', `/people/${person}`)).status).toBe(204)

    const { events } = await listAuditEvents(idp.db, { target: person })
    expect(events.map((event) => [event.action, event.actor.email, event.target.name]).reverse()).toEqual([
      ['person.role_changed', admin.email, marketer.email],
      ['person.disabled', admin.email, marketer.email],
      ['person.enabled', admin.email, marketer.email],
      ['person.signed_out_everywhere', admin.email, marketer.email],
      ['person.password_reset_sent', admin.email, marketer.email],
      ['person.removed', operator.email, marketer.email],
    ])
    expect(events.at(-1)!.detail).toMatchObject({ before: { roles: ['marketer'] }, after: { roles: ['admin'] } })
  })
})
