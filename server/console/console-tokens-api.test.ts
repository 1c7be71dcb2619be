/**
 * @module Tests of the console's management tokens API: who may list,
 * make and revoke which tokens, how invalid input is refused (beside its
 * fields, never a 500), that a token made here works on `/api/v1` until
 * revoked, and that each change is in the audit log as the CLI's are.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { listAuditEvents } from '../audit/audit-events.js'
import { createOrganisation } from '../orgs/organisations.js'
import { createManagementToken } from '../management-api/management-tokens-repository.js'
import { consoleUser } from '../testing/console-user.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'
import type { ConsoleManagementTokenList } from '../../shared/management-tokens-wire.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture({ signup: 'closed' })
})
afterEach(() => idp.close())

const DAY_MS = 24 * 60 * 60 * 1000

describe('the console API for management tokens', () => {
  it("lets an admin make a token for their organisation, shows it once, lists it in words' order, and revokes it", async () => {
    const acme = await createOrganisation(idp.db, { name: 'Acme' })
    const admin = await consoleUser(idp, { svcApp: acme.code, svcRole: 'admin' })
    const empty = (await (await admin.api('GET', '/tokens')).json()) as ConsoleManagementTokenList
    expect(empty).toMatchObject({ organisation: acme.code, tokens: [] })
    expect(empty.resources).toEqual(['ads', 'images', 'keys', 'clients', 'users', 'webhooks', 'reports'])

    const made = await admin.api('POST', '/tokens', {
      organisation: acme.code,
      name: ' CMS import ',
      scopes: ['ads:write'],
      expires_days: 30,
    })
    expect(made.status).toBe(201)
    const created = await made.json()
    expect(created.token).toMatch(/^svc_mt_[A-Za-z0-9_-]{43}$/)
    expect(Date.parse(created.expires_at) - Date.now()).toBeGreaterThan(29.9 * DAY_MS)
    const second = await (await admin.api('POST', '/tokens', { organisation: acme.code, name: 'Reports', scopes: ['reports:read'] })).json()

    const list = (await (await admin.api('GET', '/tokens')).json()) as ConsoleManagementTokenList
    expect(list.tokens.map((token) => [token.id, token.name, token.scopes, token.state, token.expires_at === null])).toEqual([
      [second.id, 'Reports', ['reports:read'], 'active', true],
      [created.id, 'CMS import', ['ads:write'], 'active', false],
    ])
    expect(list.tokens[0]!.created_by).toBe(`Console User (${admin.email})`)
    expect(list.tokens[0]!.prefix).toBe(second.token.slice(0, 11))
    expect(JSON.stringify(list)).not.toContain(created.token)

    // The token works on the management API until revoked.
    const ads = () => fetch(`${idp.issuer}/api/v1/ads`, { headers: { Authorization: `Bearer ${created.token}` } })
    expect((await ads()).status).toBe(200)
    expect((await admin.api('DELETE', `/tokens/${created.id}`)).status).toBe(204)
    expect((await ads()).status).toBe(401)
    const after = (await (await admin.api('GET', '/tokens')).json()) as ConsoleManagementTokenList
    expect(after.tokens.find((token) => token.id === created.id)).toMatchObject({ state: 'revoked', revoked_at: expect.any(String) })
    // Its use shows as its last use; the token never used shows none.
    expect(after.tokens.map((token) => token.last_used_at === null)).toEqual([true, false])
    // Revoking again changes nothing and records nothing more.
    expect((await admin.api('DELETE', `/tokens/${created.id}`)).status).toBe(204)

    const events = (await listAuditEvents(idp.db)).events
    expect(events.map((event) => [event.action, event.target.code, event.organisation, event.actor.code])).toEqual([
      ['token.revoked', String(created.id), acme.code, admin.me.sub],
      // The read it made while live, with the token as actor; the refused one after revocation is no token's use.
      ['token.used', 'GET /api/v1/ads', acme.code, String(created.id)],
      ['token.created', String(second.id), acme.code, admin.me.sub],
      ['token.created', String(created.id), acme.code, admin.me.sub],
    ])
    expect(events[3]!.detail).toEqual({ scopes: ['ads:write'], expires_at: created.expires_at })
    expect(JSON.stringify(events)).not.toContain(created.token)
  })

  it("keeps an admin to their organisation: another's tokens are not listed, and revoking one is 404; no operator-wide tokens", async () => {
    const acme = await createOrganisation(idp.db, { name: 'Acme' })
    const other = await createOrganisation(idp.db, { name: 'Other' })
    const theirs = await createManagementToken(idp.db, {
      name: 'theirs',
      organisationId: other.id,
      scopes: 'ads:read',
      createdBy: 'cli:ada',
    })
    const wide = await createManagementToken(idp.db, { name: 'wide', organisationId: null, scopes: 'ads:read', createdBy: 'cli:ada' })
    const admin = await consoleUser(idp, { svcApp: acme.code, svcRole: 'admin' })

    // Asking for another organisation, or for the operator-wide tokens, still lists the admin's own.
    for (const query of [`?organisation=${other.code}`, '?operator-wide=1'])
      expect(await (await admin.api('GET', `/tokens${query}`)).json()).toMatchObject({ organisation: acme.code, tokens: [] })
    for (const id of [theirs.token.id, wide.token.id, 999_999, 'abc']) {
      const refused = await admin.api('DELETE', `/tokens/${id}`)
      expect(refused.status).toBe(404)
      expect((await refused.json()).message).toBe(`no token ${id} in your organisation`)
    }
    const operatorWide = await admin.api('POST', '/tokens', { organisation: null, name: 'wide', scopes: ['ads:read'] })
    expect(operatorWide.status).toBe(403)
    expect((await operatorWide.json()).message).toMatch(/only operators make operator-wide tokens/)
    // A code of another organisation makes the token in the admin's own.
    const made = await (await admin.api('POST', '/tokens', { organisation: other.code, name: 'mine', scopes: ['ads:read'] })).json()
    const listed = (await (await admin.api('GET', '/tokens')).json()) as ConsoleManagementTokenList
    expect(listed.tokens.map((token) => token.id)).toEqual([made.id])
    expect((await listAuditEvents(idp.db)).events.map((event) => event.organisation)).toEqual([acme.code])
  })

  it('lets an operator list, make and revoke the tokens of any organisation and operator-wide ones', async () => {
    const acme = await createOrganisation(idp.db, { name: 'Acme' })
    const cliToken = await createManagementToken(idp.db, {
      name: 'from the shell',
      organisationId: acme.id,
      scopes: 'keys:read',
      createdBy: 'cli:ada',
    })
    const operator = await consoleUser(idp, { svcMaster: true })
    const acmeList = (await (await operator.api('GET', `/tokens?organisation=${acme.code}`)).json()) as ConsoleManagementTokenList
    expect(acmeList.tokens).toEqual([expect.objectContaining({ id: cliToken.token.id, created_by: 'Command line (ada)' })])

    const wide = await operator.api('POST', '/tokens', { organisation: null, name: 'Deploy', scopes: ['users:write', 'ads:read'] })
    expect(wide.status).toBe(201)
    const { id } = await wide.json()
    const wideList = (await (await operator.api('GET', '/tokens?operator-wide=1')).json()) as ConsoleManagementTokenList
    expect(wideList).toMatchObject({ organisation: null, tokens: [{ id, name: 'Deploy', scopes: ['ads:read', 'users:write'] }] })
    expect((await operator.api('DELETE', `/tokens/${cliToken.token.id}`)).status).toBe(204)
    expect((await operator.api('DELETE', `/tokens/${id}`)).status).toBe(204)
    expect((await listAuditEvents(idp.db)).events.map((event) => [event.action, event.organisation])).toEqual([
      ['token.revoked', null],
      ['token.revoked', acme.code],
      ['token.created', null],
    ])
    // An organisation that is not there is a choice to make again, not a 500.
    const unknown = await operator.api('GET', '/tokens?organisation=ORG0000000000')
    expect(unknown.status).toBe(422)
    expect((await operator.api('POST', '/tokens', { organisation: 'ORG0000000000', name: 'x', scopes: ['ads:read'] })).status).toBe(422)
  })

  it('refuses marketers and developers (403) and callers without a session (401)', async () => {
    const acme = await createOrganisation(idp.db, { name: 'Acme' })
    const marketer = await consoleUser(idp, { svcApp: acme.code, svcAccess: ['Ads:Edit'] })
    const developer = await consoleUser(idp, { svcApp: acme.code, svcRole: 'developer' })
    for (const user of [marketer, developer]) {
      expect((await user.api('GET', '/tokens')).status).toBe(403)
      expect((await user.api('POST', '/tokens', { name: 'x', scopes: ['ads:read'] })).status).toBe(403)
      expect((await user.api('DELETE', '/tokens/1')).status).toBe(403)
    }
    expect((await fetch(`${idp.issuer}/console/api/tokens`)).status).toBe(401)
    const admin = await consoleUser(idp, { svcApp: acme.code, svcRole: 'admin' })
    expect((await admin.api('POST', '/tokens', { name: 'x', scopes: ['ads:read'] }, { csrf: false })).status).toBe(403)
    expect((await listAuditEvents(idp.db)).events).toEqual([])
  })

  it('refuses invalid input field by field, all at once, and never answers 500', async () => {
    const acme = await createOrganisation(idp.db, { name: 'Acme' })
    const admin = await consoleUser(idp, { svcApp: acme.code, svcRole: 'admin' })
    const refused = async (body: unknown) => {
      const answer = await admin.api('POST', '/tokens', body)
      expect(answer.status).toBe(422)
      return (await answer.json()).errors as Record<string, string>
    }
    expect(await refused({ name: '  ', scopes: [], expires_days: 0 })).toEqual({
      name: "a token's name must be 1 to 100 characters",
      scopes: expect.stringMatching(/^give at least one scope/),
      expires: 'a token expires after 1 to 3650 whole days, or never',
    })
    expect(await refused({ name: 'x'.repeat(101), scopes: ['ads:admin'] })).toEqual({
      name: expect.any(String),
      scopes: expect.stringMatching(/^unknown scope ads:admin/),
    })
    expect(Object.keys(await refused({ name: 7, scopes: 'ads:read', expires_days: 'soon' }))).toEqual(['name', 'scopes', 'expires'])
    expect(await refused({ name: 'x', scopes: ['ads:read'], expires_at: '2000-01-01T00:00:00Z' })).toEqual({
      expires: "a token's expiry date must be in the future and at most 3650 days away",
    })
    expect(await refused({ name: 'x', scopes: ['ads:read'], expires_at: 'tomorrow' })).toEqual({
      expires: expect.stringMatching(/date and time/),
    })
    expect(
      await refused({ name: 'x', scopes: ['ads:read'], expires_days: 30, expires_at: new Date(Date.now() + DAY_MS).toISOString() }),
    ).toEqual({
      expires: expect.stringMatching(/not both/),
    })
    for (const body of ['not json', '[1]', 'null']) {
      const answer = await admin.browser.request(`${idp.issuer}/console/api/tokens`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': admin.me.csrf },
        body,
      })
      expect(answer.status).toBe(422)
    }
    // A date chosen in the form: expires at that instant.
    const at = new Date(Date.now() + 10 * DAY_MS).toISOString()
    const made = await admin.api('POST', '/tokens', { name: 'until then', scopes: ['ads:read'], expires_at: at })
    expect(made.status).toBe(201)
    expect((await made.json()).expires_at).toBe(at)
    expect((await listAuditEvents(idp.db)).events).toHaveLength(1)
  })
})

describe('ids in the console API paths', () => {
  it('answers 404 for an id larger than any row can have, on either database, never a 500', async () => {
    const acme = await createOrganisation(idp.db, { name: 'Acme' })
    const admin = await consoleUser(idp, { svcApp: acme.code, svcRole: 'admin' })
    for (const path of ['/tokens/99999999999', '/keys/99999999999', '/tokens/2147483648'])
      expect((await admin.api('DELETE', path)).status, path).toBe(404)
  })
})
