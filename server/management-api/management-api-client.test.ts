/**
 * Drives the management API the way a partner's script would: a client
 * generated from the document svc serves (openapi-typescript, then
 * openapi-fetch), so a route that changes without its document, or a
 * document that says what no handler does, fails here. And validates the
 * document itself as OpenAPI 3.1.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { crc32, deflateSync } from 'node:zlib'
import { validate } from '@readme/openapi-parser'
import createClient from 'openapi-fetch'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MANAGEMENT_API_TYPES, typesOfDocument, WRITE_TYPES_COMMAND } from '../../scripts/docs/management-api-types.js'
import { type ListeningBff, listeningBff, type Publisher, publisherFixture } from '../testing/publisher.js'
import { createManagementToken } from './management-tokens-repository.js'
import type { paths } from './openapi-types.generated.js'

const png = readFileSync(new URL('../images/fixtures/two-colours.png', import.meta.url))
let acme: Publisher
let bff: ListeningBff

beforeEach(async () => {
  acme = await publisherFixture()
  bff = await listeningBff({ db: acme.db })
})
afterEach(async () => {
  await bff.close()
  await acme.db.destroy()
})

const servedDocument = async () => (await bff.request('/api/v1/openapi.json')).json()

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 and describes the management API and the public ads API', async () => {
    const document = await servedDocument()
    const result = await validate(structuredClone(document))
    expect(result.valid ? [] : result.errors).toEqual([])
    expect(document.openapi).toBe('3.1.0')
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/ads',
        '/api/v1/ads/{code}',
        '/api/v1/ads/{code}/publish',
        '/api/v1/images',
        '/ads',
        '/ads/{display}',
        '/ads/events',
      ]),
    )
    // The body schema is ad create's own: its fields and their rules.
    expect(document.components.schemas.NewAd.properties.weight).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 10 })
    expect(document.components.schemas.NewAd.required).toEqual(['title', 'display'])
  })

  it('generates the committed client types, so the types the tests use are those svc serves', async () => {
    const committed = readFileSync(MANAGEMENT_API_TYPES, 'utf8')
    const generated = await typesOfDocument(await servedDocument())
    expect(generated === committed, `${MANAGEMENT_API_TYPES} is out of date: run ${WRITE_TYPES_COMMAND}`).toBe(true)
  })

  it('serves its reference page and the renderer from the installed package, with no other origin', async () => {
    const page = await bff.request('/api/v1/docs')
    expect(page.status).toBe(200)
    const text = await page.text()
    expect(text).toContain('/api/v1/docs/swagger-ui-bundle.js')
    expect(text).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/)
    expect(page.headers.get('Content-Security-Policy')).toContain("script-src 'self'")
    const script = await bff.request('/api/v1/docs/swagger-ui-bundle.js')
    expect(script.headers.get('Content-Type')).toMatch(/javascript/)
    expect((await script.text()).length).toBeGreaterThan(100_000)
  })
})

describe('a client generated from the document', () => {
  it('uploads an image, creates an ad with it, publishes it, and the public ads API serves it', async () => {
    const { secret } = await createManagementToken(acme.db, {
      name: 'CMS',
      organisationId: acme.organisation.id,
      scopes: 'ads:write,images:write',
      createdBy: 'cli:test',
    })
    const api = createClient<paths>({ baseUrl: bff.origin, headers: { Authorization: `Bearer ${secret}` } })

    const uploaded = await api.POST('/api/v1/images', {
      body: png as unknown as string,
      bodySerializer: (body) => body,
      headers: { 'Content-Type': 'image/png' },
    })
    expect(uploaded.response.status).toBe(201)
    const image = uploaded.data!.url

    const created = await api.POST('/api/v1/ads', {
      body: { title: 'Spring sale', display: 'Home Slider Ads', url: 'https://shop.example/spring', link: 'Shop now', image, publish: 0 },
    })
    expect(created.response.status).toBe(201)
    const ad = created.data!
    expect(ad).toMatchObject({ title: 'Spring sale', organisation: acme.organisation.code, publish: 0, image, weight: 10 })
    expect(created.response.headers.get('Location')).toBe(`/api/v1/ads/${ad.code}`)

    const publicAds = createClient<paths>({ baseUrl: bff.origin, headers: { Authorization: `Bearer ${acme.apiKey}` } })
    const before = await publicAds.GET('/ads/{display}', { params: { path: { display: 'home-slider-ads' } } })
    expect(before.response.status).toBe(404)

    const published = await api.POST('/api/v1/ads/{code}/publish', { params: { path: { code: ad.code } } })
    expect(published.data?.publish).toBe(1)

    const served = await publicAds.GET('/ads/{display}', { params: { path: { display: 'home-slider-ads' }, query: { limit: 5 } } })
    expect(served.response.status).toBe(200)
    const data = served.data!.data
    expect(Array.isArray(data) ? data : [data]).toEqual([expect.objectContaining({ code: ad.code, title: 'Spring sale', image })])
    const bytes = await bff.request(new URL(image).pathname)
    expect(bytes.headers.get('Content-Type')).toBe('image/png')
    expect(Buffer.from(await bytes.arrayBuffer()).equals(png)).toBe(true)

    const changed = await api.PATCH('/api/v1/ads/{code}', { params: { path: { code: ad.code } }, body: { title: 'Summer sale' } })
    expect(changed.data?.title).toBe('Summer sale')
    const refused = await api.PATCH('/api/v1/ads/{code}', { params: { path: { code: ad.code } }, body: { weight: 0 } })
    expect(refused.response.status).toBe(422)
    expect(refused.error).toMatchObject({
      status: 422,
      errors: [{ pointer: '#/weight', detail: 'weight must be an integer from 1 to 100' }],
    })
    const listed = await api.GET('/api/v1/ads', { params: { query: { display: 'home-slider-ads', status: 'saved' } } })
    expect(listed.data?.data.map((row) => row.code)).toEqual([ad.code])
    expect((await api.DELETE('/api/v1/ads/{code}', { params: { path: { code: ad.code } } })).response.status).toBe(204)
  })
})

/** A real PNG of random pixels (so it does not compress) of about `width`² × 3 bytes. */
function noisyPng(width: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8)
    head.writeUInt32BE(data.length, 0)
    head.write(type, 4, 'latin1')
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])))
    return Buffer.concat([head, data, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(width, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const rows = Buffer.concat(Array.from({ length: width }, () => Buffer.concat([Buffer.from([0]), randomBytes(width * 3)])))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe('image uploads through the whole server', () => {
  it("take images up to the console's 5 MB, past the 1 MB other bodies get, and refuse larger ones", async () => {
    const { secret } = await createManagementToken(acme.db, {
      name: 'CMS',
      organisationId: acme.organisation.id,
      scopes: 'images:write',
      createdBy: 'cli:test',
    })
    const upload = (body: Buffer) =>
      bff.request('/api/v1/images', {
        method: 'POST',
        body: new Uint8Array(body),
        headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'image/png' },
      })
    const large = noisyPng(1000)
    expect(large.length).toBeGreaterThan(2 * 1024 * 1024)
    expect((await upload(large)).status).toBe(201)
    expect((await upload(noisyPng(1400))).status).toBe(413)
  })
})

describe('a client generated from the document, for keys, clients and webhook endpoints', () => {
  it('makes a key, registers a client, sends it back unchanged, gives it a webhook endpoint and rotates its secret', async () => {
    const document = await servedDocument()
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/v1/keys', '/api/v1/keys/{id}', '/api/v1/clients/{client_id}', '/api/v1/webhook-endpoints/{id}/rotate-secret']),
    )
    const { secret } = await createManagementToken(acme.db, {
      name: 'Onboarding',
      organisationId: acme.organisation.id,
      scopes: 'keys:write,clients:write,webhooks:write',
      createdBy: 'cli:test',
    })
    const api = createClient<paths>({ baseUrl: bff.origin, headers: { Authorization: `Bearer ${secret}` } })

    const key = await api.POST('/api/v1/keys', { body: { origins: ['https://shop.example'], rate_limit: 60 } })
    expect(key.response.status).toBe(201)
    const served = await bff.request('/ads/home', { headers: { Authorization: `Bearer ${key.data!.api_key}`, Origin: 'https://shop.example' } })
    expect(served.status).not.toBe(401)
    const keys = await api.GET('/api/v1/keys')
    expect(keys.data?.data.map((listed) => listed.id)).toContain(key.data!.id)

    const registered = await api.POST('/api/v1/clients', { body: { name: 'Shop', redirect_uris: ['https://shop.example/callback'] } })
    expect(registered.response.status).toBe(201)
    const { client_secret, webhook_endpoint, webhook_secret, ...client } = registered.data!
    expect(client_secret).toMatch(/^sec_/)
    expect([webhook_endpoint, webhook_secret]).toEqual([null, null])
    const read = await api.GET('/api/v1/clients/{client_id}', { params: { path: { client_id: client.client_id } } })
    expect(read.data).toEqual(client)
    const sentBack = await api.PATCH('/api/v1/clients/{client_id}', { params: { path: { client_id: client.client_id } }, body: read.data! })
    expect(sentBack.data).toEqual(client)
    const refused = await api.PATCH('/api/v1/clients/{client_id}', { params: { path: { client_id: client.client_id } }, body: { name: '' } })
    expect(refused.response.status).toBe(422)
    expect(refused.error?.errors?.[0]?.pointer).toBe('#/name')

    const endpoint = await api.POST('/api/v1/webhook-endpoints', { body: { client: client.client_id, url: 'https://shop.example/hooks' } })
    expect(endpoint.response.status).toBe(201)
    const rotated = await api.POST('/api/v1/webhook-endpoints/{id}/rotate-secret', { params: { path: { id: endpoint.data!.id } } })
    expect(rotated.data?.secrets).toHaveLength(2)
    expect(rotated.data?.secret).not.toBe(endpoint.data!.secret)
    // A client may have several endpoints (issue 30), each with its own secret.
    const second = await api.POST('/api/v1/webhook-endpoints', { body: { client: client.client_id, url: 'https://shop.example/other' } })
    expect(second.response.status).toBe(201)
    expect(second.data?.secret).not.toBe(rotated.data?.secret)
    expect((await api.DELETE('/api/v1/clients/{client_id}', { params: { path: { client_id: client.client_id } } })).response.status).toBe(204)
  })
})

describe('users, deliveries and reports through a generated client', () => {
  it('are in the document, each with its scope', async () => {
    const document = await servedDocument()
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/users',
        '/api/v1/users/{id}',
        '/api/v1/users/{id}/invitation',
        '/api/v1/invitations',
        '/api/v1/deliveries',
        '/api/v1/deliveries/{id}/replay',
        '/api/v1/reports',
      ]),
    )
    expect(document.paths['/api/v1/invitations'].post.description).toMatch(/Scope `users:write`/)
    expect(document.components.schemas.Invitation.required).toEqual(['email', 'role'])
  })

  it('invites someone, finds them, saves them back as read with a new role, and reads the report', async () => {
    const { secret } = await createManagementToken(acme.db, {
      name: 'HR sync',
      organisationId: acme.organisation.id,
      scopes: 'users:write,reports:read,webhooks:read',
      createdBy: 'cli:test',
    })
    const api = createClient<paths>({ baseUrl: bff.origin, headers: { Authorization: `Bearer ${secret}` } })

    const invited = await api.POST('/api/v1/invitations', { body: { email: 'grace@example.com', name: 'Grace Hopper', role: 'marketer' } })
    expect(invited.response.status).toBe(201)
    const grace = invited.data!
    expect(grace).toMatchObject({ state: 'invited', role: 'marketer', organisation: acme.organisation.code })

    const found = await api.GET('/api/v1/users', { params: { query: { q: 'hopper', limit: 10 } } })
    expect(found.data?.data.map((user) => user.id)).toEqual([grace.id])

    const loaded = await api.GET('/api/v1/users/{id}', { params: { path: { id: grace.id } } })
    const saved = await api.PATCH('/api/v1/users/{id}', { params: { path: { id: grace.id } }, body: { ...loaded.data!, role: 'admin' } })
    expect(saved.response.status).toBe(200)
    expect(saved.data).toMatchObject({ id: grace.id, role: 'admin', email: 'grace@example.com' })
    const refused = await api.POST('/api/v1/invitations', { body: { email: 'grace@example.com', role: 'admin' } })
    expect(refused.response.status).toBe(409)
    expect(refused.error).toMatchObject({ status: 409, errors: [{ pointer: '#/email' }] })

    const report = await api.GET('/api/v1/reports', { params: { query: { from: '2026-05-01', to: '2026-05-03', by: 'day' } } })
    expect(report.data).toMatchObject({ organisation: acme.organisation.code, by: 'day', totals: { impressions: 0, ctr: null } })
    expect(report.data?.series.days).toEqual(['2026-05-01', '2026-05-02', '2026-05-03'])

    const deliveries = await api.GET('/api/v1/deliveries', { params: { query: { state: 'dead' } } })
    expect(deliveries.data).toEqual({ data: [], next_cursor: null })
  })
})
