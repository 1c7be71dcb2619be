/**
 * Attack: a console role signed in with a stolen password alone uses the
 * console although an operator requires a second factor. The console's
 * pages only say what to do; the API must refuse every route a role
 * opens, reads and writes alike, for each role, from the very next
 * request after the requirement is turned on, while the account page (the
 * way to add a second factor) and `/me` keep answering.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { requireSecondFactor } from '../accounts/second-factor-requirement.js'
import type { NewUser } from '../accounts/users.js'
import { cliActor } from '../audit/audit-events.js'
import { createOrganisation } from '../orgs/organisations.js'
import { consoleUser } from '../testing/console-user.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'

let idp: IdentityFixture
let organisation: string
beforeEach(async () => {
  idp = await identityFixture()
  organisation = (await createOrganisation(idp.db, { name: 'Acme' })).code
})
afterEach(() => idp.close())

const ROLES: [string, (org: string) => Partial<NewUser>, [string, string][]][] = [
  [
    'an admin',
    (org) => ({ svcRole: 'admin', svcApp: org }),
    [
      ['GET', '/keys'],
      ['GET', '/people'],
      ['GET', '/tokens'],
      ['GET', '/audit'],
      ['POST', '/keys'],
    ],
  ],
  [
    'a marketer',
    (org) => ({ svcApp: org, svcAccess: ['Ads:Edit'] }),
    [
      ['GET', '/ads'],
      ['GET', '/images'],
      ['GET', '/reports'],
      ['POST', '/ads'],
    ],
  ],
  [
    'a developer',
    () => ({ svcRole: 'developer' }),
    [
      ['GET', '/clients'],
      ['POST', '/clients'],
    ],
  ],
  [
    'an operator',
    () => ({ svcMaster: true }),
    [
      ['GET', '/signing-keys'],
      ['GET', '/organisations'],
      ['PUT', '/second-factor'],
    ],
  ],
]

describe('a console role signed in with one factor, where a second is required', () => {
  for (const [who, claims, routes] of ROLES)
    it(`${who} reaches no console route but the account page`, async () => {
      const user = await consoleUser(idp, claims(organisation), '/console/account')
      await requireSecondFactor(idp.db, cliActor(), true)
      for (const [method, path] of routes) {
        const res = await user.api(method, path, method === 'GET' ? undefined : {})
        expect([path, res.status, (await res.json()).reason]).toEqual([path, 403, 'second_factor_required'])
      }
      expect((await user.api('GET', '/account')).status).toBe(200)
      expect((await user.api('GET', '/account/authenticator')).status).toBe(200)
      expect((await user.api('GET', '/me')).status).toBe(200)
    })
})
