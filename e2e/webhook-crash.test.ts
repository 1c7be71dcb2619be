import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../server/db/open-database.js'
import { type RunningBff, databaseWithQueuedPings, startBff } from './bff-process.js'

const EVENTS = 600

describe('webhook deliveries across crashes', () => {
  const received = new Set<string>()
  let receipts = 0
  const receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    // A slow receiver keeps deliveries in flight when the BFF is killed.
    req.on('end', () =>
      setTimeout(() => {
        received.add((JSON.parse(body) as { id: string }).id)
        receipts++
        res.writeHead(200).end()
      }, 30),
    )
  })
  let bff: RunningBff | undefined

  afterAll(async () => {
    bff?.process.kill('SIGKILL')
    receiver.closeAllConnections()
    await new Promise((resolve) => receiver.close(resolve))
  })

  it('delivers every event at least once although the BFF is SIGKILLed while delivering', { timeout: 240_000 }, async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`
    const db = await databaseWithQueuedPings(url, EVENTS)

    const env = { SVC_WEBHOOK_ALLOW_PRIVATE: '1', SVC_WEBHOOK_LEASE_SECONDS: '1' }
    for (const killAt of [100, 250, 400]) {
      bff = await startBff(['--db', db], env)
      while (receipts < killAt) await new Promise((resolve) => setTimeout(resolve, 5))
      bff.process.kill('SIGKILL')
      await new Promise((resolve) => bff!.process.once('exit', resolve))
    }
    bff = await startBff(['--db', db], env)
    // However long a busy machine takes: were one lost, the test's time limit ends it.
    while (received.size < EVENTS) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await bff.stop()).toBe(0)

    const database = await openDatabase({ sqlitePath: db })
    const events = await database.selectFrom('webhook_events').select('id').execute()
    const deliveries = await database.selectFrom('webhook_deliveries').select(['state']).execute()
    await database.destroy()
    expect(events).toHaveLength(EVENTS)
    expect(events.filter((event) => !received.has(event.id))).toEqual([])
    expect(deliveries.every((delivery) => delivery.state === 'delivered')).toBe(true)
    // Killed attempts may have been received without being recorded: duplicates are allowed, losses are not.
    expect(receipts).toBeGreaterThanOrEqual(EVENTS)
  })
})
