/**
 * @module Tests of `svc-bff webhooks ping`: the test events it queues are
 * real deliveries and the ping is in the audit log (the management API's
 * ping calls the same function, `webhooks/webhook-ping.ts`).
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { migratedDatabaseFile, runCliOn } from '../testing/cli-runner.js'

let dbPath: string
beforeEach(async () => {
  dbPath = await migratedDatabaseFile('svc-ping-')
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

describe('svc-bff webhooks endpoint test', () => {
  it('queues one ping to that endpoint only, even unsubscribed, and refuses a disabled one', async () => {
    const client = (await json('client', 'create', '--name', 'Shop', '--redirect-uri', 'https://shop.example/cb', '--webhook-url', 'https://shop.example/hooks')).body.client_id
    const audit = (await json('webhooks', 'endpoint', 'add', '--client', client, '--url', 'https://audit.shop.example/in', '--events', 'account.deleted')).body
    const tested = await json('webhooks', 'endpoint', 'test', audit.id)
    expect(tested.body).toEqual({ delivery: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    const deliveries = (await json('webhooks', 'list', '--client', client)).body.deliveries
    expect(deliveries.map((d: { id: string; endpoint_id: string; event: string }) => [d.id, d.endpoint_id, d.event])).toEqual([[tested.body.delivery, audit.id, 'ping']])
    await json('webhooks', 'endpoint', 'disable', audit.id)
    const refused = await runCliOn(dbPath, ['webhooks', 'endpoint', 'test', audit.id])
    expect(refused.exitCode).not.toBe(0)
    expect(refused.stderr).toMatch(/is disabled; enable it first/)
  })
})

describe('svc-bff webhooks endpoint', () => {
  it('adds endpoints with their own secrets and events, lists, disables, enables and removes them, refusing what does not exist', async () => {
    const client = (await json('client', 'create', '--name', 'Shop', '--redirect-uri', 'https://shop.example/cb', '--webhook-url', 'https://shop.example/hooks')).body.client_id
    const added = await json('webhooks', 'endpoint', 'add', '--client', client, '--url', 'https://audit.shop.example/in', '--events', 'ping,account.deleted', '--description', 'Audit')
    expect(added.body).toEqual({ id: expect.stringMatching(/^ep_/), secret: expect.stringMatching(/^whsec_/) })

    const listed = (await json('webhooks', 'endpoint', 'list', '--client', client)).body.endpoints
    expect(listed.map((e: { url: string; events: string[]; enabled: boolean; description: string }) => [e.url, e.events, e.enabled, e.description])).toEqual([
      ['https://shop.example/hooks', ['*'], true, ''],
      ['https://audit.shop.example/in', ['account.deleted', 'ping'], true, 'Audit'],
    ])
    expect(JSON.stringify(listed)).not.toContain(added.body.secret)

    expect((await json('webhooks', 'endpoint', 'disable', added.body.id)).body.endpoint).toMatchObject({ enabled: false, disabled_reason: 'disabled from the command line' })
    // Pings go to the endpoints that take them and are enabled: only the first now.
    await json('webhooks', 'ping', '--client', client)
    const deliveries = (await json('webhooks', 'list', '--client', client)).body.deliveries
    expect(deliveries.map((d: { endpoint_id: string }) => d.endpoint_id)).toEqual([listed[0].id])
    expect((await json('webhooks', 'endpoint', 'enable', added.body.id)).body.endpoint).toMatchObject({ enabled: true, disabled_at: null })

    // With two endpoints, a secret names its endpoint.
    const ambiguous = await runCliOn(dbPath, ['client', 'secret', 'add', '--client', client])
    expect(ambiguous.stderr).toMatch(/has 2 webhook endpoints; say which with --endpoint/)
    expect((await json('client', 'secret', 'add', '--client', client, '--endpoint', added.body.id)).body).toMatchObject({ webhook_secret: expect.stringMatching(/^whsec_/) })

    expect((await json('webhooks', 'endpoint', 'remove', added.body.id)).body).toEqual({ removed: added.body.id })
    expect((await json('webhooks', 'endpoint', 'list', '--client', client)).body.endpoints).toHaveLength(1)
    const audit = (await json('audit', 'list', '--action', 'webhook.')).body.events
      .map((e: { action: string }) => e.action)
      .filter((action: string) => action.startsWith('webhook.endpoint_'))
    expect(audit).toEqual(['webhook.endpoint_removed', 'webhook.endpoint_enabled', 'webhook.endpoint_disabled', 'webhook.endpoint_added', 'webhook.endpoint_added'])

    for (const [argv, message] of [
      [['webhooks', 'endpoint', 'add', '--client', 'cli_none', '--url', 'https://x.example/'], /no client has the id cli_none/],
      [['webhooks', 'endpoint', 'add', '--client', client, '--url', 'ftp://x.example/'], /--url must be an http or https URL/],
      [['webhooks', 'endpoint', 'add', '--client', client, '--url', 'https://x.example/', '--events', 'user.created'], /"user.created" is not an event; choose from/],
      [['webhooks', 'endpoint', 'disable', 'ep_none'], /no webhook endpoint has the id ep_none/],
      [['webhooks', 'endpoint', 'remove', added.body.id], /no webhook endpoint has the id/],
    ] as const) {
      const refused = await runCliOn(dbPath, [...argv])
      expect(refused.exitCode, argv.join(' ')).not.toBe(0)
      expect(refused.stderr, argv.join(' ')).toMatch(message)
    }
    // A private address is a warning here, as the shell is seldom where svc runs.
    const local = await runCliOn(dbPath, ['webhooks', 'endpoint', 'add', '--client', client, '--url', 'http://127.0.0.1:9/hooks'])
    expect(local.exitCode).toBe(0)
    expect(local.stderr).toBe(
      'svc-bff: warning: svc will not deliver to 127.0.0.1: it is a private, loopback or link-local address; an operator can allow such addresses with SVC_WEBHOOK_ALLOW_PRIVATE=1',
    )
    const privateNet = await runCliOn(dbPath, ['webhooks', 'endpoint', 'add', '--client', client, '--url', 'http://10.0.0.5/'])
    expect(privateNet.stderr).toMatch(/^svc-bff: warning: svc will not deliver to 10\.0\.0\.5: it is a private/)
    // None for a public address, nor where private targets are allowed.
    expect((await runCliOn(dbPath, ['webhooks', 'endpoint', 'add', '--client', client, '--url', 'https://93.184.215.14/'])).stderr).toBe('')
    const allowed = await runCliOn(dbPath, ['webhooks', 'endpoint', 'add', '--client', client, '--url', 'http://10.0.0.5/'], { SVC_WEBHOOK_ALLOW_PRIVATE: '1' })
    expect([allowed.exitCode, allowed.stderr]).toEqual([0, ''])
  })
})
