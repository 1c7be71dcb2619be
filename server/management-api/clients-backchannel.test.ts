import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type ApiTestbed, apiTestbed, json } from './management-api-testing.js'

let bed: ApiTestbed
beforeEach(async () => {
  bed = await apiTestbed()
})
afterEach(() => bed.acme.db.destroy())

const shop = { name: 'Shop', redirect_uris: ['https://shop.example/callback'] }
const LOGOUT = 'https://shop.example/backchannel-logout'

describe('management API: a client’s back-channel logout URL', () => {
  it('registers it, keeps it through a change that leaves it out, and removes it with null', async () => {
    const writer = await bed.token('clients:write')
    const created = await bed.call(
      '/clients',
      writer,
      json('POST', { ...shop, backchannel_logout_uri: LOGOUT, backchannel_logout_session_required: true }),
    )
    expect(created.status).toBe(201)
    const client = await created.json()
    expect(client).toMatchObject({ backchannel_logout_uri: LOGOUT, backchannel_logout_session_required: true })
    const path = `/clients/${client.client_id}`
    const renamed = await (await bed.call(path, writer, json('PATCH', { name: 'Shop shop' }))).json()
    expect(renamed).toMatchObject({ name: 'Shop shop', backchannel_logout_uri: LOGOUT, backchannel_logout_session_required: true })
    // A client read and sent back whole changes nothing.
    expect(await (await bed.call(path, writer, json('PATCH', renamed))).json()).toEqual(renamed)
    const removed = await (await bed.call(path, writer, json('PATCH', { backchannel_logout_uri: null }))).json()
    expect(removed).toMatchObject({ backchannel_logout_uri: null })
  })

  it('refuses one the spec or the sender refuses, naming the field, never a 500', async () => {
    const writer = await bed.token('clients:write')
    for (const [uri, why] of [
      ['http://shop.example/logout', 'may use http only on loopback'],
      ['https://shop.example/logout#x', 'must not have a fragment'],
      ['https://192.168.1.4/logout', 'must reach a public address'],
    ] as const) {
      const refused = await bed.call('/clients', writer, json('POST', { ...shop, backchannel_logout_uri: uri }))
      expect(refused.status).toBe(422)
      const body = await refused.json()
      expect(body.errors).toEqual([{ pointer: '#/backchannel_logout_uri', detail: expect.stringContaining(why) }])
    }
    const wrongType = await bed.call('/clients', writer, json('POST', { ...shop, backchannel_logout_session_required: 'yes' }))
    expect(wrongType.status).toBe(422)
  })
})
