/**
 * Issue 24, item 4: an organisation admin made developers. `developer` is a
 * global role (clients and webhooks of the whole deployment, through the
 * developer portal admins cannot use), yet the People page let an admin
 * invite one. An admin now gives only the roles scoped to their
 * organisation (admin, marketer); developers are made by operators.
 */
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createOrganisation } from '../orgs/organisations.js'
import { consoleUser } from '../testing/console-user.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture({ signup: 'closed' })
})
afterEach(() => idp.close())

const account = (email: string) => idp.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()
const mailTo = (email: string) => idp.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).execute()

it('refuses an organisation admin who invites a developer: no account, no mail', async () => {
  const organisation = await createOrganisation(idp.db, { name: 'Shop' })
  const admin = await consoleUser(idp, { svcApp: organisation.code, svcRole: 'admin' })
  const answer = await admin.api('POST', '/people', { email: 'mallory@example.com', name: 'Mallory', role: 'developer' })
  expect(answer.status).toBe(403)
  expect(await answer.json()).toMatchObject({
    message: 'organisation admins invite admins and marketers; developers are made by an operator',
    errors: { role: 'organisation admins invite admins and marketers; developers are made by an operator' },
  })
  expect(await account('mallory@example.com')).toBeUndefined()
  expect(await mailTo('mallory@example.com')).toEqual([])
})

it('tells the People page which roles the viewer may give: an admin their organisation’s, an operator every one', async () => {
  const organisation = await createOrganisation(idp.db, { name: 'Shop' })
  const admin = await consoleUser(idp, { svcApp: organisation.code, svcRole: 'admin' })
  expect((await (await admin.api('GET', '/people')).json()).invitable_roles).toEqual(['admin', 'marketer'])
  const operator = await consoleUser(idp, { svcMaster: true })
  const listed = await (await operator.api('GET', `/people?organisation=${organisation.code}`)).json()
  expect(listed.invitable_roles).toEqual(['admin', 'marketer', 'developer'])
  const invited = await operator.api('POST', '/people', { email: 'dev@example.com', role: 'developer', organisation: organisation.code })
  expect(invited.status).toBe(201)
  expect(await account('dev@example.com')).toMatchObject({ svc_role: 'developer' })
})
