/**
 * @module Tests of the audit log through the console: what each family of
 * console changes records (the signed-in account as actor), that a refused
 * change records nothing, and who reads which events.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { listAuditEvents, recordAuditEvent } from '../audit/audit-events.js'
import { createOrganisation } from '../orgs/organisations.js'
import { consoleUser, type ConsoleUser } from '../testing/console-user.js'
import { createManagementToken, revokeManagementToken } from '../management-api/management-tokens-repository.js'
import { CALLBACK, type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture({ signup: 'closed' })
})
afterEach(() => idp.close())

const recorded = async () => (await listAuditEvents(idp.db)).events
const actorOf = (user: ConsoleUser) => ({ kind: 'account', code: user.me.sub, email: user.email })

describe('the audit log of console changes', () => {
  it('records invitations, API keys and signing key rotations by the signed-in operator, and nothing for a refusal', async () => {
    const org = await createOrganisation(idp.db, { name: 'Acme' })
    const operator = await consoleUser(idp, { svcMaster: true })
    expect((await operator.api('POST', '/keys', { organisation: org.code, origins: ['not an origin'] })).status).toBe(422)
    expect((await operator.api('POST', '/people', { organisation: org.code, email: 'x@example.com', role: 'operator' })).status).toBe(422)
    expect(await recorded()).toEqual([])

    const invited = await (
      await operator.api('POST', '/people', { organisation: org.code, email: 'grace@example.com', role: 'marketer' })
    ).json()
    const key = await (
      await operator.api('POST', '/keys', { organisation: org.code, origins: ['https://acme.example'], rate_limit: 60 })
    ).json()
    expect((await operator.api('DELETE', `/keys/${key.id}`)).status).toBe(204)
    expect((await operator.api('DELETE', `/keys/${key.id}`)).status).toBe(204)
    const rotated = await (await operator.api('POST', '/signing-keys/rotate', { emergency: true })).json()

    const events = await recorded()
    expect(events.map((e) => [e.action, e.target.code, e.organisation])).toEqual([
      ['signing_key.rotated', rotated.kid, null],
      ['api_key.revoked', String(key.id), org.code],
      ['api_key.created', String(key.id), org.code],
      ['person.invited', invited.sub, org.code],
    ])
    expect(events.every((e) => JSON.stringify(e.actor) === JSON.stringify(actorOf(operator)))).toBe(true)
    expect(events[0]!.detail).toMatchObject({ emergency: true })
    expect(events[2]!.detail).toEqual({ origins: ['https://acme.example'], rate_limit: 60, permissions: ['read_ads'] })
    expect(events[3]).toMatchObject({
      target: { kind: 'person', name: 'grace@example.com' },
      detail: { roles: ['marketer'], organisation: org.code },
    })
    expect(JSON.stringify(events)).not.toContain(key.api_key)
  })

  it("records a developer's clients and webhooks with before and after, never a secret", async () => {
    const developer = await consoleUser(idp, { svcRole: 'developer' })
    expect((await developer.api('POST', '/clients', { name: ' ', redirect_uris: 'ftp://x' })).status).toBe(422)
    const made = await (await developer.api('POST', '/clients', { name: 'Shop', redirect_uris: CALLBACK })).json()
    const path = `/clients/${made.client.client_id}`
    expect((await developer.api('PUT', path, { name: 'Shop Two', redirect_uris: CALLBACK })).status).toBe(200)
    const added = await (await developer.api('POST', `${path}/webhook-endpoints`, { url: 'https://shop.example/hook' })).json()
    const secrets = `${path}/webhook-endpoints/${added.endpoint.id}/secrets`
    const secret = await (await developer.api('POST', secrets)).json()
    expect((await developer.api('DELETE', `${secrets}/${secret.id}`)).status).toBe(200)
    expect((await developer.api('DELETE', path)).status).toBe(200)

    const events = await recorded()
    expect(events.map((e) => e.action)).toEqual([
      'client.deleted',
      'webhook.secret_removed',
      'webhook.secret_added',
      'webhook.endpoint_added',
      'client.updated',
      'client.created',
    ])
    expect(events.every((e) => e.target.code === made.client.client_id && e.actor.code === developer.me.sub)).toBe(true)
    expect(events[3]!.detail).toEqual({ endpoint: added.endpoint.id, url: 'https://shop.example/hook', events: ['*'] })
    expect(events[4]!.detail).toEqual({ before: { name: 'Shop' }, after: { name: 'Shop Two' } })
    const log = JSON.stringify(events)
    for (const value of [made.client_secret, secret.webhook_secret, added.webhook_secret]) expect(log).not.toContain(value)
  })

  it('records an account deleted by its owner', async () => {
    const marketer = await consoleUser(idp, { svcRole: 'marketer', svcAccess: ['Ads:Edit'] })
    expect((await marketer.api('POST', '/account/delete', { confirm: 'wrong@example.com' })).status).toBe(422)
    expect(await recorded()).toEqual([])
    expect((await marketer.api('POST', '/account/delete', { confirm: marketer.email })).status).toBe(200)
    expect(await recorded()).toEqual([
      expect.objectContaining({
        action: 'account.deleted',
        actor: actorOf(marketer),
        target: { kind: 'person', code: marketer.me.sub, name: marketer.email },
      }),
    ])
  })
})

describe('reading the audit log in the console', () => {
  it('shows operators every event with current names, an admin only their organisation, and nobody else', async () => {
    const [acme, zeta] = [await createOrganisation(idp.db, { name: 'Acme' }), await createOrganisation(idp.db, { name: 'Zeta' })]
    const operator = await consoleUser(idp, { svcMaster: true })
    const admin = await consoleUser(idp, { svcApp: acme.code, svcRole: 'admin' })
    const marketer = await consoleUser(idp, { svcApp: acme.code, svcAccess: ['Ads:Edit'] })
    const actor = { kind: 'account', sub: operator.me.sub, email: operator.email } as const
    for (const org of [acme, zeta, acme])
      await recordAuditEvent(idp.db, {
        actor,
        action: 'organisation.renamed',
        target: { kind: 'organisation', code: org.code },
        organisation: org.code,
      })
    await recordAuditEvent(idp.db, {
      actor,
      action: 'person.role_changed',
      target: { kind: 'person', code: admin.me.sub, name: admin.email },
      organisation: acme.code,
    })

    const all = await (await operator.api('GET', '/audit')).json()
    expect(all.events.map((e: { organisation: string }) => e.organisation)).toEqual([acme.code, acme.code, zeta.code, acme.code])
    expect(all.names).toEqual({ [operator.me.sub]: 'Console User', [admin.me.sub]: 'Console User' })
    expect(all.next).toBeNull()
    const filtered = await (await operator.api('GET', `/audit?organisation=${zeta.code}`)).json()
    expect(filtered.events).toHaveLength(1)
    const person = await (await operator.api('GET', `/audit?person=${encodeURIComponent(admin.email)}&action=person.`)).json()
    expect(person.events.map((e: { action: string }) => e.action)).toEqual(['person.role_changed'])

    const mine = await (await admin.api('GET', `/audit?organisation=${zeta.code}`)).json()
    expect(mine.events.map((e: { organisation: string }) => e.organisation)).toEqual([acme.code, acme.code, acme.code])

    const refused = await marketer.api('GET', '/audit')
    expect([refused.status, (await refused.json()).message]).toEqual([403, 'only operators and organisation admins can read the audit log'])
    expect((await operator.api('GET', '/audit?before=abc')).status).toBe(422)
  })

  it('offers each reader the action families of the events they can see: an admin never signing keys, providers or other organisations', async () => {
    const [acme, zeta] = [await createOrganisation(idp.db, { name: 'Acme' }), await createOrganisation(idp.db, { name: 'Zeta' })]
    const operator = await consoleUser(idp, { svcMaster: true })
    const admin = await consoleUser(idp, { svcApp: acme.code, svcRole: 'admin' })
    const actor = { kind: 'account', sub: operator.me.sub, email: operator.email } as const
    const families = async (user: ConsoleUser, query = '') => (await (await user.api('GET', `/audit${query}`)).json()).families
    expect([await families(operator), await families(admin)]).toEqual([[], []])

    await recordAuditEvent(idp.db, { actor, action: 'api_key.created', target: { kind: 'api_key', code: '1' }, organisation: acme.code })
    await recordAuditEvent(idp.db, { actor, action: 'person.invited', target: { kind: 'person', code: 'x' }, organisation: zeta.code })
    await recordAuditEvent(idp.db, {
      actor: { kind: 'system' },
      action: 'signing_key.rotated',
      target: { kind: 'signing_key', code: 'k1' },
    })
    await recordAuditEvent(idp.db, { actor, action: 'provider.added', target: { kind: 'provider', code: 'github' } })
    await recordAuditEvent(idp.db, { actor: { kind: 'setup' }, action: 'person.created', target: { kind: 'person', code: 'op' } })

    expect(await families(operator)).toEqual(['person.', 'api_key.', 'signing_key.', 'provider.'])
    expect(await families(admin)).toEqual(['api_key.'])
    // The same rule as the rows: a family not offered has nothing to show, whatever is asked.
    expect(await families(admin, `?organisation=${zeta.code}`)).toEqual(['api_key.'])
    for (const family of ['signing_key.', 'provider.', 'person.'])
      expect((await (await admin.api('GET', `/audit?action=${family}`)).json()).events).toEqual([])
  })

  it('pages newest first with "before"', async () => {
    const operator = await consoleUser(idp, { svcMaster: true })
    for (let i = 0; i < 51; i++)
      await recordAuditEvent(idp.db, { actor: { kind: 'system' }, action: 'webhook.pinged', target: { kind: 'client', code: `cli_${i}` } })
    const first = await (await operator.api('GET', '/audit')).json()
    expect([first.events.length, first.events[0].target.code, typeof first.next]).toEqual([50, 'cli_50', 'number'])
    const second = await (await operator.api('GET', `/audit?before=${first.next}`)).json()
    expect([second.events.map((e: { target: { code: string } }) => e.target.code), second.next]).toEqual([['cli_0'], null])
  })

  it('names the management tokens that acted, revoked ones too, beside their ids', async () => {
    const acme = await createOrganisation(idp.db, { name: 'Acme' })
    const { token } = await createManagementToken(idp.db, {
      name: 'CMS import',
      organisationId: acme.id,
      scopes: 'ads:write',
      createdBy: 'cli:ada',
    })
    await revokeManagementToken(idp.db, token.id)
    await recordAuditEvent(idp.db, {
      actor: { kind: 'token', id: token.id },
      action: 'ad.created',
      target: { kind: 'ad', code: 'ADS1' },
      organisation: acme.code,
    })
    // An id no token has (a log restored into another database) is shown without a name, never an error.
    await recordAuditEvent(idp.db, { actor: { kind: 'token', id: 999 }, action: 'ad.deleted', target: { kind: 'ad', code: 'ADS2' } })
    const operator = await consoleUser(idp, { svcMaster: true })
    const page = await (await operator.api('GET', '/audit')).json()
    expect(page.token_names).toEqual({ [String(token.id)]: 'CMS import' })
    const admin = await consoleUser(idp, { svcApp: acme.code, svcRole: 'admin' })
    expect((await (await admin.api('GET', '/audit')).json()).token_names).toEqual({ [String(token.id)]: 'CMS import' })
  })
})
