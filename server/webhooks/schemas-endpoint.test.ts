import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_EVENT_NAMES } from '../accounts/account-events.js'
import { createBff } from '../app.js'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'

const ISSUER = 'https://id.example.com'
let db: Kysely<Database>
let app: ReturnType<typeof createBff>['app']
beforeEach(async () => {
  db = await openTestDatabase()
  app = createBff({ db, issuer: ISSUER }).app
})
afterEach(() => db.destroy())

describe('GET /webhooks/schemas', () => {
  it('lists every event svc sends, each with when it fires and the URL of its schema', async () => {
    const res = await app.request('/webhooks/schemas')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/json')
    const { events } = (await res.json()) as { events: { event: string; description: string; schema: string }[] }
    expect(events.map((entry) => entry.event)).toEqual([...ACCOUNT_EVENT_NAMES])
    expect(events).toHaveLength(9)
    expect(events[0]).toEqual({
      event: 'account.signed_in',
      description: expect.stringMatching(/^Sent when .+\.$/),
      schema: `${ISSUER}/webhooks/schemas/account.signed_in`,
    })
  })

  it.each(ACCOUNT_EVENT_NAMES)('serves the draft 2020-12 schema of %s at its own URL', async (event) => {
    const res = await app.request(`/webhooks/schemas/${event}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/schema+json')
    const schema = (await res.json()) as Record<string, any>
    expect(schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: `${ISSUER}/webhooks/schemas/${event}`,
      title: event,
      type: 'object',
      required: ['id', 'event', 'created_at', 'client_id', 'data'],
      additionalProperties: false,
    })
    expect(schema.properties.event).toMatchObject({ const: event })
    expect(schema.properties.data).toMatchObject({ type: 'object', additionalProperties: false })
  })

  it('lets caches keep the answers and revalidate them, and any origin read them', async () => {
    const first = await app.request('/webhooks/schemas/ping')
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=3600')
    // Schema tools in a browser resolve $id and $ref across origins.
    expect(first.headers.get('Access-Control-Allow-Origin')).toBe('*')
    const tag = first.headers.get('ETag')
    expect(tag).toMatch(/^(W\/)?"[^"]+"$/)
    const again = await app.request('/webhooks/schemas/ping', { headers: { 'If-None-Match': tag! } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect((await app.request('/webhooks/schemas/account.deleted', { headers: { 'If-None-Match': tag! } })).status).toBe(200)
  })

  it('answers an event it does not know with a 404 that says where the list is', async () => {
    const res = await app.request('/webhooks/schemas/account.exploded')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({
      status: 'error',
      code: 404,
      message: 'no webhook event is named "account.exploded"; /webhooks/schemas lists them',
    })
    expect((await app.request(`/webhooks/schemas/${'%FF'.repeat(3)}`)).status).toBeLessThan(500)
  })
})
