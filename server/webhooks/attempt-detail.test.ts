import { createServer } from 'node:net'
import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClientWithEndpoint } from './client-with-endpoint.js'
import { openTestDatabase } from '../db/test-database.js'
import type { Database } from '../db/schema.js'
import { changeWebhookEndpoint } from './endpoints.js'
import { webhookOutbox } from './outbox.js'
import { type Receiver, startReceiver } from '../testing/webhook-receiver.js'
import { attemptDetails } from './webhook-attempts.js'
import { webhookWorker } from './worker.js'

let db: Kysely<Database>
let receiver: Receiver
let clientId: string
let endpointId: string
let time: number
const now = () => new Date(time)

beforeEach(async () => {
  time = Date.parse('2026-11-25T12:00:00Z')
  db = await openTestDatabase()
  receiver = await startReceiver()
  const made = await createClientWithEndpoint(db, { name: 'Shop', redirectUris: ['https://shop.example/cb'], webhookUrl: receiver.url })
  clientId = made.clientId
  endpointId = made.webhookEndpointId!
})

afterEach(async () => {
  await receiver.close()
  await db.destroy()
})

const record = () => webhookOutbox({ now }).record(db, 'account.signed_out', clientId, { account: 'ACC1' })
const worker = (options: Partial<Parameters<typeof webhookWorker>[0]> = {}) => webhookWorker({ db, now, allowPrivate: true, ...options })
const deliveryId = async () => (await db.selectFrom('webhook_deliveries').select('id').executeTakeFirstOrThrow()).id
const detail = async () => attemptDetails(db, await deliveryId())

/** A port on loopback nothing listens on: taken, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe("an attempt's detail", () => {
  it('keeps the request as the receiver got it, and the answer with its headers', async () => {
    await record()
    await worker().runOnce()
    const [{ headers, body }] = receiver.received as [{ headers: Record<string, string>; body: string }]
    const [attempt] = await detail()
    expect(attempt!.request!.body).toBe(body)
    // Every header the receiver got, with its value, and no other: the signatures as sent.
    expect(Object.fromEntries(attempt!.request!.headers.map(([name, value]) => [name.toLowerCase(), value]))).toEqual(headers)
    expect(headers['x-svc-signature']).toMatch(/v1=/)
    expect(attempt).toMatchObject({ status_code: 200, error: null, next_attempt_at: null })
    expect(attempt!.response).toMatchObject({ body: 'answered 200', truncated: false })
    expect(attempt!.response!.headers).toContainEqual(['Content-Type', 'text/plain'])
  })

  it('keeps the first 4 KB of a 100 KB answer and says the rest was dropped', async () => {
    receiver.answer = 500
    receiver.answerBody = 'é'.repeat(10) + 'x'.repeat(100 * 1024)
    await record()
    await worker().runOnce()
    const [attempt] = await detail()
    expect(attempt!.status_code).toBe(500)
    expect(attempt!.response!.truncated).toBe(true)
    expect(Buffer.byteLength(attempt!.response!.body)).toBe(4096)
    expect(attempt!.response!.body.startsWith('é'.repeat(10) + 'xxx')).toBe(true)
  })

  it("keeps an answer of exactly 4 KB whole, not truncated", async () => {
    receiver.answerBody = 'y'.repeat(4096)
    await record()
    await worker().runOnce()
    expect((await detail())[0]!.response).toMatchObject({ body: 'y'.repeat(4096), truncated: false })
  })

  it("measures a slow receiver's time to answer", async () => {
    receiver.delayMs = 400
    await record()
    await worker().runOnce()
    const [attempt] = await detail()
    expect(attempt!.duration_ms).toBeGreaterThanOrEqual(390)
    expect(attempt!.duration_ms).toBeLessThan(5000)
  })

  it('says in words that the connection was refused, and when the next attempt is due', async () => {
    const port = await closedPort()
    await changeWebhookEndpoint(db, endpointId, { url: `http://127.0.0.1:${port}/hooks` })
    await record()
    await worker().runOnce()
    const [attempt] = await detail()
    expect(attempt).toMatchObject({
      status_code: null,
      response: null,
      error: `connection refused: nothing accepts connections at 127.0.0.1:${port}`,
      // The first retry waits 1 s (the clock stands still in this test).
      next_attempt_at: new Date(time + 1000).toISOString(),
    })
    expect(attempt!.request!.body).toContain('"account.signed_out"')
  })

  it('records no next attempt for a target the address guard refuses for good', async () => {
    await changeWebhookEndpoint(db, endpointId, { url: 'http://10.0.0.5/hooks' })
    await record()
    await worker({ allowPrivate: false }).runOnce()
    const [attempt] = await detail()
    expect(attempt).toMatchObject({ status_code: null, request: null, response: null, next_attempt_at: null })
    expect(attempt!.error).toMatch(/10\.0\.0\.5 is a private, loopback or link-local address/)
  })
})
