import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { grantForApiKey } from '../api-keys/api-keys.js'
import { changesByTokens } from '../testing/management-api-requests.js'
import { setOrganisationOrigins } from '../orgs/organisations.js'
import { type ApiTestbed, apiTestbed, json, problem } from './management-api-testing.js'

let bed: ApiTestbed
beforeEach(async () => {
  bed = await apiTestbed()
})
afterEach(() => bed.acme.db.destroy())

describe('management API: API keys', () => {
  it('creates a key shown once, lists and reads it without the key, and revokes it so the ads API refuses it', async () => {
    const { call, token, acme } = bed
    const writer = await token('keys:write')
    const created = await call('/keys', writer, json('POST', { origins: ['HTTPS://Shop.Example:443'], rate_limit: 120 }))
    expect(created.status).toBe(201)
    const key = await created.json()
    expect(key).toMatchObject({
      organisation: acme.organisation.code,
      origins: ['https://shop.example'],
      rate_limit: 120,
      permissions: ['read_ads'],
      revoked_at: null,
      api_key: expect.stringMatching(/^svc_pk_/),
    })
    expect(key.api_key.startsWith(key.prefix)).toBe(true)
    expect(created.headers.get('Location')).toBe(`/api/v1/keys/${key.id}`)
    expect(await grantForApiKey(acme.db, key.api_key)).toMatchObject({ rateLimit: 120 })

    const reader = await token('keys:read')
    const listed = await (await call('/keys', reader)).json()
    expect(listed.data.map((k: { id: number }) => k.id)).toEqual([key.id, expect.any(Number)])
    expect(JSON.stringify(listed)).not.toContain(key.api_key)
    const { api_key: _secret, ...stored } = key
    expect(await (await call(`/keys/${key.id}`, reader)).json()).toEqual(stored)

    expect((await call(`/keys/${key.id}`, reader, { method: 'DELETE' })).status).toBe(403)
    expect((await call(`/keys/${key.id}`, writer, { method: 'DELETE' })).status).toBe(204)
    expect(await grantForApiKey(acme.db, key.api_key)).toBeUndefined()
    const revoked = await (await call(`/keys/${key.id}`, reader)).json()
    expect(revoked.revoked_at).toEqual(expect.any(String))
    // Revoking again keeps the first time and records nothing more.
    expect((await call(`/keys/${key.id}`, writer, { method: 'DELETE' })).status).toBe(204)
    expect((await (await call(`/keys/${key.id}`, reader)).json()).revoked_at).toBe(revoked.revoked_at)

    const { events } = await changesByTokens(acme.db)
    expect(events.map((event) => [event.action, event.target])).toEqual([
      ['api_key.revoked', expect.objectContaining({ kind: 'api_key', code: String(key.id) })],
      ['api_key.created', expect.objectContaining({ kind: 'api_key', code: String(key.id) })],
    ])
  })

  it("takes the organisation's origins when none are given, and any origin for an empty list", async () => {
    const { call, token, acme } = bed
    await setOrganisationOrigins(acme.db, acme.organisation.id, ['https://acme.example'])
    const writer = await token('keys:write')
    expect((await (await call('/keys', writer, json('POST', {}))).json()).origins).toEqual(['https://acme.example'])
    expect((await (await call('/keys', writer, json('POST', { origins: [] }))).json()).origins).toEqual([])
  })

  it('answers 401, 403, 404 for another organisation and problem details naming each invalid field', async () => {
    const { call, token, other } = bed
    expect((await call('/keys', undefined)).status).toBe(401)
    const adsOnly = await token('ads:write')
    const refused = await call('/keys', adsOnly)
    expect(refused.status).toBe(403)
    expect((await problem(refused)).detail).toMatch(/lacks the scope keys:read/)

    const writer = await token('keys:write')
    const theirs = (await (await call(`/keys?organisation=${other.organisation.code}`, await token('keys:read', null))).json()).data[0]
    for (const method of ['GET', 'DELETE']) {
      const res = await call(`/keys/${theirs.id}`, writer, { method })
      expect(res.status, method).toBe(404)
      await problem(res)
    }
    expect((await call('/keys/not-a-number', writer)).status).toBe(404)
    expect((await call('/keys/999999999999999', writer)).status).toBe(404)
    expect((await call(`/keys?organisation=${other.organisation.code}`, writer)).status).toBe(404)
    expect((await call('/keys', writer, json('POST', { organisation: other.organisation.code }))).status).toBe(404)

    const invalid = await call(
      '/keys',
      writer,
      json('POST', { origins: ['https://shop.example/path', 'not a url'], rate_limit: 0, permissions: ['write_ads'], colour: 'red' }),
    )
    expect(invalid.status).toBe(422)
    expect((await problem(invalid)).errors).toEqual(
      expect.arrayContaining([
        { pointer: '#/origins/0', detail: 'origin "https://shop.example/path" must be only scheme, host and port' },
        { pointer: '#/origins/1', detail: 'origin "not a url" is not a URL; write it as https://host[:port]' },
        { pointer: '#/rate_limit', detail: 'rate limit must be an integer from 1 to 100000000 requests a minute' },
        { pointer: '#/permissions/0', detail: 'permissions are read_ads' },
        { pointer: '#/colour', detail: 'unknown field colour' },
      ]),
    )
    expect((await call('/keys', writer, json('POST', { rate_limit: 1.5 }))).status).toBe(422)
    expect((await call('/keys', writer, { method: 'POST', body: '{' })).status).toBe(400)
  })

  it('lets an operator-wide token work in the organisation it names, and only there', async () => {
    const { call, token, other } = bed
    const operator = await token('keys:write', null)
    const unnamed = await call('/keys', operator)
    expect(unnamed.status).toBe(400)
    expect((await problem(unnamed)).detail).toMatch(/\?organisation=CODE/)
    const created = await call('/keys', operator, json('POST', { organisation: other.organisation.code }))
    expect(created.status).toBe(201)
    expect((await created.json()).organisation).toBe(other.organisation.code)
    const both = await call(`/keys?organisation=${bed.acme.organisation.code}`, operator, json('POST', { organisation: other.organisation.code }))
    expect(both.status).toBe(400)
    expect((await call('/keys?organisation=ORG0000000000', operator)).status).toBe(404)
  })
})
