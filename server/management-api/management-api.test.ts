import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../app.js'
import { changesByTokens, managementApiCall } from '../testing/management-api-requests.js'
import { setOrganisationArchived } from '../orgs/organisations.js'
import { type Publisher, publisherFixture } from '../testing/publisher.js'
import { createManagementToken, revokeManagementToken } from './management-tokens-repository.js'

const png = readFileSync(new URL('../images/fixtures/two-colours.png', import.meta.url))
let acme: Publisher
let other: Publisher
let app: ReturnType<typeof createApp>
let clock: Date

beforeEach(async () => {
  acme = await publisherFixture(undefined, 'Acme')
  other = await publisherFixture(acme.db, 'Other')
  clock = new Date('2026-03-01T00:00:00Z')
  app = createApp({ db: acme.db, now: () => clock })
})
afterEach(() => acme.db.destroy())

const token = async (scopes: string, organisationId: number | null = acme.organisation.id, expiresInDays?: number) =>
  (await createManagementToken(acme.db, { name: 'test', organisationId, scopes, createdBy: 'cli:test', expiresInDays }, clock)).secret

const call = (path: string, secret: string | undefined, init: RequestInit = {}) => managementApiCall(app)(path, secret, init)

async function problem(res: Response) {
  expect(res.headers.get('Content-Type')).toBe('application/problem+json')
  const body = await res.json()
  expect(body).toMatchObject({ type: 'about:blank', status: res.status, title: expect.any(String), detail: expect.any(String) })
  return body
}

describe('management API: who may call it', () => {
  it('answers 401 with WWW-Authenticate: Bearer for no token, an unknown one, an expired one and a revoked one', async () => {
    const none = await call('/ads', undefined)
    expect(none.status).toBe(401)
    expect(none.headers.get('WWW-Authenticate')).toBe('Bearer realm="svc"')
    const noneBody = await problem(none)
    expect(noneBody.detail).toMatch(/send a management token/)
    // The id the app answers with, so an operator finds the request the caller quotes.
    expect(noneBody.request_id).toBe(none.headers.get('X-Request-Id'))

    const unknown = await call('/ads', 'svc_mt_not-a-token-svc-made')
    expect(unknown.status).toBe(401)
    expect(unknown.headers.get('WWW-Authenticate')).toMatch(/^Bearer realm="svc", error="invalid_token"/)

    const expiring = await token('ads:read', acme.organisation.id, 1)
    expect((await call('/ads', expiring)).status).toBe(200)
    clock = new Date('2026-03-02T00:00:01Z')
    const expired = await call('/ads', expiring)
    expect(expired.status).toBe(401)
    expect((await problem(expired)).detail).toMatch(/expired/)

    const live = await token('ads:read')
    const { id } = await acme.db.selectFrom('management_tokens').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
    await revokeManagementToken(acme.db, id)
    const revoked = await call('/ads', live)
    expect(revoked.status).toBe(401)
    expect((await problem(revoked)).detail).toMatch(/revoked/)
  })

  it('answers 403 naming the missing scope, and 403 for a token of an archived organisation', async () => {
    const reader = await token('ads:read,images:write')
    const refused = await call('/ads', reader, { method: 'POST', body: JSON.stringify({ title: 'Sale', display: 'Home' }) })
    expect(refused.status).toBe(403)
    expect(refused.headers.get('WWW-Authenticate')).toMatch(/error="insufficient_scope", scope="ads:write"/)
    expect((await problem(refused)).detail).toMatch(/lacks the scope ads:write/)
    expect((await call('/ads', await token('images:write'))).status).toBe(403)
    // write implies read.
    expect((await call('/ads', await token('ads:write'))).status).toBe(200)

    await setOrganisationArchived(acme.db, acme.organisation.id, true)
    const archived = await call('/ads', reader)
    expect(archived.status).toBe(403)
    expect((await problem(archived)).detail).toMatch(/archived/)
  })

  it("answers 404 for another organisation's ad, whatever the verb, and lists only the token's own ads", async () => {
    const theirs = await other.addAd({ title: 'Theirs' })
    const mine = await acme.addAd({ title: 'Mine' })
    const writer = await token('ads:write')
    for (const [method, path] of [
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/publish'],
    ] as const) {
      const res = await call(`/ads/${theirs.code}${path}`, writer, {
        method,
        ...(method === 'PATCH' ? { body: '{"title":"Mine now"}' } : {}),
      })
      expect(res.status, `${method} ${path}`).toBe(404)
      await problem(res)
    }
    expect((await call(`/ads?organisation=${other.organisation.code}`, writer)).status).toBe(404)
    const listed = await (await call('/ads', writer)).json()
    expect(listed.data.map((ad: { code: string }) => ad.code)).toEqual([mine.code])
    // An operator-wide token reaches both, and names the organisation it creates in.
    const operator = await token('ads:write', null)
    expect((await call(`/ads/${theirs.code}`, operator)).status).toBe(200)
    const unnamed = await call('/ads', operator, { method: 'POST', body: JSON.stringify({ title: 'Sale', display: 'Home' }) })
    expect(unnamed.status).toBe(400)
    expect((await problem(unnamed)).detail).toMatch(/\?organisation=CODE/)
  })
})

describe('management API: problem details for bad input, never a 500', () => {
  it('answers malformed JSON, a body that is not an object, invalid fields and unknown fields with the fields named', async () => {
    const writer = await token('ads:write')
    const malformed = await call('/ads', writer, { method: 'POST', body: '{"title": "Sale",' })
    expect(malformed.status).toBe(400)
    expect((await problem(malformed)).detail).toMatch(/not valid JSON/)

    const notObject = await call('/ads', writer, { method: 'POST', body: '[1, 2]' })
    expect(notObject.status).toBe(422)
    expect((await problem(notObject)).errors).toEqual([{ pointer: '#', detail: 'send one JSON object of fields' }])

    const invalid = await call('/ads', writer, {
      method: 'POST',
      body: JSON.stringify({ title: '', display: 'Home', weight: 500, target: 'top', colour: 'red', starts: 'soon' }),
    })
    expect(invalid.status).toBe(422)
    const body = await problem(invalid)
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { pointer: '#/title', detail: 'title must not be empty' },
        { pointer: '#/weight', detail: 'weight must be an integer from 1 to 100' },
        { pointer: '#/target', detail: 'target must be _self or _blank' },
        { pointer: '#/colour', detail: 'unknown field colour' },
        { pointer: '#/starts', detail: expect.stringMatching(/^starts /) },
      ]),
    )
    const window = await call('/ads', writer, {
      method: 'POST',
      body: JSON.stringify({ title: 'Sale', display: 'Home', starts: '2026-05-01T00:00:00Z', ends: '2026-04-01T00:00:00Z' }),
    })
    expect((await problem(window)).errors).toEqual([{ pointer: '#/ends', detail: 'ends must be after starts' }])

    const badQuery = await call('/ads?limit=0&status=live', writer)
    expect(badQuery.status).toBe(400)
    expect((await problem(badQuery)).errors).toEqual(
      expect.arrayContaining([
        { parameter: 'limit', detail: 'limit must be an integer from 1 to 100' },
        { parameter: 'status', detail: 'status must be saved or draft' },
      ]),
    )
    const badCursor = await call('/ads?cursor=%%%', writer)
    expect(badCursor.status).toBe(400)
    expect((await problem(badCursor)).errors).toEqual([{ parameter: 'cursor', detail: expect.any(String) }])
    expect((await problem(await call('/nothing-here', writer))).status).toBe(404)
  })

  it('pages the list with a cursor and a Link header', async () => {
    for (let n = 0; n < 5; n++) await acme.addAd({ title: `Ad ${n}` })
    const reader = await token('ads:read')
    const first = await call('/ads?limit=2', reader)
    const page = await first.json()
    expect(page.data.map((ad: { title: string }) => ad.title)).toEqual(['Ad 4', 'Ad 3'])
    expect(first.headers.get('Link')).toBe(`</api/v1/ads?limit=2&cursor=${page.next_cursor}>; rel="next"`)
    const rest = await (await call(`/ads?limit=3&cursor=${page.next_cursor}`, reader)).json()
    expect(rest.data.map((ad: { title: string }) => ad.title)).toEqual(['Ad 2', 'Ad 1', 'Ad 0'])
    expect(rest.next_cursor).toBeNull()
  })

  it('refuses an SVG or an empty upload as the console does, and records the changes a token makes in the audit log', async () => {
    const writer = await token('ads:write,images:write')
    const svg = await call('/images', writer, {
      method: 'POST',
      body: '<svg xmlns="http://www.w3.org/2000/svg"/>',
      headers: { 'Content-Type': 'application/octet-stream' },
    })
    expect(svg.status).toBe(415)
    expect((await problem(svg)).detail).toMatch(/SVG images are not accepted/)
    const wrongType = await call('/images', writer, { method: 'POST', body: png, headers: { 'Content-Type': 'text/csv' } })
    expect(wrongType.status).toBe(415)
    expect((await problem(wrongType)).detail).toMatch(/Content-Type text\/csv/)
    const jsonAsText = await call('/ads', writer, {
      method: 'POST',
      body: '{"title":"Sale","display":"Home"}',
      headers: { 'Content-Type': 'text/plain' },
    })
    expect(jsonAsText.status).toBe(415)
    expect(
      (await call('/images', writer, { method: 'POST', body: new Uint8Array(), headers: { 'Content-Type': 'image/png' } })).status,
    ).toBe(400)
    const uploaded = await call('/images', writer, { method: 'POST', body: png, headers: { 'Content-Type': 'image/png' } })
    expect(uploaded.status).toBe(201)
    const { url } = await uploaded.json()
    const created = await call('/ads', writer, {
      method: 'POST',
      body: JSON.stringify({ title: 'Sale', display: 'Home', image: url, publish: 0 }),
    })
    const ad = await created.json()
    await call(`/ads/${ad.code}`, writer, { method: 'PATCH', body: JSON.stringify({ title: 'Big sale' }) })
    await call(`/ads/${ad.code}/publish`, writer, { method: 'POST' })
    await call(`/ads/${ad.code}`, writer, { method: 'DELETE' })
    const { events } = await changesByTokens(acme.db)
    expect(events.map((event) => event.action)).toEqual(['ad.deleted', 'ad.published', 'ad.updated', 'ad.created', 'image.uploaded'])
    expect(events[2]).toMatchObject({
      actor: { kind: 'token', code: expect.any(String) },
      organisation: acme.organisation.code,
      target: { kind: 'ad', code: ad.code },
      detail: { before: { title: 'Sale' }, after: { title: 'Big sale' } },
    })
  })
})
