/**
 * @module The clients repository's SQL against the dialect under test:
 * what registration, the token endpoint, the developer portal and the
 * management API rely on when they store, find, scope, change and delete
 * clients.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import { liveConsentsOf, storeConsent } from '../accounts/consents.js'
import { createUser } from '../accounts/users.js'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { InvalidInput } from '../invalid-input.js'
import { createOrganisation } from '../orgs/organisations.js'
import {
  allClients,
  changeClientRegistration,
  clientByClientId,
  clientById,
  clientRowIdsOfOrganisation,
  clientsByIds,
  createClient,
  deleteClient,
  developerClient,
  developerClients,
  hashSecret,
  makeFirstParty,
  organisationClient,
  organisationClients,
  publicClientIds,
  publicClientIdsByRowId,
  replaceClientSecret,
  setRedirectUris,
  thirdPartyClientIdNamed,
} from './clients.js'

let db: Kysely<Database>
beforeEach(async () => {
  db = await openTestDatabase()
})
afterEach(() => db.destroy())

const register = (name: string, extra: Partial<Parameters<typeof createClient>[1]> = {}) =>
  createClient(db, { name, redirectUris: [`https://${name.toLowerCase()}.example/callback`], ...extra })
const rowOf = async (clientId: string) => (await clientByClientId(db, clientId))!
const ids = (rows: readonly { client_id: string }[]) => rows.map((row) => row.client_id)
const asRow = (client: { clientId: string }) => ({ client_id: client.clientId })

describe('createClient and finding a client', () => {
  it('stores a confidential client with its secret hashed, its URIs and scopes as JSON, and finds it by public and row id', async () => {
    const now = new Date('2025-05-01T12:00:00.000Z')
    const { clientId, clientSecret } = await createClient(
      db,
      {
        name: 'Shop',
        redirectUris: ['https://shop.example/callback'],
        postLogoutRedirectUris: ['https://shop.example/bye'],
        backchannelLogoutUri: 'https://shop.example/logout',
        backchannelLogoutSessionRequired: true,
        logoUri: 'https://shop.example/logo.png',
      },
      now,
    )
    const row = await rowOf(clientId)
    expect(row).toMatchObject({
      client_id: clientId,
      name: 'Shop',
      secret_hash: hashSecret(clientSecret!),
      redirect_uris: '["https://shop.example/callback"]',
      post_logout_redirect_uris: '["https://shop.example/bye"]',
      scopes: '["openid","profile","email"]',
      backchannel_logout_uri: 'https://shop.example/logout',
      backchannel_logout_session_required: 1,
      logo_uri: 'https://shop.example/logo.png',
      privacy_policy_url: null,
      owner_sub: null,
      organisation_id: null,
      first_party: 0,
      application_type: 'web',
      created_at: now.toISOString(),
    })
    expect(await clientById(db, row.id)).toEqual(row)
    expect(await clientByClientId(db, clientId.toUpperCase())).toBeUndefined()
    expect(await clientById(db, row.id + 1)).toBeUndefined()
  })

  it('stores a public client with no secret, and nothing for scopes it may not have', async () => {
    const { clientId, clientSecret } = await register('Spa', { public: true, applicationType: 'native' })
    expect(clientSecret).toBeUndefined()
    expect(await rowOf(clientId)).toMatchObject({ secret_hash: null, application_type: 'native', backchannel_logout_session_required: 0 })
    await expect(register('Bad', { scopes: ['profile'] })).rejects.toBeInstanceOf(InvalidInput)
    await expect(register('Bad', { scopes: ['openid', 'admin'] })).rejects.toBeInstanceOf(InvalidInput)
    expect(ids(await allClients(db))).toEqual([clientId])
  })
})

describe('clients by row ids', () => {
  it('reads the clients of the row ids given, each once, and their public ids in the order given', async () => {
    const [a, b, c] = [await register('Alpha'), await register('Bravo'), await register('Charlie')]
    const [rowA, rowB, rowC] = [await rowOf(a.clientId), await rowOf(b.clientId), await rowOf(c.clientId)]
    expect(ids(await clientsByIds(db, [rowC.id, rowA.id, rowC.id, 99])).sort()).toEqual([a.clientId, c.clientId].sort())
    expect(await clientsByIds(db, [])).toEqual([])
    expect(await publicClientIds(db, [rowC.id, 99, rowA.id, rowC.id, rowB.id])).toEqual([c.clientId, a.clientId, b.clientId])
    expect(await publicClientIdsByRowId(db, [rowB.id, rowB.id, 99])).toEqual(new Map([[rowB.id, b.clientId]]))
    expect(await publicClientIdsByRowId(db, [])).toEqual(new Map())
  })
})

describe('replaceClientSecret', () => {
  it("replaces a confidential client's secret hash, and gives a public client none", async () => {
    const shop = await register('Shop')
    const spa = await register('Spa', { public: true })
    const secret = await replaceClientSecret(db, (await rowOf(shop.clientId)).id)
    expect(secret).toMatch(/^sec_/)
    expect(secret).not.toBe(shop.clientSecret)
    expect((await rowOf(shop.clientId)).secret_hash).toBe(hashSecret(secret!))
    expect(await replaceClientSecret(db, (await rowOf(spa.clientId)).id)).toBeUndefined()
    expect((await rowOf(spa.clientId)).secret_hash).toBeNull()
    expect(await replaceClientSecret(db, 99)).toBeUndefined()
  })
})

describe('the developer portal and the management API', () => {
  async function clientsOfEveryKind() {
    const acme = await createOrganisation(db, { name: 'Acme' })
    const other = await createOrganisation(db, { name: 'Other' })
    const svcConsole = await register('Console', { svcOwn: true })
    await makeFirstParty(db, svcConsole.clientId, { redirectUris: ['https://svc.example/console/callback'], postLogoutRedirectUris: [] })
    const adas = await register('Adas', { ownerSub: 'ada', organisationId: acme.id })
    const scripts = await register('Scripts', { organisationId: acme.id })
    const bobs = await register('Bobs', { ownerSub: 'bob', organisationId: acme.id })
    const others = await register('Others', { organisationId: other.id })
    const loose = await register('Loose')
    return { acme, other, svcConsole, adas, scripts, bobs, others, loose }
  }

  it("shows an operator every client but svc's own, a developer theirs and their organisation's that no developer registered, newest first", async () => {
    const { acme, svcConsole, adas, scripts, bobs, others, loose } = await clientsOfEveryKind()
    expect(ids(await developerClients(db, undefined))).toEqual(ids([loose, others, bobs, scripts, adas].map(asRow)))
    expect(ids(await developerClients(db, { sub: 'ada', organisation: acme.code }))).toEqual([scripts.clientId, adas.clientId])
    expect(ids(await developerClients(db, { sub: 'ada' }))).toEqual([adas.clientId])
    expect(ids(await developerClients(db, { sub: 'carol', organisation: 'ORG0000000000' }))).toEqual([])
    expect(await developerClient(db, { sub: 'ada', organisation: acme.code }, scripts.clientId)).toMatchObject({ name: 'Scripts' })
    expect(await developerClient(db, { sub: 'ada', organisation: acme.code }, bobs.clientId)).toBeUndefined()
    expect(await developerClient(db, undefined, svcConsole.clientId)).toBeUndefined()
    expect(await developerClient(db, undefined, loose.clientId)).toMatchObject({ name: 'Loose' })
  })

  it("gives a management token its organisation's clients, or every one but svc's own, newest first", async () => {
    const { acme, other, svcConsole, adas, scripts, bobs, others, loose } = await clientsOfEveryKind()
    expect(ids(await organisationClients(db, acme.id))).toEqual([bobs.clientId, scripts.clientId, adas.clientId])
    expect(ids(await organisationClients(db, undefined))).toEqual(ids([loose, others, bobs, scripts, adas].map(asRow)))
    expect(await organisationClient(db, other.id, others.clientId)).toMatchObject({ name: 'Others' })
    expect(await organisationClient(db, other.id, adas.clientId)).toBeUndefined()
    expect(await organisationClient(db, undefined, svcConsole.clientId)).toBeUndefined()
    const rowIds = async (clients: { clientId: string }[]) => Promise.all(clients.map(async (c) => (await rowOf(c.clientId)).id))
    expect((await clientRowIdsOfOrganisation(db, acme.code)).sort((x, y) => x - y)).toEqual(await rowIds([adas, scripts, bobs]))
    expect(await clientRowIdsOfOrganisation(db, 'ORG0000000000')).toEqual([])
  })

  it("finds a third party's public id by exact name, and never svc's own", async () => {
    const { svcConsole, loose } = await clientsOfEveryKind()
    expect(await thirdPartyClientIdNamed(db, 'Loose')).toBe(loose.clientId)
    expect(await thirdPartyClientIdNamed(db, 'loose')).toBeUndefined()
    expect(await thirdPartyClientIdNamed(db, 'Console')).toBeUndefined()
    expect((await rowOf(svcConsole.clientId)).first_party).toBe(1)
  })
})

describe('changing and deleting a client', () => {
  it("replaces one client's redirect URIs, or makes it svc's own with its URIs", async () => {
    const shop = await register('Shop')
    const kept = await register('Kept')
    await setRedirectUris(db, shop.clientId, ['http://localhost:8787/'])
    expect((await rowOf(shop.clientId)).redirect_uris).toBe('["http://localhost:8787/"]')
    await makeFirstParty(db, shop.clientId, { redirectUris: ['https://svc.example/cb'], postLogoutRedirectUris: ['https://svc.example/'] })
    expect(await rowOf(shop.clientId)).toMatchObject({
      first_party: 1,
      redirect_uris: '["https://svc.example/cb"]',
      post_logout_redirect_uris: '["https://svc.example/"]',
    })
    expect(await rowOf(kept.clientId)).toMatchObject({ first_party: 0, redirect_uris: '["https://kept.example/callback"]' })
  })

  it('replaces the registration as given, leaving the back-channel fields when left out, the id and secret always', async () => {
    const shop = await register('Shop', { backchannelLogoutUri: 'https://shop.example/logout', backchannelLogoutSessionRequired: true })
    const before = await rowOf(shop.clientId)
    const change = {
      name: 'Shop 2',
      applicationType: 'native' as const,
      redirectUris: ['http://127.0.0.1/cb'],
      postLogoutRedirectUris: [],
      privacyPolicyUrl: 'https://shop.example/privacy',
      termsOfServiceUrl: null,
      logoUri: null,
    }
    await changeClientRegistration(db, before.id, change)
    expect(await rowOf(shop.clientId)).toEqual({
      ...before,
      name: 'Shop 2',
      application_type: 'native',
      redirect_uris: '["http://127.0.0.1/cb"]',
      post_logout_redirect_uris: '[]',
      privacy_policy_url: 'https://shop.example/privacy',
    })
    await changeClientRegistration(db, before.id, { ...change, backchannelLogoutUri: null, backchannelLogoutSessionRequired: false })
    expect(await rowOf(shop.clientId)).toMatchObject({ backchannel_logout_uri: null, backchannel_logout_session_required: 0 })
  })

  it('deletes one client with what was granted to it', async () => {
    const shop = await register('Shop')
    const kept = await register('Kept')
    const user = await createUser(db, { email: 'ada@example.com', name: 'Ada', password: 'long enough' })
    for (const client of [shop, kept])
      await storeConsent(db, {
        userId: user.id,
        clientId: (await rowOf(client.clientId)).id,
        scopes: ['openid'],
        grantedAt: '2025-05-01T12:00:00.000Z',
      })
    await deleteClient(db, shop.clientId)
    expect(await clientByClientId(db, shop.clientId)).toBeUndefined()
    expect(ids(await allClients(db))).toEqual([kept.clientId])
    expect((await liveConsentsOf(db, user.id)).map((consent) => consent.clientId)).toEqual([(await rowOf(kept.clientId)).id])
  })
})
