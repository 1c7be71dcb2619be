/**
 * @module Tests of `svc-bff webhooks ping`: the test events it queues are
 * real deliveries and the ping is in the audit log (the management API's
 * ping calls the same function, `webhooks/webhook-ping.ts`).
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { runCliOn } from '../testing/cli-runner.js'

let dbPath: string
beforeEach(() => {
  dbPath = join(mkdtempSync(join(tmpdir(), 'svc-ping-')), 'svc.db')
})

const json = async (...argv: string[]) => {
  const result = await runCliOn(dbPath, [...argv, '--json'])
  return { ...result, body: result.stdout === '' ? undefined : JSON.parse(result.stdout) }
}

describe('svc-bff webhooks ping', () => {
  it('queues ping deliveries for the client and records the ping; a client without an endpoint for pings is refused', async () => {
    const made = await json('client', 'create', '--name', 'Shop', '--redirect-uri', 'https://shop.example/cb', '--webhook-url', 'https://shop.example/hooks')
    const client = made.body.client_id
    expect((await json('webhooks', 'ping', '--client', client, '--count', '2')).body).toEqual({ pinged: 2 })
    const deliveries = (await json('webhooks', 'list', '--client', client)).body
    expect(JSON.stringify(deliveries).match(/"ping"/g)).toHaveLength(2)
    const audit = (await json('audit', 'list', '--action', 'webhook.pinged')).body
    expect(audit.events).toMatchObject([{ action: 'webhook.pinged', target: { code: client }, detail: { count: 2 } }])

    const bare = (await json('client', 'create', '--name', 'Bare', '--redirect-uri', 'https://bare.example/cb')).body.client_id
    const refused = await runCliOn(dbPath, ['webhooks', 'ping', '--client', bare])
    expect(refused.exitCode).not.toBe(0)
    expect(refused.stderr).toMatch(/has no enabled webhook endpoint subscribed to ping/)
  })
})
