/**
 * @module Tests that every use of a management token reaches the audit
 * log, a bounded number of rows however often a script reads, and that
 * the console's audit page shows those reads named by the token's name.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { listAuditEvents } from '../audit/audit-events.js'
import { createOrganisation } from '../orgs/organisations.js'
import type { OrganisationRow } from '../db/schema.js'
import { consoleUser } from '../testing/console-user.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'
import { type ManagementApiCall, managementApiCall } from '../testing/management-api-requests.js'
import { createManagementToken, managementTokenWithId } from './management-tokens-repository.js'

let idp: IdentityFixture
let acme: OrganisationRow
let call: ManagementApiCall
beforeEach(async () => {
  idp = await identityFixture()
  acme = await createOrganisation(idp.db, { name: 'Acme' })
  call = managementApiCall(idp.bff.app)
})
afterEach(() => idp.close())

const makeToken = (name: string, scopes: string) =>
  createManagementToken(idp.db, { name, organisationId: acme.id, scopes, createdBy: 'cli:test' })
const uses = async () =>
  (await listAuditEvents(idp.db, { actionPrefix: 'token.used', limit: 500 })).events.map((event) => [
    event.actor.code,
    event.target.code,
    event.organisation,
  ])

describe('the audit log of a token’s uses', () => {
  it('records a script that reads 100 times as one row per route a minute, and again the next minute', async () => {
    const { token, secret } = await makeToken('CMS sync', 'ads:read')
    // Drift a little into a minute, so the 100 reads stay within it whatever the wall clock says.
    idp.advance(60 - (new Date().getUTCSeconds() % 60))
    for (let i = 0; i < 100; i++) expect((await call('/ads', secret)).status).toBe(200)
    expect((await call('/ads/ADS0000000001', secret)).status).toBe(404)
    expect((await call('/ads/ADS0000000002', secret, { method: 'HEAD' })).status).toBe(404)
    const id = String(token.id)
    expect(await uses()).toEqual([
      // A refusal names its status: a script probing what it may not reach stands out from its reads.
      [id, 'GET /api/v1/ads/{code} (refused 404)', acme.code],
      [id, 'GET /api/v1/ads', acme.code],
    ])
    idp.advance(60)
    for (let i = 0; i < 100; i++) await call('/ads', secret)
    expect(await uses()).toHaveLength(3)
    expect((await uses())[0]).toEqual([id, 'GET /api/v1/ads', acme.code])
    // Its last use is kept too, written once a minute at most.
    expect((await managementTokenWithId(idp.db, token.id))!.lastUsedAt).not.toBeNull()
  })

  it('records calls refused for a missing scope or an invalid body, and not a change, which records its own action', async () => {
    const { token, secret } = await makeToken('Partner onboarding', 'ads:write')
    expect((await call('/keys', secret)).status).toBe(403)
    expect((await call('/ads', secret, { method: 'POST', body: '{"title":""}' })).status).toBe(422)
    const made = await call('/ads', secret, { method: 'POST', body: JSON.stringify({ title: 'Spring', display: 'Home' }) })
    expect(made.status).toBe(201)
    const id = String(token.id)
    expect(await uses()).toEqual([
      [id, 'POST /api/v1/ads (refused 422)', acme.code],
      [id, 'GET /api/v1/keys (refused 403)', acme.code],
    ])
    const actions = (await listAuditEvents(idp.db, { actor: `token:${id}` })).events.map((event) => event.action)
    expect(actions).toEqual(['ad.created', 'token.used', 'token.used'])
  })

  it('shows the reads on the console’s audit page, named by the token’s name, to the organisation’s admin', async () => {
    const { token, secret } = await makeToken('CMS sync', 'ads:read')
    await call('/ads', secret)
    const admin = await consoleUser(idp, { svcApp: acme.code, svcRole: 'admin' })
    const page = await (await admin.api('GET', '/audit?action=token.')).json()
    expect(page.events).toMatchObject([
      { action: 'token.used', actor: { kind: 'token', code: String(token.id) }, target: { kind: 'api_route', code: 'GET /api/v1/ads' } },
    ])
    expect(page.token_names).toEqual({ [String(token.id)]: 'CMS sync' })
    expect(page.families).toContain('token.')
    // The name the page shows finds the token's rows in the person filter, whatever its case; another name finds none.
    const named = await (await admin.api('GET', '/audit?person=cms%20SYNC')).json()
    expect(named.events.map((event: { action: string }) => event.action)).toEqual(['token.used'])
    expect((await (await admin.api('GET', '/audit?person=Other%20script')).json()).events).toEqual([])
  })
})
