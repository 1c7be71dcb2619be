import type { IncomingHttpHeaders } from 'node:http'
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { Webhook } from 'standardwebhooks'
import Stripe from 'stripe'
import { Webhook as SvixWebhook } from 'svix'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../shared/webhook-signature.js'
import { clientByClientId } from '../clients/clients.js'
import { createClientWithEndpoint } from './client-with-endpoint.js'
import { secretBoxOf } from '../db/secret-box.js'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { type Receiver, type ReceivedWebhook, startReceiver } from '../testing/webhook-receiver.js'
import { webhookOutbox } from './outbox.js'
import { addWebhookSecret, removeSecretsOfEndpoint, removeWebhookSecret, type SecretOwner } from './secrets.js'
import { standardWebhookKey, standardWebhookSignature } from './standard-webhooks.js'
import { webhookWorker } from './worker.js'

let db: Kysely<Database>
let receiver: Receiver
let clientId: string
let clientRowId: number
let endpoint: SecretOwner

beforeEach(async () => {
  db = await openTestDatabase()
  receiver = await startReceiver()
  const made = await createClientWithEndpoint(db, { name: 'Shop', redirectUris: ['https://shop.example/cb'], webhookUrl: receiver.url })
  clientId = made.clientId
  clientRowId = (await clientByClientId(db, clientId))!.id
  endpoint = { id: made.webhookEndpointId!, client_id: clientRowId }
  // Each test adds the secrets it verifies with.
  await removeSecretsOfEndpoint(db, endpoint.id)
})

afterEach(async () => {
  await receiver.close()
  await db.destroy()
})

/** Records one event and lets the real worker send it to the real receiver, on the real clock (the libraries check it). */
async function deliverOne(): Promise<ReceivedWebhook> {
  await webhookOutbox().record(db, 'account.signed_out', clientId, { account: 'ACC0000000001' })
  await webhookWorker({ db, allowPrivate: true }).runOnce()
  return receiver.received.at(-1)!
}

const flat = (headers: IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]))

// Verifying needs no API key; the client only wants one to be built.
const stripe = new Stripe('sk_test_verifying_only')

/** What each receiver library says of a delivery: the event it parsed, or why it refused. */
const verifiers = {
  'svc (X-SVC-Signature, Stripe scheme)': async (body: string, headers: Record<string, string>, secret: string) => {
    await verifyWebhook(body, headers['x-svc-signature'], [secret])
    return JSON.parse(body) as unknown
  },
  // Stripe's own verifier, given X-SVC-Signature as its Stripe-Signature: the scheme svc's header copies.
  'stripe (X-SVC-Signature as Stripe-Signature)': async (body: string, headers: Record<string, string>, secret: string) =>
    stripe.webhooks.constructEvent(body, headers['x-svc-signature']!, secret) as unknown,
  standardwebhooks: async (body: string, headers: Record<string, string>, secret: string) => new Webhook(secret).verify(body, headers),
  svix: async (body: string, headers: Record<string, string>, secret: string) => new SvixWebhook(secret).verify(body, headers),
}
const everyVerifier = Object.entries(verifiers)

describe('Standard Webhooks beside X-SVC-Signature', () => {
  it('prints new secrets as whsec_ and standard base64, which both libraries take as printed', async () => {
    const { secret } = await addWebhookSecret(db, endpoint)
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    expect(() => new Webhook(secret)).not.toThrow()
    expect(() => new SvixWebhook(secret)).not.toThrow()
    expect(standardWebhookKey(secret)).toHaveLength(24)
  })

  it('signs as the standardwebhooks library does: v1, base64 HMAC of "{id}.{timestamp}.{body}"', () => {
    const secret = `whsec_${randomBytes(24).toString('base64')}`
    const at = 1_800_000_000
    expect(standardWebhookSignature('msg_1', at, '{"a":1}', [standardWebhookKey(secret)])).toBe(
      new Webhook(secret).sign('msg_1', new Date(at * 1000), '{"a":1}'),
    )
  })

  it.each(everyVerifier)('a real delivery verifies with %s', async (_name, verify) => {
    const { secret } = await addWebhookSecret(db, endpoint)
    const { body, headers } = await deliverOne()
    const delivery = await db.selectFrom('webhook_deliveries').select('id').executeTakeFirstOrThrow()
    expect(headers['webhook-id']).toBe(delivery.id)
    expect(headers['webhook-id']).toBe(headers['x-svc-delivery'])
    expect(headers['webhook-timestamp']).toBe(/^t=(\d+),/.exec(String(headers['x-svc-signature']))![1])
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60)
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/)
    await expect(verify(body, flat(headers), secret)).resolves.toMatchObject({
      event: 'account.signed_out',
      data: { account: 'ACC0000000001' },
    })
  })

  it.each(everyVerifier)('during a rotation %s accepts with either secret, then only with the new one', async (_name, verify) => {
    const old = (await addWebhookSecret(db, endpoint)).secret
    const fresh = (await addWebhookSecret(db, endpoint)).secret
    const during = await deliverOne()
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2)
    for (const secret of [old, fresh]) await expect(verify(during.body, flat(during.headers), secret)).resolves.toBeTruthy()

    await removeWebhookSecret(db, endpoint)
    const after = await deliverOne()
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1)
    await expect(verify(after.body, flat(after.headers), fresh)).resolves.toBeTruthy()
    await expect(verify(after.body, flat(after.headers), old)).rejects.toThrow()
  })

  it.each(everyVerifier)('%s refuses a changed body, a changed timestamp and the wrong secret', async (_name, verify) => {
    const { secret } = await addWebhookSecret(db, endpoint)
    const sent = await deliverOne()
    const original = flat(sent.headers)
    const later = String(Number(original['webhook-timestamp']) + 1)
    await expect(verify(sent.body.replace('ACC0000000001', 'ACC0000000002'), original, secret)).rejects.toThrow()
    await expect(
      verify(
        sent.body,
        { ...original, 'webhook-timestamp': later, 'x-svc-signature': original['x-svc-signature']!.replace(/^t=\d+/, `t=${later}`) },
        secret,
      ),
    ).rejects.toThrow()
    await expect(verify(sent.body, original, `whsec_${randomBytes(24).toString('base64')}`)).rejects.toThrow()
  })

  it('keeps a secret issued before (base64url) verifying X-SVC-Signature as printed, and webhook-signature once its alphabet is standard', async () => {
    // A secret of the old form with both URL-safe characters in it, stored as svc stored them.
    let old: string
    do old = `whsec_${randomBytes(24).toString('base64url')}`
    while (!old.slice(6).includes('-') || !old.slice(6).includes('_'))
    await db
      .insertInto('webhook_secrets')
      .values({
        client_id: clientRowId,
        endpoint_id: endpoint.id,
        secret: secretBoxOf(db).seal({ table: 'webhook_secrets', column: 'secret', row: clientRowId }, old),
        created_at: new Date().toISOString(),
        removed_at: null,
      })
      .execute()
    const { body, headers } = await deliverOne()
    await expect(verifyWebhook(body, String(headers['x-svc-signature']), [old])).resolves.toBe(true)
    // The libraries refuse the URL-safe alphabet, as the migration note says…
    expect(() => new Webhook(old)).toThrow()
    // …and take the same key once written in standard base64 (the migration note's one-liner).
    const standard = `whsec_${old.slice('whsec_'.length).replaceAll('-', '+').replaceAll('_', '/')}`
    expect(new Webhook(standard).verify(body, flat(headers))).toMatchObject({ event: 'account.signed_out' })
    expect(new SvixWebhook(standard).verify(body, flat(headers))).toMatchObject({ event: 'account.signed_out' })
  })

  it('keeps webhook-id across retries and signs each attempt with its own timestamp', async () => {
    const { secret } = await addWebhookSecret(db, endpoint)
    receiver.answer = 500
    await webhookOutbox().record(db, 'ping', clientId, { message: 'hello' })
    // The worker's clock starts once the event is due, and moves on only when told.
    let time = Date.now()
    const worker = webhookWorker({ db, allowPrivate: true, now: () => new Date(time) })
    await worker.runOnce()
    receiver.answer = 200
    time += 2000
    await worker.runOnce()
    const [first, second] = receiver.received as [ReceivedWebhook, ReceivedWebhook]
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id'])
    expect(Number(second.headers['webhook-timestamp']) - Number(first.headers['webhook-timestamp'])).toBe(2)
    expect(new Webhook(secret).verify(second.body, flat(second.headers))).toMatchObject({ event: 'ping' })
  })
})
