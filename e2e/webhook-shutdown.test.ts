import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, it } from 'vitest'
import { openDatabase } from '../server/db/open-database.js'
import { databaseWithQueuedPings, startBff } from './bff-process.js'

it('on SIGTERM stops claiming, lets attempts in flight finish, and exits', { timeout: 30_000 }, async () => {
  let arrived = 0
  const receiver = createServer((req, res) => {
    arrived++
    req.resume()
    req.on('end', () => setTimeout(() => res.writeHead(200).end(), 800))
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  try {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`
    const db = await databaseWithQueuedPings(url, 5)
    const bff = await startBff(['--db', db], { SVC_WEBHOOK_ALLOW_PRIVATE: '1' })
    while (arrived < 5) await new Promise((resolve) => setTimeout(resolve, 10))
    const exit = await bff.stop()
    expect(exit).toBe(0)
    const database = await openDatabase({ sqlitePath: db })
    const states = await database.selectFrom('webhook_deliveries').select('state').execute()
    await database.destroy()
    expect(states.map((row) => row.state)).toEqual(Array(5).fill('delivered'))
  } finally {
    receiver.closeAllConnections()
    await new Promise((resolve) => receiver.close(resolve))
  }
})
