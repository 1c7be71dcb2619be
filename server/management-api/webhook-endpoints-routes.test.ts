import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { changesByTokens } from '../testing/management-api-requests.js'
import { clientByClientId } from '../clients/clients.js'
import { createClientWithEndpoint } from '../webhooks/client-with-endpoint.js'
import { activeWebhookSecrets } from '../webhooks/secrets.js'
import { webhookEndpoint, webhookEndpointsOfClient } from '../webhooks/endpoints.js'
import { type ApiTestbed, apiTestbed, json, problem } from './management-api-testing.js'

let bed: ApiTestbed
let clientId: string
beforeEach(async () => {
  bed = await apiTestbed()
  ;({ clientId } = await createClientWithEndpoint(bed.acme.db, {
    name: 'Shop',
    redirectUris: ['https://shop.example/callback'],
    organisationId: bed.acme.organisation.id,
  }))
})
afterEach(() => bed.acme.db.destroy())

/** The active secrets of an endpoint, in clear, as the worker signs with them. */
const secretsOf = async (endpointId: string) => {
  const endpoint = await webhookEndpoint(bed.acme.db, endpointId)
  return endpoint ? activeWebhookSecrets(bed.acme.db, endpoint) : []
}

describe('management API: webhook endpoints', () => {
  it('makes endpoints with their own secrets and events, changes, disables and removes one, and keeps ids of the one-endpoint release working', async () => {
    const { call, token, acme } = bed
    const writer = await token('webhooks:write')
    const made = await call('/webhook-endpoints', writer, json('POST', { client: clientId, url: 'https://shop.example/hooks' }))
    expect(made.status).toBe(201)
    const endpoint = await made.json()
    expect(endpoint).toMatchObject({
      id: expect.stringMatching(/^ep_/),
      client: clientId,
      organisation: acme.organisation.code,
      url: 'https://shop.example/hooks',
      description: '',
      events: ['*'],
      enabled: true,
      disabled_at: null,
      secrets: [{ id: expect.any(Number), number: 1, fingerprint: expect.stringMatching(/^[0-9a-f]{8}$/) }],
      secret: expect.stringMatching(/^whsec_/),
    })
    expect(made.headers.get('Location')).toBe(`/api/v1/webhook-endpoints/${endpoint.id}`)
    expect(await secretsOf(endpoint.id)).toEqual([endpoint.secret])

    const second = await (
      await call(
        '/webhook-endpoints',
        writer,
        json('POST', { client: clientId, url: 'https://audit.shop.example/in', description: 'Audit', events: ['ping', 'account.deleted'] }),
      )
    ).json()
    // The catalogue's order, and a secret of its own.
    expect(second).toMatchObject({ events: ['account.deleted', 'ping'], description: 'Audit' })
    expect(second.secret).not.toBe(endpoint.secret)

    const reader = await token('webhooks:read')
    const { secret: _shownOnce, ...stored } = endpoint
    const { secret: _alsoOnce, ...storedSecond } = second
    expect(await (await call(`/webhook-endpoints/${endpoint.id}`, reader)).json()).toEqual(stored)
    expect((await (await call('/webhook-endpoints', reader)).json()).data).toEqual([stored, storedSecond])
    expect((await (await call('/webhook-endpoints?client=cli_none', reader)).json()).data).toEqual([])
    // An id of the release with one endpoint a client names its oldest.
    expect(await (await call(`/webhook-endpoints/whe_${clientId}`, reader)).json()).toEqual(stored)

    // Sent back as read: nothing changes; then the URL, the events, and disabled.
    const same = await call(`/webhook-endpoints/${endpoint.id}`, writer, json('PATCH', stored))
    expect(same.status).toBe(200)
    expect(await same.json()).toEqual(stored)
    const moved = await call(`/webhook-endpoints/${endpoint.id}`, writer, json('PATCH', { ...stored, url: 'https://shop.example/v2/hooks' }))
    expect(await moved.json()).toEqual({ ...stored, url: 'https://shop.example/v2/hooks' })
    const narrowed = await (await call(`/webhook-endpoints/${endpoint.id}`, writer, json('PATCH', { events: ['account.signed_out'], enabled: false }))).json()
    expect(narrowed).toMatchObject({ events: ['account.signed_out'], enabled: false, disabled_at: expect.any(String), disabled_reason: expect.stringMatching(/management API/) })
    expect(await secretsOf(endpoint.id)).toEqual([endpoint.secret])

    expect((await call(`/webhook-endpoints/${endpoint.id}`, writer, { method: 'DELETE' })).status).toBe(204)
    expect((await call(`/webhook-endpoints/${endpoint.id}`, reader)).status).toBe(404)
    expect(await secretsOf(endpoint.id)).toEqual([])
    // The other endpoint is untouched, and now the oldest.
    expect(await secretsOf(second.id)).toEqual([second.secret])
    expect((await (await call(`/webhook-endpoints/whe_${clientId}`, reader)).json()).id).toBe(second.id)

    const { events } = await changesByTokens(acme.db)
    expect(events.map((e) => e.action)).toEqual([
      'webhook.endpoint_removed',
      'webhook.endpoint_disabled',
      'webhook.endpoint_changed',
      'webhook.endpoint_changed',
      'webhook.endpoint_added',
      'webhook.endpoint_added',
    ])
    expect(JSON.stringify(events)).not.toContain(endpoint.secret)
  })

  it('sends a test event: one ping delivery to that endpoint only, subscribed or not, listed with the deliveries, and audited', async () => {
    const { call, token, acme, other } = bed
    const writer = await token('webhooks:write')
    const add = async (events: string[]) =>
      (await call('/webhook-endpoints', writer, json('POST', { client: clientId, url: 'https://shop.example/hooks', events }))).json()
    const endpoint = await add(['account.deleted'])
    await add(['*'])
    const pinged = await call(`/webhook-endpoints/${endpoint.id}/pings`, writer, { method: 'POST' })
    expect(pinged.status).toBe(204)
    const deliveries = await (await call(`/deliveries?event=ping&client=${clientId}`, await token('webhooks:read'))).json()
    expect(deliveries.data).toMatchObject([{ event: 'ping', client: clientId, state: 'pending' }])
    expect(pinged.headers.get('location')).toBe(`/api/v1/deliveries/${deliveries.data[0].id}`)
    expect((await changesByTokens(acme.db)).events.map((e) => [e.action, e.target.code, e.organisation, e.detail])).toEqual([
      ['webhook.pinged', clientId, acme.organisation.code, { count: 1, endpoint: endpoint.id, delivery: deliveries.data[0].id }],
      ['webhook.endpoint_added', clientId, acme.organisation.code, expect.anything()],
      ['webhook.endpoint_added', clientId, acme.organisation.code, expect.anything()],
    ])
    // A reader may not, another organisation cannot see the endpoint, and a client without one has none to ping.
    expect((await call(`/webhook-endpoints/${endpoint.id}/pings`, await token('webhooks:read'), { method: 'POST' })).status).toBe(403)
    const theirs = await token('webhooks:write', other.organisation.id)
    expect((await problem(await call(`/webhook-endpoints/${endpoint.id}/pings`, theirs, { method: 'POST' }))).status).toBe(404)
    expect((await call('/webhook-endpoints/whe_cli_none/pings', writer, { method: 'POST' })).status).toBe(404)
    expect((await call(`/webhook-endpoints/${endpoint.id}/pings`, undefined, { method: 'POST' })).status).toBe(401)
  })

  it('rotates the secret: the new one is shown once and both sign until the old is removed', async () => {
    const { call, token } = bed
    const writer = await token('webhooks:write')
    const endpoint = await (await call('/webhook-endpoints', writer, json('POST', { client: clientId, url: 'https://shop.example/hooks' }))).json()
    const rotated = await call(`/webhook-endpoints/${endpoint.id}/rotate-secret`, writer, { method: 'POST' })
    expect(rotated.status).toBe(201)
    const after = await rotated.json()
    expect(after.secret).toMatch(/^whsec_/)
    expect(after.secrets.map((s: { number: number }) => s.number)).toEqual([1, 2])
    expect(await secretsOf(endpoint.id)).toEqual([endpoint.secret, after.secret])

    const old = after.secrets[0].id
    expect((await call(`/webhook-endpoints/${endpoint.id}/secrets/${old}`, writer, { method: 'DELETE' })).status).toBe(204)
    expect(await secretsOf(endpoint.id)).toEqual([after.secret])
    const last = await call(`/webhook-endpoints/${endpoint.id}/secrets/${after.secrets[1].id}`, writer, { method: 'DELETE' })
    expect(last.status).toBe(409)
    expect((await problem(last)).detail).toMatch(/only one; rotate first/)
    expect((await call(`/webhook-endpoints/${endpoint.id}/secrets/${old}`, writer, { method: 'DELETE' })).status).toBe(404)
  })

  it("answers 401, 403, 404 for another organisation's endpoint and problem details for an invalid URL, never a 500", async () => {
    const { call, token, acme, other } = bed
    const { clientId: theirs } = await createClientWithEndpoint(acme.db, {
      name: 'Theirs',
      redirectUris: ['https://theirs.example/callback'],
      webhookUrl: 'https://theirs.example/hooks',
      organisationId: other.organisation.id,
    })
    expect((await call('/webhook-endpoints', undefined)).status).toBe(401)
    expect((await problem(await call('/webhook-endpoints', await token('clients:write')))).detail).toMatch(/lacks the scope webhooks:read/)
    const writer = await token('webhooks:write')
    for (const [method, path, init] of [
      ['GET', '', {}],
      ['PATCH', '', json('PATCH', { url: 'https://mine.example/' })],
      ['DELETE', '', {}],
      ['POST', '/rotate-secret', {}],
    ] as const) {
      const res = await call(`/webhook-endpoints/whe_${theirs}${path}`, writer, { method, ...init })
      expect(res.status, `${method} ${path}`).toBe(404)
      await problem(res)
    }
    expect((await call('/webhook-endpoints/not-an-endpoint', writer)).status).toBe(404)
    expect((await call(`/webhook-endpoints/whe_${clientId}`, writer)).status).toBe(404)
    const [theirEndpoint] = await webhookEndpointsOfClient(acme.db, (await clientByClientId(acme.db, theirs))!.id)
    expect((await call(`/webhook-endpoints/${theirEndpoint!.id}`, writer)).status).toBe(404)
    const notMine = await call('/webhook-endpoints', writer, json('POST', { client: theirs, url: 'https://mine.example/' }))
    expect(notMine.status).toBe(422)
    expect((await problem(notMine)).errors).toEqual([{ pointer: '#/client', detail: `no client ${theirs} in this token's organisation` }])

    // Saved all the same, with the sender's refusal to come, in words; changing to another private one warns again.
    for (const [url, host] of [
      ['https://10.0.0.5/hooks', '10.0.0.5'],
      ['http://127.0.0.1:8080/hooks', '127.0.0.1'],
    ] as const) {
      const res = await call('/webhook-endpoints', writer, json('POST', { client: clientId, url }))
      expect(res.status, url).toBe(201)
      const made = await res.json()
      expect(made.warning).toBe(
        `svc will not deliver to ${host}: it is a private, loopback or link-local address; an operator can allow such addresses with SVC_WEBHOOK_ALLOW_PRIVATE=1`,
      )
      const { secret: _once, warning: _warning, ...stored } = made
      const moved = await (await call(`/webhook-endpoints/${made.id}`, writer, json('PATCH', { ...stored, warning: made.warning, url: 'http://[::1]/hooks' }))).json()
      expect(moved).toEqual({ ...stored, url: 'http://[::1]/hooks', warning: expect.stringMatching(/^svc will not deliver to ::1: /) })
      const fixed = await (await call(`/webhook-endpoints/${made.id}`, writer, json('PATCH', { url: 'https://93.184.215.14/hooks' }))).json()
      expect(fixed).not.toHaveProperty('warning')
      expect((await call(`/webhook-endpoints/${made.id}`, writer, { method: 'DELETE' })).status).toBe(204)
    }
    for (const [url, detail] of [
      ['ftp://shop.example/hooks', /url must be an http or https URL/],
      ['https://user:pw@shop.example/hooks', /user name or password/],
    ] as const) {
      const res = await call('/webhook-endpoints', writer, json('POST', { client: clientId, url }))
      expect(res.status, url).toBe(422)
      expect((await problem(res)).errors, url).toEqual([{ pointer: '#/url', detail: expect.stringMatching(detail) }])
    }
    const colour = await call('/webhook-endpoints', writer, json('POST', { client: clientId, url: 'https://shop.example/', colour: 1 }))
    expect((await problem(colour)).errors).toEqual([{ pointer: '#/colour', detail: 'unknown field colour' }])
    const unknown = await call('/webhook-endpoints', writer, json('POST', { client: clientId, url: 'https://shop.example/', events: ['user.created'] }))
    expect(unknown.status).toBe(422)
    expect((await problem(unknown)).errors).toEqual([{ pointer: '#/events', detail: expect.stringMatching(/"user.created" is not an event; choose from account.signed_in/) }])
    expect((await call('/webhook-endpoints', writer, json('POST', { url: 'https://shop.example/' }))).status).toBe(422)

    const operator = await token('webhooks:read', null)
    const all = await (await call('/webhook-endpoints', operator)).json()
    expect(all.data.map((e: { client: string; organisation: string }) => [e.client, e.organisation])).toEqual([[theirs, other.organisation.code]])
  })
})
