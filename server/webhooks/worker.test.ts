import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { verifyWebhook } from '../../shared/webhook-signature.js'
import { clientByClientId } from '../clients/clients.js'
import { createClientWithEndpoint } from './client-with-endpoint.js'
import { openTestDatabase } from '../db/test-database.js'
import type { Database } from '../db/schema.js'
import { replayDeadDeliveries, replayDelivery } from './deliveries.js'
import { changeWebhookEndpoint } from './endpoints.js'
import { webhookOutbox } from './outbox.js'
import { MAX_ATTEMPTS } from './retry-schedule.js'
import { addWebhookSecret, removeWebhookSecret, type SecretOwner } from './secrets.js'
import { isPublicAddress } from './target-guard.js'
import { type Receiver, startReceiver } from '../testing/webhook-receiver.js'
import { USER_AGENT, webhookWorker } from './worker.js'

let db: Kysely<Database>
let receiver: Receiver
let clientId: string
let clientRowId: number
let endpoint: SecretOwner
let secret: string
let time: number
const now = () => new Date(time)

beforeEach(async () => {
  time = Date.parse('2026-11-25T12:00:00Z')
  db = await openTestDatabase()
  receiver = await startReceiver()
  const made = await createClientWithEndpoint(db, { name: 'Shop', redirectUris: ['https://shop.example/cb'], webhookUrl: receiver.url })
  clientId = made.clientId
  clientRowId = (await clientByClientId(db, clientId))!.id
  endpoint = { id: made.webhookEndpointId!, client_id: clientRowId }
  secret = made.webhookSecret!
})

afterEach(async () => {
  await receiver.close()
  await db.destroy()
})

const record = (data = { account: 'ACC1' }) => webhookOutbox({ now }).record(db, 'account.signed_out', clientId, data)
const worker = (options: Partial<Parameters<typeof webhookWorker>[0]> = {}) => webhookWorker({ db, now, allowPrivate: true, ...options })
const delivery = () => db.selectFrom('webhook_deliveries').selectAll().executeTakeFirstOrThrow()
/** One turn of the event loop (setImmediate is not faked). */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve))
const attempts = () => db.selectFrom('webhook_attempts').selectAll().orderBy('id').execute()

describe('the webhook worker', () => {
  it('delivers the signed envelope with the spec headers', async () => {
    await record({ account: 'ACC0000000001' })
    expect(await worker().runOnce()).toBe(1)
    expect(receiver.received).toHaveLength(1)
    const [{ headers, body }] = receiver.received as [{ headers: Record<string, string>; body: string }]
    expect(headers['content-type']).toBe('application/json')
    expect(headers['user-agent']).toBe(USER_AGENT)
    expect(headers['x-svc-event']).toBe('account.signed_out')
    expect(headers['x-svc-delivery']).toBe((await delivery()).id)
    expect(headers['x-svc-delivery']).toMatch(/^[0-9a-f-]{36}$/)
    await expect(verifyWebhook(body, headers['x-svc-signature'], [secret], { now: time / 1000 })).resolves.toBe(true)
    expect(JSON.parse(body)).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      event: 'account.signed_out',
      created_at: new Date(time).toISOString(),
      client_id: clientId,
      data: { account: 'ACC0000000001' },
    })
    expect(await delivery()).toMatchObject({ state: 'delivered', attempts: 1, lease_owner: null })
    expect(await attempts()).toMatchObject([{ status_code: 200, response_excerpt: 'answered 200', error: null }])
  })

  it('retries on the schedule, signing each attempt afresh, then dead-letters', async () => {
    receiver.answer = 500
    await record()
    const run = worker()
    const delays = [1, 5, 30, 300, 1800, 7200, 43200]
    await run.runOnce()
    for (const seconds of delays) {
      time += (seconds - 1) * 1000
      expect(await run.runOnce()).toBe(0)
      time += 1000
      expect(await run.runOnce()).toBe(1)
    }
    expect(receiver.received).toHaveLength(MAX_ATTEMPTS)
    expect(new Set(receiver.received.map((r) => r.headers['x-svc-delivery'])).size).toBe(1)
    expect(new Set(receiver.received.map((r) => String(r.headers['x-svc-signature']).split(',')[0])).size).toBe(MAX_ATTEMPTS)
    expect(await delivery()).toMatchObject({ state: 'dead', attempts: 8 })
    expect((await attempts()).map((a) => a.status_code)).toEqual(Array(8).fill(500))
    time += 86_400_000
    expect(await run.runOnce()).toBe(0)

    receiver.answer = 204
    expect(await replayDeadDeliveries(db, clientRowId, now())).toBe(1)
    await run.runOnce()
    expect(await delivery()).toMatchObject({ state: 'delivered', attempts: 1 })
    expect(receiver.received.at(-1)!.headers['x-svc-delivery']).toBe(receiver.received[0]!.headers['x-svc-delivery'])
  })

  it('treats redirects and a receiver that does not answer in time as failures', async () => {
    receiver.answer = 'redirect'
    await record()
    await worker().runOnce()
    expect(await attempts()).toMatchObject([{ status_code: 302, error: 'redirect to http://127.0.0.1:1/elsewhere not followed' }])
    expect(receiver.received).toHaveLength(1)

    receiver.answer = 'hang'
    await replayDelivery(db, (await delivery()).id, now())
    const started = Date.now()
    await worker({ timeoutMs: 300 }).runOnce()
    expect(Date.now() - started).toBeLessThan(5000)
    expect((await attempts()).at(-1)).toMatchObject({ status_code: null, error: 'no complete answer within 0.3 s' })
    expect(await delivery()).toMatchObject({ state: 'pending', attempts: 1 })
  })

  it('gives up on a receiver that hangs past the default 10 s', async () => {
    receiver.answer = 'hang'
    await record()
    // The attempt's deadline runs on a fake clock, moved on once the receiver
    // holds the request, so a busy machine cannot stretch or shrink the 10 s.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      let settled = false
      const running = worker()
        .runOnce()
        .finally(() => (settled = true))
      // (Not vi.waitUntil: under fake timers it moves the clock on while it waits.)
      while (receiver.received.length === 0) await nextTurn()
      await vi.advanceTimersByTimeAsync(9_999)
      // A few turns of the event loop, time for a cut-off attempt to be recorded.
      for (let turn = 0; turn < 5; turn++) await nextTurn()
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      await running
    } finally {
      vi.useRealTimers()
    }
    expect(await attempts()).toMatchObject([{ status_code: null, error: 'no complete answer within 10 s' }])
    expect(await delivery()).toMatchObject({ state: 'pending', attempts: 1, next_attempt_at: time + 1000 })
  })

  it('signs with every active secret while a rotation is under way', async () => {
    const second = (await addWebhookSecret(db, endpoint)).secret
    await record()
    await worker().runOnce()
    const header = String(receiver.received[0]!.headers['x-svc-signature'])
    expect(header.match(/v1=/g)).toHaveLength(2)
    await expect(verifyWebhook(receiver.received[0]!.body, header, [second], { now: time / 1000 })).resolves.toBe(true)

    await removeWebhookSecret(db, endpoint)
    await record()
    await worker().runOnce()
    const after = receiver.received[1]!
    await expect(verifyWebhook(after.body, String(after.headers['x-svc-signature']), [secret], { now: time / 1000 })).rejects.toMatchObject(
      {
        code: 'no_matching_signature',
      },
    )
    await expect(verifyWebhook(after.body, String(after.headers['x-svc-signature']), [second], { now: time / 1000 })).resolves.toBe(true)
    await expect(removeWebhookSecret(db, endpoint)).rejects.toThrow(
      'the endpoint has only one signing secret; add a new one before removing the old',
    )
  })

  it('signs with the secrets as they are now, though the same worker read them for an earlier claim', async () => {
    const running = worker()
    await record()
    await running.runOnce()
    const second = (await addWebhookSecret(db, endpoint)).secret
    await removeWebhookSecret(db, endpoint)
    await record()
    await running.runOnce()
    const after = receiver.received[1]!
    const header = String(after.headers['x-svc-signature'])
    expect(header.match(/v1=/g)).toHaveLength(1)
    await expect(verifyWebhook(after.body, header, [second], { now: time / 1000 })).resolves.toBe(true)
  })

  it('refuses private and loopback targets unless allowed', async () => {
    await record()
    await worker({ allowPrivate: false }).runOnce()
    expect(receiver.received).toHaveLength(0)
    expect((await attempts())[0]!.error).toBe('127.0.0.1 is a private, loopback or link-local address; deliveries may not go there')
    // An address literal cannot change: no retries, straight to the dead letters.
    expect(await delivery()).toMatchObject({ state: 'dead', attempts: 1 })
    // A name is checked on the addresses it resolves to, and retried, as DNS may change.
    // (The worker sends to the endpoint's URL as it is at each attempt.)
    await changeWebhookEndpoint(db, endpoint.id, { url: receiver.url.replace('127.0.0.1', 'localhost') })
    await db.updateTable('webhook_deliveries').set({ state: 'pending', next_attempt_at: time }).execute()
    await worker({ allowPrivate: false }).runOnce()
    expect(receiver.received).toHaveLength(0)
    expect((await attempts())[1]!.error).toBe(
      'localhost resolves to a private, loopback or link-local address; deliveries may not go there',
    )
    expect(await delivery()).toMatchObject({ state: 'pending', attempts: 2 })
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ]) {
      expect(isPublicAddress(address)).toBe(false)
    }
    expect(isPublicAddress('93.184.216.34')).toBe(true)
    expect(isPublicAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe(true)
  })

  it('records an attempt that could not even be sent as a failure, so it is retried and dead-lettered like any other', async () => {
    await record()
    await worker({ send: () => Promise.reject(new Error('boom')) }).runOnce()
    expect(await attempts()).toMatchObject([{ status_code: null, error: 'could not send: boom' }])
    expect(await delivery()).toMatchObject({ state: 'pending', attempts: 1, lease_owner: null })
  })

  it("takes over a crashed worker's claim only when its lease has run out", async () => {
    await record()
    await db
      .updateTable('webhook_deliveries')
      .set({ lease_owner: 'crashed', lease_expires_at: time + 30_000 })
      .execute()
    expect(await worker().runOnce()).toBe(0)
    time += 30_001
    expect(await worker().runOnce()).toBe(1)
    expect(await delivery()).toMatchObject({ state: 'delivered' })
  })

  it('keeps an event without a delivery when the client has no webhook URL, and caps event data', async () => {
    const quiet = (await createClientWithEndpoint(db, { name: 'Quiet', redirectUris: ['https://q.example/cb'] })).clientId
    await webhookOutbox({ now }).record(db, 'ping', quiet, { message: 'hello' })
    expect(await db.selectFrom('webhook_events').selectAll().execute()).toHaveLength(1)
    expect(await db.selectFrom('webhook_deliveries').selectAll().execute()).toHaveLength(0)
    await expect(webhookOutbox().record(db, 'ping', clientId, { message: 'x'.repeat(70_000) })).rejects.toThrow(RangeError)
  })
})
