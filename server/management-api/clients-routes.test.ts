import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { changesByTokens } from '../testing/management-api-requests.js'
import { clientByClientId, createClient } from '../clients/clients.js'
import { clientSecretMatches } from '../clients/client-row.js'
import { activeWebhookSecrets } from '../webhooks/secrets.js'
import { createOrganisation } from '../orgs/organisations.js'
import { consoleUser } from '../testing/console-user.js'
import { identityFixture } from '../testing/identity-fixture.js'
import { createManagementToken } from './management-tokens-repository.js'
import { type ApiTestbed, apiTestbed, json, problem } from './management-api-testing.js'

let bed: ApiTestbed
beforeEach(async () => {
  bed = await apiTestbed()
})
afterEach(() => bed.acme.db.destroy())

const shop = {
  name: 'Shop',
  redirect_uris: ['https://shop.example/callback'],
  post_logout_redirect_uris: ['https://shop.example/'],
  privacy_policy_url: 'https://shop.example/privacy',
}

describe('management API: clients', () => {
  it('registers a client with its secrets shown once, lists, reads, changes and deletes it, each change in the audit log', async () => {
    const { call, token, acme } = bed
    const writer = await token('clients:write')
    const created = await call('/clients', writer, json('POST', { ...shop, webhook_url: 'https://shop.example/hooks' }))
    expect(created.status).toBe(201)
    const client = await created.json()
    expect(client).toMatchObject({
      client_id: expect.stringMatching(/^cli_/),
      organisation: acme.organisation.code,
      name: 'Shop',
      public: false,
      application_type: 'web',
      redirect_uris: ['https://shop.example/callback'],
      scopes: ['openid', 'profile', 'email'],
      privacy_policy_url: 'https://shop.example/privacy',
      terms_of_service_url: null,
      client_secret: expect.stringMatching(/^sec_/),
      webhook_secret: expect.stringMatching(/^whsec_/),
      webhook_endpoint: { id: expect.stringMatching(/^ep_/), url: 'https://shop.example/hooks', events: ['*'], enabled: true },
    })
    expect(created.headers.get('Location')).toBe(`/api/v1/clients/${client.client_id}`)
    const row = (await clientByClientId(acme.db, client.client_id))!
    expect(clientSecretMatches(row, client.client_secret)).toBe(true)
    expect(await activeWebhookSecrets(acme.db, { id: client.webhook_endpoint.id, client_id: row.id })).toEqual([client.webhook_secret])

    const reader = await token('clients:read')
    const listed = await (await call('/clients', reader)).json()
    expect(listed.data.map((c: { client_id: string }) => c.client_id)).toEqual([client.client_id])
    expect(JSON.stringify(listed)).not.toContain(client.client_secret)

    // A client read and sent back whole changes nothing and is answered as it was.
    const read = await (await call(`/clients/${client.client_id}`, reader)).json()
    const unchanged = await call(`/clients/${client.client_id}`, writer, json('PATCH', read))
    expect(unchanged.status).toBe(200)
    expect(await unchanged.json()).toEqual(read)
    expect((await changesByTokens(acme.db)).events.map((e) => e.action)).toEqual(['webhook.endpoint_added', 'client.created'])

    const renamed = await call(`/clients/${client.client_id}`, writer, json('PATCH', { ...read, name: 'Shop 2', privacy_policy_url: null }))
    expect(renamed.status).toBe(200)
    expect(await renamed.json()).toEqual({ ...read, name: 'Shop 2', privacy_policy_url: null })
    expect(await (await call(`/clients/${client.client_id}`, reader)).json()).toMatchObject({ name: 'Shop 2', privacy_policy_url: null })

    expect((await call(`/clients/${client.client_id}`, reader, { method: 'DELETE' })).status).toBe(403)
    expect((await call(`/clients/${client.client_id}`, writer, { method: 'DELETE' })).status).toBe(204)
    expect((await call(`/clients/${client.client_id}`, reader)).status).toBe(404)
    expect(await clientByClientId(acme.db, client.client_id)).toBeUndefined()

    const { events } = await changesByTokens(acme.db)
    expect(events.map((e) => e.action)).toEqual(['client.deleted', 'client.updated', 'webhook.endpoint_added', 'client.created'])
    expect(events[1]).toMatchObject({
      organisation: acme.organisation.code,
      target: { kind: 'client', code: client.client_id },
      detail: { before: { name: 'Shop', privacy_policy_url: 'https://shop.example/privacy' }, after: { name: 'Shop 2', privacy_policy_url: null } },
    })
    expect(JSON.stringify(events)).not.toContain(client.client_secret)
  })

  it('rotates a secret: the new one shown once, the old refused at the token endpoint from then on, audited', async () => {
    const { call, token, acme, other, app } = bed
    const writer = await token('clients:write')
    const made = await (await call('/clients', writer, json('POST', shop))).json()
    // The token endpoint tells a wrong secret (401 invalid_client) from a right one with a bad code (400 invalid_grant).
    const tokenEndpointWith = async (secret: string) => {
      const res = await app.request('/oidc/token', {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${made.client_id}:${secret}`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=authorization_code&code=nothing&redirect_uri=https%3A%2F%2Fshop.example%2Fcallback',
      })
      return [res.status, (await res.json()).error]
    }
    expect(await tokenEndpointWith(made.client_secret)).toEqual([400, 'invalid_grant'])

    const rotated = await call(`/clients/${made.client_id}/secret`, writer, { method: 'POST' })
    expect(rotated.status).toBe(200)
    expect(rotated.headers.get('Cache-Control')).toBe('no-store')
    const { client_secret: fresh, client_id } = await rotated.json()
    expect(client_id).toBe(made.client_id)
    expect(fresh).toMatch(/^sec_/)
    expect(fresh).not.toBe(made.client_secret)
    expect(await tokenEndpointWith(made.client_secret)).toEqual([401, 'invalid_client'])
    expect(await tokenEndpointWith(fresh)).toEqual([400, 'invalid_grant'])
    // Shown once: reading the client never shows it.
    expect(JSON.stringify(await (await call(`/clients/${made.client_id}`, writer)).json())).not.toContain(fresh)

    const { events } = await changesByTokens(acme.db)
    expect(events.map((e) => [e.action, e.target.code, e.organisation])).toEqual([
      ['client.secret_rotated', made.client_id, acme.organisation.code],
      ['client.created', made.client_id, acme.organisation.code],
    ])
    expect(JSON.stringify(events)).not.toContain(fresh)

    // A public client has none; a reader may not; another organisation's token finds no such client; no token, 401.
    const pkce = await (await call('/clients', writer, json('POST', { ...shop, public: true }))).json()
    const refused = await call(`/clients/${pkce.client_id}/secret`, writer, { method: 'POST' })
    expect(refused.status).toBe(409)
    expect((await problem(refused)).detail).toMatch(/is public .* no secret to rotate/)
    expect((await call(`/clients/${made.client_id}/secret`, await token('clients:read'), { method: 'POST' })).status).toBe(403)
    const theirs = await token('clients:write', other.organisation.id)
    expect((await problem(await call(`/clients/${made.client_id}/secret`, theirs, { method: 'POST' }))).status).toBe(404)
    expect((await call(`/clients/${made.client_id}/secret`, undefined, { method: 'POST' })).status).toBe(401)
    expect(await tokenEndpointWith(fresh)).toEqual([400, 'invalid_grant'])
  })

  it('registers a public client with no secret, and keeps public, scopes and the id fixed', async () => {
    const { call, token } = bed
    const writer = await token('clients:write')
    const client = await (await call('/clients', writer, json('POST', { ...shop, public: true, application_type: 'native' }))).json()
    expect(client).toMatchObject({ public: true, application_type: 'native', client_secret: null, webhook_endpoint: null, webhook_secret: null })
    const refused = await call(`/clients/${client.client_id}`, writer, json('PATCH', { public: false, scopes: ['openid'], client_id: 'cli_x' }))
    expect(refused.status).toBe(422)
    expect((await problem(refused)).errors).toEqual([
      { pointer: '#/client_id', detail: "client_id cannot change; it is the client's identifier" },
      { pointer: '#/public', detail: 'public cannot change once a client is registered; register a new client' },
      { pointer: '#/scopes', detail: 'scopes cannot change here; an operator grants them with svc-bff' },
    ])
  })

  it("refuses what the console's form refuses, each field named, never a 500", async () => {
    const { call, token } = bed
    const writer = await token('clients:write')
    const invalid = await call(
      '/clients',
      writer,
      json('POST', { name: '', redirect_uris: ['not a url'], logo_uri: 'ftp://shop.example/logo.png', webhook_url: 'https://10.0.0.5/hooks' }),
    )
    expect(invalid.status).toBe(422)
    const body = await problem(invalid)
    expect(body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(['#/logo_uri', '#/name', '#/redirect_uris', '#/webhook_url'])
    expect(body.errors.find((e: { pointer: string }) => e.pointer === '#/webhook_url').detail).toMatch(/private, loopback and link-local/)

    const types = await call('/clients', writer, json('POST', { name: 7, redirect_uris: 'https://shop.example/cb', public: 'yes', colour: 'red' }))
    expect(types.status).toBe(422)
    expect((await problem(types)).errors).toEqual(
      expect.arrayContaining([
        { pointer: '#/name', detail: 'name must be a string' },
        { pointer: '#/redirect_uris', detail: 'redirect_uris must be a list of URIs' },
        { pointer: '#/public', detail: 'public must be true or false' },
        { pointer: '#/colour', detail: 'unknown field colour' },
      ]),
    )
    const scopes = await call('/clients', writer, json('POST', { ...shop, scopes: ['openid', 'svc.access'] }))
    expect(scopes.status).toBe(422)
    expect((await problem(scopes)).errors).toEqual([{ pointer: '#/scopes', detail: expect.stringMatching(/only an operator-wide token/) }])

    const client = await (await call('/clients', writer, json('POST', shop))).json()
    const badChange = await call(`/clients/${client.client_id}`, writer, json('PATCH', { redirect_uris: [] }))
    expect(badChange.status).toBe(422)
    expect((await problem(badChange)).errors).toEqual([{ pointer: '#/redirect_uris', detail: expect.any(String) }])
  })

  it("answers 401, 403 and 404 for another organisation's client, and lets an operator-wide token reach every client", async () => {
    const { call, token, acme, other } = bed
    const { clientId: theirs } = await createClient(acme.db, { ...shopInput, organisationId: other.organisation.id })
    const { clientId: cliMade } = await createClient(acme.db, { ...shopInput, name: 'Made by the CLI' })
    expect((await call('/clients', undefined)).status).toBe(401)
    const keysOnly = await token('keys:write')
    expect((await problem(await call('/clients', keysOnly))).detail).toMatch(/lacks the scope clients:read/)

    const writer = await token('clients:write')
    for (const [method, init] of [
      ['GET', {}],
      ['PATCH', json('PATCH', { name: 'Mine now' })],
      ['DELETE', {}],
    ] as const) {
      const res = await call(`/clients/${theirs}`, writer, { method, ...init })
      expect(res.status, method).toBe(404)
      await problem(res)
    }
    expect((await (await call('/clients', writer)).json()).data).toEqual([])
    expect((await call('/clients', writer, json('POST', { ...shop, organisation: other.organisation.code }))).status).toBe(404)

    const operator = await token('clients:write', null)
    const all = await (await call('/clients', operator)).json()
    expect(all.data.map((c: { client_id: string }) => c.client_id)).toEqual([cliMade, theirs])
    expect(all.data.map((c: { organisation: string | null }) => c.organisation)).toEqual([null, other.organisation.code])
    const narrowed = await (await call(`/clients?organisation=${other.organisation.code}`, operator)).json()
    expect(narrowed.data.map((c: { client_id: string }) => c.client_id)).toEqual([theirs])
    const svcWide = await (await call('/clients', operator, json('POST', { ...shop, scopes: ['openid', 'offline_access'] }))).json()
    expect(svcWide).toMatchObject({ organisation: null, scopes: ['openid', 'offline_access'] })
  })
})

const shopInput = { name: 'Theirs', redirectUris: ['https://theirs.example/callback'] }

describe("a client registered in the console's developer portal", () => {
  it("belongs to its developer's organisation, so that organisation's token reaches it and another's does not", async () => {
    const idp = await identityFixture()
    try {
      const acme = await createOrganisation(idp.db, { name: 'Acme' })
      const other = await createOrganisation(idp.db, { name: 'Other' })
      const developer = await consoleUser(idp, { svcRole: 'developer', svcApp: acme.code })
      const made = await (await developer.api('POST', '/clients', { name: 'Shop', redirect_uris: 'https://shop.example/cb' })).json()
      const tokenOf = async (organisationId: number) =>
        (await createManagementToken(idp.db, { name: 'test', organisationId, scopes: 'clients:read', createdBy: 'cli:test' })).secret
      const read = (secret: string) =>
        idp.bff.app.request(`/api/v1/clients/${made.client.client_id}`, { headers: { Authorization: `Bearer ${secret}` } })
      const answer = await read(await tokenOf(acme.id))
      expect(answer.status).toBe(200)
      expect(await answer.json()).toMatchObject({ client_id: made.client.client_id, organisation: acme.code, name: 'Shop' })
      expect((await read(await tokenOf(other.id))).status).toBe(404)
    } finally {
      await idp.close()
    }
  })
})
