/**
 * @module Tests of failure handling as Svix does it, on real parts: the
 * worker with an injected clock sends to real HTTP receivers, disables an
 * endpoint that has failed for the window, holds what was queued for it,
 * and the mail worker delivers the notice to a real SMTP server; recovery
 * re-queues exactly the failed deliveries since a time, in order, with
 * their original `webhook-id`.
 */
import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createUser } from '../accounts/users.js'
import { listAuditEvents } from '../audit/audit-events.js'
import { clientByClientId, createClient } from '../clients/clients.js'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { mailTransport } from '../mail/mail-transport.js'
import { mailWorker } from '../mail/mail-worker.js'
import { createOrganisation } from '../orgs/organisations.js'
import { type SmtpReceiver, startSmtpReceiver } from '../testing/smtp-receiver.js'
import { type Receiver, startReceiver } from '../testing/webhook-receiver.js'
import { recoverDeliveries, replayDelivery } from './deliveries.js'
import { addWebhookEndpoint, disableWebhookEndpoint, enableWebhookEndpoint, webhookEndpoint, type WebhookEndpoint } from './endpoints.js'
import { webhookOutbox } from './outbox.js'
import { webhookWorker } from './worker.js'

const HOUR = 3_600_000
const DAY = 24 * HOUR

let db: Kysely<Database>
let failing: Receiver
let healthy: Receiver
let smtp: SmtpReceiver
let clientId: string
let shaky: WebhookEndpoint
let time: number
const now = () => new Date(time)
const t0 = Date.parse('2026-11-20T08:00:00Z')

beforeEach(async () => {
  time = t0
  db = await openTestDatabase()
  ;[failing, healthy, smtp] = await Promise.all([startReceiver(), startReceiver(), startSmtpReceiver()])
  const shop = await createOrganisation(db, { name: 'Shop' })
  // Told: the organisation's developer and admin. Not told: its marketer, a developer elsewhere.
  await createUser(db, { email: 'dev@shop.example', name: 'Dev', password: 'correct horse battery', svcApp: shop.code, svcRole: 'developer' })
  await createUser(db, { email: 'boss@shop.example', name: 'Boss', password: 'correct horse battery', svcApp: shop.code, svcRole: 'admin' })
  await createUser(db, { email: 'ads@shop.example', name: 'Ads', password: 'correct horse battery', svcApp: shop.code, svcAccess: ['Ads:Edit'] })
  await createUser(db, { email: 'dev@other.example', name: 'Other', password: 'correct horse battery', svcRole: 'developer' })
  const made = await createClient(db, { name: 'Shop app', redirectUris: ['https://shop.example/cb'], organisationId: shop.id })
  clientId = made.clientId
  const client = (await clientByClientId(db, clientId))!
  shaky = (await addWebhookEndpoint(db, { clientId: client.id, url: failing.url, events: ['*'] }, now())).endpoint
  await addWebhookEndpoint(db, { clientId: client.id, url: healthy.url, events: ['*'] }, now())
  failing.answer = 500
})

afterEach(async () => {
  await Promise.all([failing.close(), healthy.close(), smtp.close()])
  await db.destroy()
})

const record = (account: string) => webhookOutbox({ now }).record(db, 'account.signed_out', clientId, { account })
const worker = (concurrency = 64) =>
  webhookWorker({ db, now, allowPrivate: true, concurrency, failing: { disableAfterMs: DAY, issuer: 'https://id.shop.example' } })
const mailer = () => mailWorker({ db, now, transport: mailTransport({ smtpUrl: smtp.url, from: 'svc <no-reply@svc.example>', folder: '' }) })
const deliveriesTo = (endpoint: WebhookEndpoint) =>
  db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpoint.id).orderBy('created_at').execute()
const accountsIn = (receiver: Receiver) => receiver.received.map((request) => (JSON.parse(request.body) as { data: { account: string } }).data.account)

describe('an endpoint whose deliveries all fail', () => {
  it('is disabled once failing for the window, its developers mailed once, while the other endpoint keeps receiving', async () => {
    const run = worker()
    await record('ACC1')
    await run.runOnce()
    expect((await webhookEndpoint(db, shaky.id))!.failing_since).toBe(new Date(t0).toISOString())

    time = t0 + 12 * HOUR
    await record('ACC2')
    await run.runOnce()
    expect((await webhookEndpoint(db, shaky.id))!.enabled).toBe(true)

    time = t0 + DAY + 60_000
    await record('ACC3')
    await run.runOnce()
    const disabled = (await webhookEndpoint(db, shaky.id))!
    expect(disabled).toMatchObject({ enabled: false, disabled_reason: 'failing', disabled_at: now().toISOString(), failing_since: new Date(t0).toISOString() })
    // Nothing waits to be sent to it: what was pending is held.
    expect((await deliveriesTo(shaky)).map((delivery) => delivery.state)).toEqual(['held', 'held', 'held'])

    expect(await mailer().runOnce()).toBe(2)
    expect(smtp.received.map((mail) => mail.to).flat().sort()).toEqual(['boss@shop.example', 'dev@shop.example'])
    // As a mail reader shows it: quoted-printable's soft line breaks and escapes undone.
    const mail = smtp.received[0]!.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    expect(mail).toContain('Subject: Webhook endpoint of Shop app disabled after 1 day of failures')
    expect(mail).toContain(failing.url)
    expect(mail).toContain(`https://id.shop.example/console/clients/${clientId}#failing-${shaky.id}`)
    expect(mail).toContain(`failed since ${new Date(t0).toISOString()}`)
    // A minute before, so the first failed delivery (queued just before its attempt) is in it.
    expect(mail).toContain(`webhooks recover --endpoint ${shaky.id} --since 2026-11-20T07:59:00.000Z`)
    // One recovery start in the mail: the sentence and the command name the same time.
    expect(mail).toContain('recover everything that failed since 2026-11-20T07:59:00.000Z;')

    const { events } = await listAuditEvents(db, { actionPrefix: 'webhook.endpoint_disabled' })
    expect(events).toMatchObject([{ actor: { kind: 'system' }, target: { code: clientId }, detail: { endpoint: shaky.id, reason: 'failing' } }])

    // A day later: its new event is kept for it, held, not sent; no second mail, and the other endpoint receives everything.
    const tried = failing.received.length
    time += DAY
    await record('ACC4')
    await run.runOnce()
    expect(failing.received).toHaveLength(tried)
    expect((await deliveriesTo(shaky)).map((delivery) => delivery.state)).toEqual(['held', 'held', 'held', 'held'])
    expect(await mailer().runOnce()).toBe(0)
    expect(smtp.received).toHaveLength(2)
    expect(accountsIn(healthy)).toEqual(['ACC1', 'ACC2', 'ACC3', 'ACC4'])
  })

  it('starts its clock again after a success inside the window', async () => {
    const run = worker()
    await record('ACC1')
    await run.runOnce()
    time = t0 + 20 * HOUR
    failing.answer = 200
    await record('ACC2')
    await run.runOnce()
    expect((await webhookEndpoint(db, shaky.id))!.failing_since).toBeNull()

    failing.answer = 500
    time = t0 + 40 * HOUR
    await record('ACC3')
    await run.runOnce()
    // 40 hours since the first failure, but only 20 since the last success: still enabled.
    time = t0 + 60 * HOUR
    await record('ACC4')
    await run.runOnce()
    expect(await webhookEndpoint(db, shaky.id)).toMatchObject({ enabled: true, failing_since: new Date(t0 + 40 * HOUR).toISOString() })
    time = t0 + 64 * HOUR + 1
    await record('ACC5')
    await run.runOnce()
    expect(await webhookEndpoint(db, shaky.id)).toMatchObject({ enabled: false, disabled_reason: 'failing' })
  })
})

describe('a disabled endpoint', () => {
  it('is sent nothing that was queued for it before it was disabled by hand, even a delivery put back in the queue', async () => {
    failing.answer = 200
    await record('ACC1')
    await record('ACC2')
    await db.transaction().execute((trx) => disableWebhookEndpoint(trx, shaky.id, 'disabled by dev@shop.example', now()))
    await worker().runOnce()
    expect(failing.received).toHaveLength(0)
    expect((await deliveriesTo(shaky)).map((delivery) => delivery.state)).toEqual(['held', 'held'])
    // A replay while it is disabled queues it, and the worker holds it again instead of sending it.
    const [first] = await deliveriesTo(shaky)
    await replayDelivery(db, first!.id, now())
    await worker().runOnce()
    expect(failing.received).toHaveLength(0)
    expect((await deliveriesTo(shaky))[0]!.state).toBe('held')
    expect(accountsIn(healthy).sort()).toEqual(['ACC1', 'ACC2'])
  })
})

describe('events recorded while an endpoint is disabled', () => {
  it('are kept, held, for an endpoint disabled for failing, and a recovery sends them with their webhook-id', async () => {
    const run = worker()
    await record('ACC1')
    await run.runOnce()
    time = t0 + DAY + 1
    await record('ACC2')
    await run.runOnce()
    expect((await webhookEndpoint(db, shaky.id))!.disabled_reason).toBe('failing')

    time += HOUR
    await record('ACC3')
    const kept = (await deliveriesTo(shaky)).at(-1)!
    expect(kept.state).toBe('held')
    await run.runOnce()
    failing.received.length = 0

    failing.answer = 200
    time += HOUR
    await enableWebhookEndpoint(db, shaky.id)
    expect(await db.transaction().execute((trx) => recoverDeliveries(trx, shaky.id, new Date(t0 - 60_000), now()))).toBe(3)
    await run.runOnce()
    expect(accountsIn(failing).sort()).toEqual(['ACC1', 'ACC2', 'ACC3'])
    const arrived = failing.received.find((request) => request.body.includes('ACC3'))!
    expect(arrived.headers['webhook-id']).toBe(kept.id)
  })

  it('are not queued for an endpoint disabled by hand', async () => {
    await db.transaction().execute((trx) => disableWebhookEndpoint(trx, shaky.id, 'disabled by dev@shop.example', now()))
    await record('ACC1')
    expect(await deliveriesTo(shaky)).toHaveLength(0)
    await worker().runOnce()
    expect(accountsIn(healthy)).toEqual(['ACC1'])
  })
})

describe('recovering an endpoint', () => {
  it('queues again exactly what failed since the time given, in order, and it arrives with its original webhook-id', async () => {
    const run = worker(1)
    await record('ACC1')
    await run.runOnce()
    time = t0 + 2 * HOUR
    await record('ACC2')
    await run.runOnce()
    time = t0 + 3 * HOUR
    await record('ACC3')
    await run.runOnce()
    time = t0 + DAY + 1
    await record('ACC4')
    await run.runOnce()
    expect((await webhookEndpoint(db, shaky.id))!.enabled).toBe(false)
    const before = await deliveriesTo(shaky)

    failing.answer = 200
    failing.received.length = 0
    time += HOUR
    await enableWebhookEndpoint(db, shaky.id)
    const count = await db.transaction().execute((trx) => recoverDeliveries(trx, shaky.id, new Date(t0 + HOUR), now()))
    expect(count).toBe(3)
    await run.runOnce()
    expect(accountsIn(failing)).toEqual(['ACC2', 'ACC3', 'ACC4'])
    const ids = before.slice(1).map((delivery) => delivery.id)
    expect(failing.received.map((request) => request.headers['webhook-id'])).toEqual(ids)
    const after = await deliveriesTo(shaky)
    expect(after.map((delivery) => [delivery.id, delivery.state])).toEqual([
      [before[0]!.id, 'held'],
      ...ids.map((id) => [id, 'delivered']),
    ])
    // Recovered, it succeeds: its failing clock is stopped.
    expect((await webhookEndpoint(db, shaky.id))!.failing_since).toBeNull()
  })
})
