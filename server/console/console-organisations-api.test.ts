/** @module Tests of the console's organisations API: who may list, create, change and archive which organisation, and its refusals. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createAd } from '../ads/ads-repository.js'
import { createApiKey, revokeApiKey } from '../api-keys/api-keys.js'
import { createOrganisation, organisationWithCode } from '../orgs/organisations.js'
import { consoleUser } from '../testing/console-user.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

describe('the console organisations API', () => {
  it('lets an operator create an organisation, checking name and origins as org create does, both at once', async () => {
    const operator = await consoleUser(idp, { svcMaster: true })
    const empty = await (await operator.api('GET', '/organisations')).json()
    expect(empty).toEqual({ organisations: [], may_create: true })

    const refused = await operator.api('POST', '/organisations', { name: '  ', origins: 'https://ok.example\nftp://files.example' })
    expect(refused.status).toBe(422)
    expect(await refused.json()).toMatchObject({
      message: 'the organisation has 2 problems: name, origins',
      errors: { name: 'name must be 1 to 200 characters', origins: 'origin "ftp://files.example" must use http or https' },
    })

    const created = await operator.api('POST', '/organisations', {
      name: ' شركة الإعلانات ',
      origins: 'HTTPS://Shop.example:443\nhttps://news.example\n\nhttps://shop.example',
    })
    expect(created.status).toBe(201)
    const { organisation } = await created.json()
    expect(organisation).toMatchObject({
      name: 'شركة الإعلانات',
      origins: ['https://shop.example', 'https://news.example'],
      keys: 0,
      ads: 0,
      archived_at: null,
    })
    expect(organisation.code).toMatch(/^ORG\d+$/)
    // It is offered in the pickers at once.
    expect((await (await operator.api('GET', '/me')).json()).organisations).toEqual([{ code: organisation.code, name: 'شركة الإعلانات' }])
  })

  it('renames and sets origins, saving unchanged as unchanged and one changed field as exactly that', async () => {
    const operator = await consoleUser(idp, { svcMaster: true })
    const org = await createOrganisation(idp.db, { name: 'Acme', origins: ['https://acme.example'] })
    const listed = async () => (await (await operator.api('GET', '/organisations')).json()).organisations[0]
    const before = await listed()
    const same = await operator.api('PUT', `/organisations/${org.code}`, { name: before.name, origins: before.origins.join('\n') })
    expect(same.status).toBe(200)
    expect(await listed()).toEqual(before)
    await operator.api('PUT', `/organisations/${org.code}`, { name: 'Acme Publishing', origins: before.origins.join('\n') })
    expect(await listed()).toEqual({ ...before, name: 'Acme Publishing' })
    await operator.api('PUT', `/organisations/${org.code}`, { origins: '' })
    expect(await listed()).toEqual({ ...before, name: 'Acme Publishing', origins: [] })
    const bad = await operator.api('PUT', `/organisations/${org.code}`, { origins: 'https://acme.example/shop' })
    expect(bad.status).toBe(422)
    expect((await bad.json()).errors).toEqual({ origins: 'origin "https://acme.example/shop" must be only scheme, host and port' })
  })

  it('counts live keys and ads', async () => {
    const operator = await consoleUser(idp, { svcMaster: true })
    const org = await createOrganisation(idp.db, { name: 'Acme' })
    await createApiKey(idp.db, { organisationId: org.id })
    const { keyId } = await createApiKey(idp.db, { organisationId: org.id })
    await revokeApiKey(idp.db, keyId)
    await createAd(idp.db, org.id, { title: 'Spring', display: 'Home' })
    const [listed] = (await (await operator.api('GET', '/organisations')).json()).organisations
    expect(listed).toMatchObject({ keys: 1, ads: 1 })
  })

  it('archives and unarchives: an archived organisation stays on the page and leaves the pickers', async () => {
    const operator = await consoleUser(idp, { svcMaster: true })
    const org = await createOrganisation(idp.db, { name: 'Acme' })
    const archived = await operator.api('PUT', `/organisations/${org.code}/archived`, { archived: true })
    expect(archived.status).toBe(200)
    expect((await archived.json()).organisation.archived_at).toMatch(/^\d{4}-/)
    expect((await organisationWithCode(idp.db, org.code))?.archived_at).not.toBeNull()
    expect((await (await operator.api('GET', '/me')).json()).organisations).toEqual([])
    expect((await (await operator.api('GET', '/organisations')).json()).organisations).toHaveLength(1)
    const back = await operator.api('PUT', `/organisations/${org.code}/archived`, { archived: false })
    expect((await back.json()).organisation.archived_at).toBeNull()
    expect((await (await operator.api('GET', '/me')).json()).organisations).toEqual([{ code: org.code, name: 'Acme' }])
    const unsaid = await operator.api('PUT', `/organisations/${org.code}/archived`, {})
    expect(unsaid.status).toBe(422)
  })

  it("shows an admin only their organisation, which they may rename but not archive; others' are not theirs", async () => {
    const mine = await createOrganisation(idp.db, { name: 'Mine' })
    const theirs = await createOrganisation(idp.db, { name: 'Theirs' })
    const admin = await consoleUser(idp, { svcApp: mine.code, svcRole: 'admin' })
    const list = await (await admin.api('GET', '/organisations')).json()
    expect(list.may_create).toBe(false)
    expect(list.organisations.map((org: { code: string }) => org.code)).toEqual([mine.code])
    expect((await admin.api('PUT', `/organisations/${mine.code}`, { name: 'Mine, renamed' })).status).toBe(200)
    expect((await organisationWithCode(idp.db, mine.code))?.name).toBe('Mine, renamed')
    const foreign = await admin.api('PUT', `/organisations/${theirs.code}`, { name: 'Taken over' })
    expect(foreign.status).toBe(404)
    expect((await organisationWithCode(idp.db, theirs.code))?.name).toBe('Theirs')
    const create = await admin.api('POST', '/organisations', { name: 'Another' })
    expect(create.status).toBe(403)
    expect((await create.json()).message).toBe('only an operator (someone who runs svc) may create organisations')
    expect((await admin.api('PUT', `/organisations/${mine.code}/archived`, { archived: true })).status).toBe(403)
    expect((await organisationWithCode(idp.db, mine.code))?.archived_at).toBeNull()
  })

  it('refuses marketers, developers, strangers and writes without the CSRF token', async () => {
    const org = await createOrganisation(idp.db, { name: 'Acme' })
    const marketer = await consoleUser(idp, { svcApp: org.code, svcAccess: ['Ads:Edit'] })
    expect((await marketer.api('GET', '/organisations')).status).toBe(403)
    const developer = await consoleUser(idp, { svcRole: 'developer' })
    expect((await developer.api('GET', '/organisations')).status).toBe(403)
    expect((await fetch(`${idp.issuer}/console/api/organisations`)).status).toBe(401)
    const operator = await consoleUser(idp, { svcMaster: true })
    expect((await operator.api('POST', '/organisations', { name: 'Forged' }, { csrf: false })).status).toBe(403)
    expect((await (await operator.api('GET', '/organisations')).json()).organisations).toHaveLength(1)
  })
})
