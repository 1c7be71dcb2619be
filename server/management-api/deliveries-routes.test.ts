import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createUser } from '../accounts/users.js'
import { createApp } from '../app.js'
import { changesByTokens } from '../testing/management-api-requests.js'
import { createClientWithEndpoint } from '../webhooks/client-with-endpoint.js'
import { type Publisher, publisherFixture } from '../testing/publisher.js'
import { type Receiver, startReceiver } from '../testing/webhook-receiver.js'
import { webhookOutbox } from '../webhooks/outbox.js'
import { webhookWorker } from '../webhooks/worker.js'
import { createManagementToken } from './management-tokens-repository.js'

let acme: Publisher
let other: Publisher
let app: ReturnType<typeof createApp>
let receiver: Receiver

beforeEach(async () => {
  acme = await publisherFixture(undefined, 'Acme')
  other = await publisherFixture(acme.db, 'Other')
  app = createApp({ db: acme.db })
  receiver = await startReceiver()
})
afterEach(async () => {
  await receiver.close()
  await acme.db.destroy()
})

const token = async (scopes: string, organisationId: number | null = acme.organisation.id) =>
  (await createManagementToken(acme.db, { name: 'Ops', organisationId, scopes, createdBy: 'cli:test' })).secret

const call = (path: string, secret: string | undefined, init: RequestInit = {}) =>
  app.request(`/api/v1${path}`, { ...init, headers: { ...(secret ? { Authorization: `Bearer ${secret}` } : {}), ...init.headers } })

/** A client registered by a developer of the organisation, its webhook at the real receiver. */
async function clientOf(publisher: Publisher, name: string) {
  const developer = await createUser(acme.db, {
    email: `dev-${name.toLowerCase()}@example.com`,
    name: 'Dev',
    password: 'correct horse battery',
    svcApp: publisher.organisation.code,
    svcRole: 'developer',
  })
  const { clientId } = await createClientWithEndpoint(acme.db, {
    name,
    redirectUris: ['https://shop.example/cb'],
    webhookUrl: receiver.url,
    ownerSub: developer.sub,
    organisationId: publisher.organisation.id,
  })
  return clientId
}

const record = (clientId: string, event: 'account.signed_out' | 'account.deleted' = 'account.signed_out') =>
  webhookOutbox().record(acme.db, event, clientId, { account: 'ACC0000000001' })
const send = () => webhookWorker({ db: acme.db, allowPrivate: true }).runOnce()

describe('webhook deliveries through the management API', () => {
  it('shows a failed delivery with its attempt, and a replay reaches the receiver under the same delivery id', async () => {
    const shop = await clientOf(acme, 'Shop')
    await record(shop)
    receiver.answer = 500
    expect(await send()).toBe(1)
    const reader = await token('webhooks:write')

    const listed = await call('/deliveries', reader)
    expect(listed.status).toBe(200)
    const [delivery] = (await listed.json()).data
    expect(delivery).toMatchObject({ client: shop, event: 'account.signed_out', url: receiver.url, state: 'pending', attempt_count: 1 })
    expect(delivery.attempts).toEqual([
      {
        attempted_at: expect.any(String),
        status_code: 500,
        error: 'answered 500',
        duration_ms: expect.any(Number),
        response_excerpt: 'answered 500',
      },
    ])
    expect(await (await call(`/deliveries/${delivery.id}`, reader)).json()).toEqual(delivery)

    receiver.answer = 200
    const replayed = await call(`/deliveries/${delivery.id}/replay`, reader, { method: 'POST' })
    expect(replayed.status).toBe(202)
    expect(await replayed.json()).toMatchObject({ id: delivery.id, state: 'pending', attempt_count: 0 })
    expect(await send()).toBe(1)
    expect(receiver.received.map((request) => request.headers['x-svc-delivery'])).toEqual([delivery.id, delivery.id])

    const after = await (await call(`/deliveries/${delivery.id}`, reader)).json()
    expect(after).toMatchObject({ state: 'delivered', attempt_count: 1, delivered_at: expect.any(String) })
    expect(after.attempts.map((attempt: { status_code: number }) => attempt.status_code)).toEqual([500, 200])
    const { events } = await changesByTokens(acme.db)
    expect(events).toMatchObject([
      {
        action: 'webhook.delivery_replayed',
        target: { kind: 'webhook_delivery', code: delivery.id },
        organisation: acme.organisation.code,
      },
    ])
  })

  it("filters by client, event and state, pages, and hides another organisation's clients' deliveries", async () => {
    const shop = await clientOf(acme, 'Shop')
    const blog = await clientOf(acme, 'Blog')
    const theirs = await clientOf(other, 'Theirs')
    await record(shop)
    await record(blog, 'account.deleted')
    await record(theirs)
    receiver.answer = 200
    await send()
    const reader = await token('webhooks:read')
    const ids = async (query: string) =>
      ((await (await call(`/deliveries${query}`, reader)).json()).data as { client: string }[]).map((row) => row.client)
    expect((await ids('')).sort()).toEqual([blog, shop].sort())
    expect(await ids(`?client=${shop}`)).toEqual([shop])
    expect(await ids('?event=account.deleted')).toEqual([blog])
    expect(await ids('?state=dead')).toEqual([])
    expect(await ids('?state=delivered&event=account.signed_out')).toEqual([shop])

    const first = await call('/deliveries?limit=1', reader)
    const page = await first.json()
    expect(page.data).toHaveLength(1)
    expect(first.headers.get('Link')).toContain(`cursor=${page.next_cursor}`)
    const rest = await (await call(`/deliveries?limit=5&cursor=${page.next_cursor}`, reader)).json()
    expect([...page.data, ...rest.data].map((row: { client: string }) => row.client).sort()).toEqual([blog, shop].sort())
    expect(rest.next_cursor).toBeNull()

    const [foreign] = (await (await call(`/deliveries?client=${theirs}`, await token('webhooks:read', null))).json()).data
    expect((await call(`/deliveries?client=${theirs}`, reader)).status).toBe(404)
    expect((await call(`/deliveries/${foreign.id}`, reader)).status).toBe(404)
    expect((await call(`/deliveries/${foreign.id}/replay`, await token('webhooks:write'), { method: 'POST' })).status).toBe(404)
    expect((await call(`/deliveries?organisation=${other.organisation.code}`, reader)).status).toBe(404)
    // An operator-wide token sees every client's, or one organisation's.
    const operator = await token('webhooks:read', null)
    expect((await (await call('/deliveries', operator)).json()).data).toHaveLength(3)
    expect((await (await call(`/deliveries?organisation=${other.organisation.code}`, operator)).json()).data).toHaveLength(1)
  })

  it('answers 401, 403 without the scope, and problem details for bad filters, never a 500', async () => {
    expect((await call('/deliveries', undefined)).status).toBe(401)
    expect((await call('/deliveries', await token('users:write'))).status).toBe(403)
    const reader = await token('webhooks:read')
    expect((await call('/deliveries/x/replay', reader, { method: 'POST' })).status).toBe(403)
    const bad = await call('/deliveries?state=lost&event=account.hacked&limit=x', reader)
    expect(bad.status).toBe(400)
    expect((await bad.json()).errors).toEqual(
      expect.arrayContaining([
        { parameter: 'state', detail: 'state must be pending, delivered, dead or held' },
        { parameter: 'event', detail: expect.stringMatching(/^event must be one of account.signed_in/) },
        { parameter: 'limit', detail: 'limit must be an integer from 1 to 100' },
      ]),
    )
    expect((await call('/deliveries?cursor=bm9wZQ', reader)).status).toBe(400)
    expect((await call('/deliveries/not-a-delivery', reader)).status).toBe(404)
    expect((await call('/deliveries?client=cli_nobody', reader)).status).toBe(404)
  })
})
