/**
 * @module Tests of the portal's endpoint states through its API, as the
 * client page calls it: disabling holds what was queued, enabling may
 * recover what failed or was held since a time, `recover` does it for an
 * enabled endpoint, and an endpoint the sender disabled for failing says
 * so; refusals come with the field to fix, never a 500.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'
import { consoleUser } from '../testing/console-user.js'
import { disableFailingEndpoint, noteEndpointAttempt } from '../webhooks/endpoints.js'
import { webhookOutbox } from '../webhooks/outbox.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

/** A developer with a client whose one endpoint has two deliveries waiting. */
async function clientWithQueue() {
  const developer = await consoleUser(idp, { svcRole: 'developer' })
  const made = await (
    await developer.api('POST', '/clients', { name: 'Shop', redirect_uris: 'https://shop.example/callback', webhook_url: 'https://shop.example/hooks' })
  ).json()
  const clientId: string = made.client.client_id
  const detail = async () => (await developer.api('GET', `/clients/${clientId}`)).json()
  const endpoint = (await detail()).webhook_endpoints[0]
  for (const account of ['ACC1', 'ACC2']) await webhookOutbox().record(idp.db, 'account.signed_out', clientId, { account })
  return { developer, clientId, endpoint, detail, path: `/clients/${clientId}/webhook-endpoints/${endpoint.id}` }
}

describe('disabling, enabling and recovering an endpoint in the portal', () => {
  it('holds what was queued while disabled, and recovers it with the enabling', async () => {
    const { developer, endpoint, detail, path } = await clientWithQueue()
    const disabled = await (await developer.api('POST', `${path}/disable`, {})).json()
    expect(disabled.endpoint).toMatchObject({ enabled: false, disabled_reason: `disabled by ${developer.email}`, disabled_for_failing: false })
    expect((await detail()).deliveries.map((d: { state: string }) => d.state)).toEqual(['held', 'held'])

    // Recovering alone would only hold them again.
    const early = await developer.api('POST', `${path}/recover`, { recover_since: '2026-01-01' })
    expect(early.status).toBe(409)
    expect((await early.json()).message).toMatch(/the endpoint is disabled/)

    for (const [since, message] of [
      ['last week', 'recover_since must be an ISO 8601 date or time with its zone'],
      [42, 'recover_since must be an ISO 8601 date or time with its zone'],
      ['2999-01-01T00:00:00Z', 'recover_since is in the future'],
    ] as const) {
      const refused = await developer.api('POST', `${path}/enable`, { recover_since: since })
      expect(refused.status).toBe(422)
      expect((await refused.json()).errors.recover_since).toMatch(message)
    }
    // A refused recovery enables nothing.
    expect((await detail()).webhook_endpoints[0].enabled).toBe(false)

    const since = new Date(Date.now() - 3_600_000).toISOString()
    const enabled = await (await developer.api('POST', `${path}/enable`, { recover_since: since })).json()
    expect(enabled).toMatchObject({ endpoint: { id: endpoint.id, enabled: true, disabled_at: null }, recovered_count: 2 })
    expect((await detail()).deliveries.map((d: { state: string }) => d.state)).toEqual(['pending', 'pending'])
    expect(await (await developer.api('POST', `${path}/recover`, { recover_since: since })).json()).toMatchObject({ recovered_count: 0 })

    // Enabling without a time recovers nothing, as before.
    await developer.api('POST', `${path}/disable`, {})
    expect(await (await developer.api('POST', `${path}/enable`, {})).json()).not.toHaveProperty('recovered_count')
    expect((await detail()).deliveries.map((d: { state: string }) => d.state)).toEqual(['held', 'held'])

    const operator = await consoleUser(idp, { svcMaster: true })
    const audit = (await (await operator.api('GET', '/audit?action=webhook.')).json()).events.map((e: { action: string }) => e.action)
    expect(audit.slice(0, 6)).toEqual([
      'webhook.endpoint_enabled',
      'webhook.endpoint_disabled',
      'webhook.deliveries_recovered',
      'webhook.deliveries_recovered',
      'webhook.endpoint_enabled',
      'webhook.endpoint_disabled',
    ])
  })

  it('says when the sender disabled an endpoint for failing, and since when', async () => {
    const { endpoint, detail } = await clientWithQueue()
    const failingSince = new Date(Date.now() - 6 * 86_400_000)
    await noteEndpointAttempt(idp.db, endpoint.id, { ok: false, at: failingSince })
    await disableFailingEndpoint(idp.db, endpoint.id, { failingBefore: new Date(Date.now() - 5 * 86_400_000), now: new Date() })
    expect((await detail()).webhook_endpoints[0]).toMatchObject({
      enabled: false,
      disabled_reason: 'failing',
      disabled_for_failing: true,
      failing_since: failingSince.toISOString(),
      recover_from: new Date(Math.floor(failingSince.getTime() / 60_000) * 60_000 - 60_000).toISOString(),
      disable_after: '5 days',
    })
  })

  it("finds no other developer's endpoint to recover", async () => {
    const { path } = await clientWithQueue()
    const other = await consoleUser(idp, { svcRole: 'developer' })
    expect((await other.api('POST', `${path}/recover`, { recover_since: '2026-01-01' })).status).toBe(404)
    expect((await other.api('POST', `${path}/enable`, { recover_since: '2026-01-01' })).status).toBe(404)
  })
})
