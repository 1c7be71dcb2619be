/** @module Tests of the console's people API: who may list and invite whom, and the refusals. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createOrganisation } from '../orgs/organisations.js'
import { signUp } from '../account-changes/signup.js'
import { DEFAULT_BRANDING } from '../branding.js'
import { consoleUser } from '../testing/console-user.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture({ signup: 'closed' })
})
afterEach(() => idp.close())

async function twoOrganisations() {
  const mine = await createOrganisation(idp.db, { name: 'Mine' })
  const theirs = await createOrganisation(idp.db, { name: 'Theirs' })
  const admin = await consoleUser(idp, { svcApp: mine.code, svcRole: 'admin' })
  return { mine, theirs, admin }
}

const invitedMail = (email: string) => idp.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).execute()

describe('the console people API', () => {
  it("lets an organisation admin invite admins and marketers into their organisation, and lists the organisation's people", async () => {
    const { mine, admin } = await twoOrganisations()
    const marketer = await admin.api('POST', '/people', { email: 'Grace@Example.com', name: 'Grace Hopper', role: 'marketer' })
    expect(marketer.status).toBe(201)
    expect(await marketer.json()).toEqual({ sub: expect.stringMatching(/^ACC/), invited: 'grace@example.com' })
    expect((await admin.api('POST', '/people', { email: 'alan@example.com', role: 'admin' })).status).toBe(201)
    const [mail] = await invitedMail('grace@example.com')
    expect(mail).toMatchObject({ subject: 'You are invited to svc' })
    expect(mail!.text).toContain('Console User invited you to svc as marketer in Mine.')
    expect(mail!.text).toMatch(new RegExp(`${idp.issuer}/accept-invitation\\?token=`))

    const list = await admin.api('GET', '/people')
    expect(list.status).toBe(200)
    const organisation = { code: mine.code, name: 'Mine' }
    const second_factor = { passkey: false, authenticator: false }
    const person = { email_verified: false, state: 'invited', organisation, you: false, second_factor }
    expect(await list.json()).toEqual({
      organisation: mine.code,
      people: [
        { ...person, sub: expect.any(String), name: 'alan', email: 'alan@example.com', role: 'admin', organisation_role: 'admin' },
        { ...person, sub: expect.any(String), name: 'Grace Hopper', email: 'grace@example.com', role: 'marketer', organisation_role: 'marketer' },
        { sub: admin.me.sub, name: 'Console User', email: admin.email, role: 'admin', organisation_role: 'admin', email_verified: true, state: 'active', organisation, you: true, second_factor },
      ],
      total: 3,
      page: 1,
      per_page: 25,
      invitable_roles: ['admin', 'marketer'],
    })
    const grace = await idp.db.selectFrom('users').selectAll().where('email', '=', 'grace@example.com').executeTakeFirstOrThrow()
    expect(grace).toMatchObject({ svc_app: mine.code, svc_role: 'marketer', svc_access: '["Ads:Edit"]', svc_master: 0 })
  })

  it("writes the invitation in the language chosen, else in the inviting browser's, and refuses an unknown one", async () => {
    const { admin } = await twoOrganisations()
    expect((await admin.api('POST', '/people', { email: 'nl@example.com', role: 'marketer', locale: 'nl' })).status).toBe(201)
    admin.browser.headers['Accept-Language'] = 'it'
    expect((await admin.api('POST', '/people', { email: 'it@example.com', role: 'marketer' })).status).toBe(201)
    expect((await invitedMail('nl@example.com'))[0]).toMatchObject({ subject: 'U bent uitgenodigd voor svc' })
    expect((await invitedMail('nl@example.com'))[0]!.text).toMatch(/accept-invitation\?token=[\w-]+&ui_locales=nl/)
    expect((await invitedMail('it@example.com'))[0]).toMatchObject({ subject: 'Sei invitato su svc' })
    const refused = await admin.api('POST', '/people', { email: 'xx@example.com', role: 'marketer', locale: 'tlh' })
    expect(refused.status).toBe(422)
    expect((await refused.json()).errors).toEqual({ locale: 'locale must be one of en, de, es, fr, it, nl, pt, pt-PT' })
    expect(await invitedMail('xx@example.com')).toEqual([])
  })

  it('refuses an admin another organisation, an unknown role, a taken or missing e-mail, each with a clear 4xx', async () => {
    const { theirs, admin } = await twoOrganisations()
    const cases: [unknown, number, string][] = [
      [
        { email: 'x@example.com', role: 'admin', organisation: theirs.code },
        403,
        'organisation admins invite only into their own organisation',
      ],
      [{ email: 'x@example.com', role: 'operator' }, 422, 'role must be admin, marketer, developer'],
      [{ email: 'x@example.com' }, 422, 'role must be admin, marketer, developer'],
      [{ role: 'marketer' }, 422, 'enter the e-mail address to invite'],
      [{ email: 'not an address', role: 'marketer' }, 422, 'email must be an e-mail address'],
      [{ email: admin.email.toUpperCase(), role: 'marketer' }, 409, `an account with the email ${admin.email} exists already`],
    ]
    for (const [body, status, message] of cases) {
      const answer = await admin.api('POST', '/people', body)
      expect([answer.status, (await answer.json()).message]).toEqual([status, expect.stringContaining(message)])
    }
    expect((await admin.api('POST', '/people', { email: 'x@example.com', role: 'marketer' }, { csrf: false })).status).toBe(403)
    expect(await idp.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([])
  })

  it('lets an operator invite into any organisation, and no one else in', async () => {
    const { theirs } = await twoOrganisations()
    const operator = await consoleUser(idp, { svcMaster: true })
    const unnamed = await operator.api('POST', '/people', { email: 'x@example.com', role: 'developer' })
    expect([unnamed.status, (await unnamed.json()).message]).toEqual([422, 'choose an organisation'])
    const invited = await operator.api('POST', '/people', { email: 'x@example.com', role: 'developer', organisation: theirs.code })
    expect(invited.status).toBe(201)
    expect((await (await operator.api('GET', `/people?organisation=${theirs.code}`)).json()).people).toEqual([
      expect.objectContaining({ email: 'x@example.com', role: 'developer' }),
    ])

    for (const claims of [
      { svcApp: theirs.code, svcAccess: ['Ads:Edit'] },
      { svcRole: 'developer' },
      { svcApp: theirs.code, svcRole: 'developer' },
    ]) {
      const other = await consoleUser(idp, claims)
      for (const answer of [
        await other.api('GET', '/people'),
        await other.api('POST', '/people', { email: 'y@example.com', role: 'developer' }),
      ])
        expect([answer.status, (await answer.json()).message]).toEqual([403, 'only operators and organisation admins manage people'])
    }
  })
})

describe('an account signed up with a passkey, its address not yet confirmed', () => {
  it('is unconfirmed on the People page like a password sign-up, not invited: a reset link goes, an invitation does not', async () => {
    const { mine, admin } = await twoOrganisations()
    const lifecycle = { db: idp.db, issuer: idp.issuer, now: () => new Date(), branding: DEFAULT_BRANDING }
    const passkey = { credentialId: 'cred-grace', publicKey: 'key', counter: 0, transports: [], backupEligible: true, backedUp: true, name: 'Phone' }
    await signUp(lifecycle, { name: 'Grace Hopper', email: 'grace@example.com', password: '' }, null, 'en', passkey)
    await signUp(lifecycle, { name: 'Alan Turing', email: 'alan@example.com', password: 'violet kettle harbour lamp' }, null, 'en')
    await idp.db.updateTable('users').set({ svc_app: mine.code, svc_role: 'marketer' }).where('email', 'in', ['grace@example.com', 'alan@example.com']).execute()
    expect((await admin.api('POST', '/people', { email: 'lin@example.com', role: 'marketer' })).status).toBe(201)

    const people = (await (await admin.api('GET', '/people')).json()).people as { email: string; state: string; sub: string }[]
    expect(Object.fromEntries(people.map((person) => [person.email, person.state]))).toEqual({
      'grace@example.com': 'unconfirmed',
      'alan@example.com': 'unconfirmed',
      'lin@example.com': 'invited',
      [admin.email]: 'active',
    })
    const grace = people.find((person) => person.email === 'grace@example.com')!
    expect((await admin.api('POST', `/people/${grace.sub}/invitation`)).status).toBe(409)
    const reset = await admin.api('POST', `/people/${grace.sub}/password-reset`)
    expect(reset.status).toBe(200)
    expect((await reset.json()).person).toMatchObject({ email: 'grace@example.com', state: 'unconfirmed' })
  })
})
