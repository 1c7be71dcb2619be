import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createUser } from '../accounts/users.js'
import { clientByClientId } from '../clients/clients.js'
import { recordSessionClient } from '../grants/session-clients.js'
import { queueBackchannelLogouts } from '../webhooks/backchannel-logout.js'
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

  it('lists its logout-token deliveries among the webhook deliveries, filtered by the event backchannel.logout', async () => {
    const { acme, call, token } = bed
    const created = await (
      await call('/clients', await token('clients:write'), json('POST', { ...shop, backchannel_logout_uri: LOGOUT }))
    ).json()
    const client = (await clientByClientId(acme.db, created.client_id))!
    const person = await createUser(acme.db, { email: 'ada@example.com', name: 'Ada', password: 'analytical engine' })
    const now = new Date()
    const session = await acme.db
      .insertInto('sessions')
      .values({
        session_hash: 'h',
        sid: 'sid-of-the-session-000',
        user_id: person.id,
        auth_time: Math.floor(now.getTime() / 1000),
        created_at: now.toISOString(),
        user_agent: null,
        last_active_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 3600_000).toISOString(),
        ended_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await recordSessionClient(acme.db, { sessionId: session.id, clientId: client.id, at: now })
    expect(await queueBackchannelLogouts(acme.db, [session.id], now)).toBe(1)
    const listed = await call('/deliveries?event=backchannel.logout', await token('webhooks:read'))
    expect(listed.status).toBe(200)
    expect((await listed.json()).data).toEqual([
      expect.objectContaining({ client: created.client_id, event: 'backchannel.logout', url: LOGOUT, state: 'pending' }),
    ])
  })
})
