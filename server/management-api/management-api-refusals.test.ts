import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../app.js'
import { fixedWindowRateLimiter } from '../http/fixed-window-rate-limiter.js'
import { type Publisher, publisherFixture } from '../testing/publisher.js'
import { createManagementToken } from './management-tokens-repository.js'
import { type ManagementApiCall, managementApiCall, problem } from '../testing/management-api-requests.js'

let acme: Publisher
let app: ReturnType<typeof createApp>
/** A request to the app's management API (the app is made anew for each test). */
const call: ManagementApiCall = (path, secret, init) => managementApiCall(app)(path, secret, init)

beforeEach(async () => {
  acme = await publisherFixture(undefined, 'Acme')
  app = createApp({ db: acme.db, apiRequestsPerMinute: 3, limiter: fixedWindowRateLimiter() })
})
afterEach(() => acme.db.destroy())

const token = async (scopes = 'ads:write') =>
  (await createManagementToken(acme.db, { name: 'test', organisationId: acme.organisation.id, scopes, createdBy: 'cli:test' })).secret

describe('management API refusals', () => {
  it('answers a known path asked with a method it does not take 405 with Allow, and an unknown path 404', async () => {
    const writer = await token()
    const put = await call('/ads', writer, { method: 'PUT', body: '{}' })
    expect(put.status).toBe(405)
    expect(put.headers.get('Allow')?.split(', ').sort()).toEqual(['GET', 'HEAD', 'POST'])
    expect(await problem(put)).toMatchObject({
      title: 'Method Not Allowed',
      detail: expect.stringMatching(/\/api\/v1\/ads does not take PUT/),
    })
    // Another token each few calls: this app allows 3 a minute.
    const second = await token()
    const getPublish = await call('/ads/ADS4820019375/publish', second)
    expect(getPublish.status).toBe(405)
    expect(getPublish.headers.get('Allow')).toBe('POST')
    const onAd = await call('/ads/ADS4820019375', second, { method: 'POST' })
    expect(onAd.headers.get('Allow')?.split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PATCH'])
    const unknown = await call('/nothing-here', await token(), { method: 'PUT' })
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('Allow')).toBeNull()
    await problem(unknown)
  })

  it('refuses a body too large that declared no length as problem details too', async () => {
    // app.request sends no Content-Length, so the app's own limit, not the edge's, refuses it.
    const res = await call('/ads', await token(), { method: 'POST', body: `{"title":"${'x'.repeat(1024 * 1024)}"}` })
    expect(res.status).toBe(413)
    expect(await problem(res)).toMatchObject({ title: 'Content Too Large', detail: 'the body is over 1048576 bytes' })
  })

  it("documents 429 on every route, and each refusal's example under its own status", async () => {
    const document = await (await call('/openapi.json', undefined)).json()
    for (const [path, operations] of Object.entries<Record<string, { responses: Record<string, any> }>>(document.paths)) {
      if (!path.startsWith('/api/v1/')) continue
      for (const [method, { responses }] of Object.entries(operations)) {
        expect(Object.keys(responses), `${method} ${path}`).toContain('429')
        for (const [status, answer] of Object.entries(responses)) {
          const example = answer.content?.['application/problem+json']?.example
          if (example) expect(example, `${method} ${path} ${status}`).toMatchObject({ status: Number(status) })
        }
      }
    }
  })

  it('tells a caller who sent a publishable API key that the management API needs a token, and where to make one', async () => {
    const res = await call('/ads', acme.apiKey)
    expect(res.status).toBe(401)
    expect((await problem(res)).detail).toMatch(
      /publishable API key \(svc_pk_…\).*management token \(svc_mt_…\).*in the console \(API tokens\) or with svc-bff token create/,
    )
  })

  it("counts every call against the token's limit: RateLimit headers on each answer, then 429 with Retry-After", async () => {
    const reader = await token('ads:read')
    const other = await token('ads:read')
    const first = await call('/ads', reader)
    expect(first.status).toBe(200)
    for (const name of ['RateLimit-Limit', 'X-RateLimit-Limit']) expect(first.headers.get(name)).toBe('3')
    for (const name of ['RateLimit-Remaining', 'X-RateLimit-Remaining']) expect(first.headers.get(name)).toBe('2')
    expect(Number(first.headers.get('RateLimit-Reset'))).toBeGreaterThanOrEqual(1)
    expect(first.headers.get('RateLimit-Policy')).toBe('3;w=60')
    // A refusal counts too, and carries the headers.
    const missing = await call('/ads/ADS0000000000', reader)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('RateLimit-Remaining')).toBe('1')
    expect((await call('/ads', reader)).status).toBe(200)
    const refused = await call('/ads', reader)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1)
    expect(refused.headers.get('RateLimit-Remaining')).toBe('0')
    expect(await problem(refused)).toMatchObject({ title: 'Too Many Requests', detail: expect.stringMatching(/made 3 calls this minute/) })
    // Another token has a budget of its own; the document needs none.
    expect((await call('/ads', other)).status).toBe(200)
    expect((await call('/openapi.json', undefined)).status).toBe(200)
  })

  it("says 422's title as RFC 9110 does, the same in the answer, the document's example and docs/api.md's", async () => {
    const writer = await token()
    const res = await call('/ads', writer, { method: 'POST', body: JSON.stringify({ title: 'Sale', display: 'Home', weight: 500 }) })
    expect(res.status).toBe(422)
    const answer = await problem(res)
    expect(answer.title).toBe('Unprocessable Content')
    const document = await (await call('/openapi.json', undefined)).json()
    const example = document.components.schemas.Problem.properties
    expect({ title: example.title.example, status: example.status.example, detail: example.detail.example }).toEqual({
      title: answer.title,
      status: answer.status,
      detail: answer.detail,
    })
    const guide = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8')
    const shown = JSON.parse(/## Errors[\s\S]*?```json\n([\s\S]*?)```/.exec(guide)![1]!.replace('"request_id":"…",', ''))
    expect(shown).toEqual({ type: answer.type, title: answer.title, status: answer.status, detail: answer.detail, errors: answer.errors })
    // The guide's table gives each status its title, the one the API answers with.
    const { REASON_PHRASES } = await import('./problem-json.js')
    const rows = [...guide.matchAll(/^\| (\d{3}) \| ([^|]+?) \|/gm)]
    expect(rows.length).toBeGreaterThan(8)
    for (const [, status, title] of rows) expect(title, status).toBe(REASON_PHRASES[Number(status)])
  })
})

describe("the document's ads", () => {
  it("describes the ad's public fields once: ManagedAd is PublicAd and how the ad is run, and an answered ad has them all", async () => {
    const document = await (await call('/openapi.json', undefined)).json()
    const { ManagedAd, PublicAd } = document.components.schemas
    expect(ManagedAd.allOf[0]).toEqual({ $ref: '#/components/schemas/PublicAd' })
    const runFields = Object.keys(ManagedAd.allOf[1].properties)
    expect(runFields.filter((field) => field in PublicAd.properties)).toEqual([])
    const ad = await acme.addAd({ title: 'Sale' })
    const answered = await (await call(`/ads/${ad.code}`, await token('ads:read'))).json()
    expect(Object.keys(answered).sort()).toEqual([...Object.keys(PublicAd.properties), ...runFields].sort())
  })
})

describe('an operator-wide token that names no organisation', () => {
  it('is told to name one, with the parameter named in errors like any invalid parameter', async () => {
    const { secret } = await createManagementToken(acme.db, { name: 'ops', organisationId: null, scopes: 'ads:write', createdBy: 'cli:test' })
    const res = await call('/ads', secret, { method: 'POST', body: JSON.stringify({ title: 'Hello', display: 'home' }) })
    expect(res.status).toBe(400)
    const body = await problem(res)
    expect(body.detail).toBe('an operator-wide token names the organisation: add ?organisation=CODE')
    expect(body.errors).toEqual([{ parameter: 'organisation', detail: body.detail }])
  })
})
