/**
 * Attack: a developer registers a webhook URL whose host is an
 * IPv4-compatible IPv6 literal, `http://[::127.0.0.1]/`, which the URL
 * parser turns into `[::7f00:1]`, an address ipaddr.js has no name for and
 * so called public. The guard must refuse it like any loopback address,
 * with every other IPv6 form of an internal address.
 */
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import { createClientWithEndpoint } from '../webhooks/client-with-endpoint.js'
import { openTestDatabase } from '../db/test-database.js'
import type { Database } from '../db/schema.js'
import { webhookOutbox } from '../webhooks/outbox.js'
import { isPublicAddress } from '../webhooks/target-guard.js'
import { type Receiver, startReceiver } from '../testing/webhook-receiver.js'
import { webhookWorker } from '../webhooks/worker.js'

let db: Kysely<Database>
let receiver: Receiver

beforeEach(async () => {
  db = await openTestDatabase()
  receiver = await startReceiver()
})
afterEach(async () => {
  await receiver.close()
  await db.destroy()
})

it('refuses a delivery to [::127.0.0.1] before connecting', async () => {
  const port = new URL(receiver.url).port
  const { clientId } = await createClientWithEndpoint(db, {
    name: 'Shop',
    redirectUris: ['https://shop.example/cb'],
    webhookUrl: `http://[::127.0.0.1]:${port}/hooks`,
  })
  await webhookOutbox().record(db, 'account.signed_out', clientId, { account: 'ACC1' })
  await webhookWorker({ db, allowPrivate: false }).runOnce()
  const [attempt] = await db.selectFrom('webhook_attempts').selectAll().execute()
  expect(attempt!.error).toBe('::7f00:1 is a private, loopback or link-local address; deliveries may not go there')
  expect(receiver.received).toHaveLength(0)
})

it('calls no internal IPv6 form public', () => {
  for (const address of ['::7f00:1', '::a00:1', '::a9fe:a9fe', '::', '100::1', '64:ff9b::7f00:1', '2002:7f00:1::', 'ff02::1']) {
    expect(isPublicAddress(address), address).toBe(false)
  }
  expect(isPublicAddress('2606:4700:4700::1111')).toBe(true)
})
