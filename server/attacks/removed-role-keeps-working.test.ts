/**
 * Attack: an account keeps a console role after it was taken away. Console
 * sessions once merged the claims saved at sign-in with the account's
 * current values, and a cleared (NULL) `svc_role` or `svc_app` adds
 * nothing to a merge, so the old role went on working for the session's 8
 * hours. Each role is taken away while its console session is open; the
 * very next request must be refused.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { NewUser } from '../accounts/users.js'
import { consoleUser } from '../testing/console-user.js'
import type { UsersTable } from '../db/schema.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'
import { createOrganisation } from '../orgs/organisations.js'

let idp: IdentityFixture
let organisation: string
beforeEach(async () => {
  idp = await identityFixture()
  organisation = (await createOrganisation(idp.db, { name: 'Acme' })).code
})
afterEach(() => idp.close())

interface Case {
  who: string
  claims: (organisation: string) => Partial<NewUser>
  /** The console API path the role opens. */
  path: string
  /** The change to the account that takes the role away. */
  takeAway: Partial<Pick<UsersTable, 'svc_role' | 'svc_app' | 'svc_access' | 'svc_master'>>
}

const CASES: Case[] = [
  {
    who: 'an admin whose organisation (svc_app) is cleared',
    claims: (org) => ({ svcRole: 'admin', svcApp: org }),
    path: '/keys',
    takeAway: { svc_app: null },
  },
  {
    who: 'an admin whose svc_role is cleared',
    claims: (org) => ({ svcRole: 'admin', svcApp: org }),
    path: '/keys',
    takeAway: { svc_role: null },
  },
  {
    who: "an admin's ads, when svc_app is cleared",
    claims: (org) => ({ svcRole: 'admin', svcApp: org }),
    path: '/ads',
    takeAway: { svc_app: null },
  },
  {
    who: 'a marketer whose svc.access Ads:Edit is removed',
    claims: (org) => ({ svcApp: org, svcAccess: ['Ads:Edit'] }),
    path: '/ads',
    takeAway: { svc_access: '[]' },
  },
  {
    who: 'a marketer whose organisation (svc_app) is cleared',
    claims: (org) => ({ svcApp: org, svcAccess: ['Ads:Edit'] }),
    path: '/ads',
    takeAway: { svc_app: null },
  },
  {
    who: 'a developer whose svc_role is cleared',
    claims: () => ({ svcRole: 'developer' }),
    path: '/clients',
    takeAway: { svc_role: null },
  },
  {
    who: 'an operator whose svc_master is cleared',
    claims: () => ({ svcMaster: true }),
    path: '/signing-keys',
    takeAway: { svc_master: 0 },
  },
  {
    who: "an operator's developer pages, when svc_master is cleared",
    claims: () => ({ svcMaster: true }),
    path: '/clients',
    takeAway: { svc_master: 0 },
  },
]

describe('a console role taken away', () => {
  it.each(CASES)('stops working on the next request: $who', async ({ claims, path, takeAway }) => {
    const user = await consoleUser(idp, claims(organisation))
    expect((await user.api('GET', path)).status).toBe(200)
    await idp.db.updateTable('users').set(takeAway).where('email', '=', user.email).execute()
    const refused = await user.api('GET', path)
    expect(refused.status).toBe(403)
    expect((await refused.json()).message).toMatch(/^your account may not use this part of the console/)
    // The roles the console reports say so too.
    const me = await (await user.api('GET', '/me')).json()
    expect(me.roles).toMatchObject(takeAway.svc_master === 0 ? { operator: false } : {})
    if (takeAway.svc_app === null) expect(me.roles.organisation).toBeUndefined()
  })

  it('takes a new organisation in place of the old one at once, never both', async () => {
    const other = (await createOrganisation(idp.db, { name: 'Other' })).code
    const admin = await consoleUser(idp, { svcRole: 'admin', svcApp: organisation })
    expect((await (await admin.api('GET', '/keys')).json()).organisation).toBe(organisation)
    await idp.db.updateTable('users').set({ svc_app: other }).where('email', '=', admin.email).execute()
    expect((await (await admin.api('GET', '/keys')).json()).organisation).toBe(other)
  })
})
