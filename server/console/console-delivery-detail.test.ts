/**
 * @module Tests of the portal's delivery detail, "Send test event" and the
 * address guard's warning through the console API, with real receivers
 * and the real webhook worker.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createOrganisation } from '../orgs/organisations.js'
import { CALLBACK, type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'
import { consoleUser } from '../testing/console-user.js'
import { type Receiver, startReceiver } from '../testing/webhook-receiver.js'
import { webhookWorker } from '../webhooks/worker.js'
import type { ConsoleAttemptDetail, ConsoleClientDetail, ConsoleDeliveryDetail } from '../../shared/console-wire.js'

let idp: IdentityFixture
const receivers: Receiver[] = []
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()))
  await idp.close()
})

const receiver = async () => {
  const started = await startReceiver()
  receivers.push(started)
  return started
}

/** A developer of an organisation with a client, and the client's path under the console API. */
async function developerWithClient(organisation: string) {
  const org = await createOrganisation(idp.db, { name: organisation })
  const developer = await consoleUser(idp, { svcRole: 'developer', svcApp: org.code })
  const made = await (await developer.api('POST', '/clients', { name: 'Shop', redirect_uris: CALLBACK })).json()
  return { developer, path: `/clients/${made.client.client_id}` }
}

describe('Send test event and the delivery detail', () => {
  it('sends a ping to that endpoint only, unsubscribed or not, and shows each attempt in full; another organisation gets 404', async () => {
    idp = await identityFixture({ webhookAllowPrivate: true })
    const { developer, path } = await developerWithClient('Acme')
    const [tested, other] = [await receiver(), await receiver()]
    tested.answerBody = '{"ok":true}'
    const add = async (url: string) => (await (await developer.api('POST', `${path}/webhook-endpoints`, { url, events: ['account.deleted'] })).json()).endpoint
    const endpoint = await add(tested.url)
    await add(other.url)

    const sent = await developer.api('POST', `${path}/webhook-endpoints/${endpoint.id}/test`, {})
    expect(sent.status).toBe(202)
    const { delivery_id } = await sent.json()
    await webhookWorker({ db: idp.db, allowPrivate: true }).runOnce()
    expect(tested.received).toHaveLength(1)
    expect(other.received).toHaveLength(0)
    const [{ headers, body }] = tested.received as [{ headers: Record<string, string>; body: string }]
    expect(JSON.parse(body)).toMatchObject({ event: 'ping', data: { message: `test event sent to ${tested.url}` } })

    const shown = await developer.api('GET', `${path}/deliveries/${delivery_id}`)
    expect(shown.status).toBe(200)
    const detail: ConsoleDeliveryDetail = await shown.json()
    expect(detail.delivery).toMatchObject({ id: delivery_id, event: 'ping', state: 'delivered', endpoint_id: endpoint.id })
    const [attempt] = detail.attempts as [ConsoleAttemptDetail]
    expect(attempt).toMatchObject({ status_code: 200, error: null, next_attempt_at: null, request: { body } })
    expect(Object.fromEntries(attempt.request!.headers.map(([name, value]) => [name.toLowerCase(), value]))).toEqual(headers)
    expect(attempt.response).toMatchObject({ body: '{"ok":true}', truncated: false })
    // The log lists it among the client's deliveries.
    const log = (await (await developer.api('GET', path)).json()).deliveries
    expect(log.map((delivery: { id: string }) => delivery.id)).toEqual([delivery_id])

    const stranger = (await developerWithClient('Elsewhere')).developer
    expect((await stranger.api('GET', `${path}/deliveries/${delivery_id}`)).status).toBe(404)
    expect((await stranger.api('POST', `${path}/webhook-endpoints/${endpoint.id}/test`, {})).status).toBe(404)
    expect((await developer.api('GET', `${path}/deliveries/no-such-delivery`)).status).toBe(404)
    // A disabled endpoint is enabled first.
    await developer.api('POST', `${path}/webhook-endpoints/${endpoint.id}/disable`, {})
    const refused = await developer.api('POST', `${path}/webhook-endpoints/${endpoint.id}/test`, {})
    expect(refused.status).toBe(409)
    expect((await refused.json()).message).toMatch(/disabled: enable it/)
  })

  it('shows a failed attempt with its error and the time of the next retry', async () => {
    idp = await identityFixture({ webhookAllowPrivate: true })
    const { developer, path } = await developerWithClient('Acme')
    const failing = await receiver()
    failing.answer = 503
    const endpoint = (await (await developer.api('POST', `${path}/webhook-endpoints`, { url: failing.url })).json()).endpoint
    const { delivery_id } = await (await developer.api('POST', `${path}/webhook-endpoints/${endpoint.id}/test`, {})).json()
    const before = Date.now()
    await webhookWorker({ db: idp.db, allowPrivate: true }).runOnce()
    const [attempt] = ((await (await developer.api('GET', `${path}/deliveries/${delivery_id}`)).json()) as ConsoleDeliveryDetail).attempts
    expect(attempt).toMatchObject({ status_code: 503, error: 'answered 503', response: { body: 'answered 503' } })
    const next = Date.parse(attempt!.next_attempt_at!)
    expect(next - before).toBeGreaterThanOrEqual(1000)
    expect(next - Date.now()).toBeLessThanOrEqual(1000)
  })
})

describe("the address guard's warning on an endpoint's URL", () => {
  it.each([
    ['http://127.0.0.1:9/hooks', 'svc will not deliver to 127.0.0.1: it is a private, loopback or link-local address'],
    ['http://10.0.0.5/', 'svc will not deliver to 10.0.0.5: it is a private, loopback or link-local address'],
    ['http://localhost:8080/hooks', /^svc will not deliver to localhost: it resolves only to (127\.0\.0\.1|::1),/],
  ])('saves %s and warns: %s', async (url, words) => {
    idp = await identityFixture()
    const { developer, path } = await developerWithClient('Acme')
    const added = await developer.api('POST', `${path}/webhook-endpoints`, { url })
    expect(added.status).toBe(201)
    const { endpoint, warning } = await added.json()
    expect(warning).toMatch(typeof words === 'string' ? new RegExp(`^${words.replaceAll('.', '\\.')}`) : words)
    expect(warning).toMatch(/SVC_WEBHOOK_ALLOW_PRIVATE=1$/)
    expect(endpoint.url).toBe(url)
    // Saving a change warns again; a public address does not.
    const saved = await (await developer.api('PUT', `${path}/webhook-endpoints/${endpoint.id}`, { url, description: 'moved' })).json()
    expect(saved.warning).toBe(warning)
    // A reload of the client's page shows it too, beside the endpoint: it is not only in the save's answer.
    const shown = async () => ((await (await developer.api('GET', path)).json()) as ConsoleClientDetail).webhook_endpoints.find(({ id }) => id === endpoint.id)
    expect((await shown())!.warning).toBe(warning)
    const fixed = await (await developer.api('PUT', `${path}/webhook-endpoints/${endpoint.id}`, { url: 'https://93.184.215.14/hooks' })).json()
    expect(fixed).not.toHaveProperty('warning')
    expect(await shown()).not.toHaveProperty('warning')
  })

  it('says nothing of a public address or name', async () => {
    idp = await identityFixture()
    const { developer, path } = await developerWithClient('Acme')
    for (const url of ['https://hooks.shop.example/in', 'https://93.184.215.14/hooks']) {
      const added = await developer.api('POST', `${path}/webhook-endpoints`, { url })
      expect(added.status).toBe(201)
      expect(await added.json()).not.toHaveProperty('warning')
    }
  })

  it('says nothing when the server allows private targets', async () => {
    idp = await identityFixture({ webhookAllowPrivate: true })
    const { developer, path } = await developerWithClient('Acme')
    const added = await (await developer.api('POST', `${path}/webhook-endpoints`, { url: 'http://10.0.0.5/' })).json()
    expect(added).not.toHaveProperty('warning')
    const detail = (await (await developer.api('GET', path)).json()) as ConsoleClientDetail
    expect(detail.webhook_endpoints.find(({ id }) => id === added.endpoint.id)).not.toHaveProperty('warning')
  })
})
