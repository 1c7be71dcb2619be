/**
 * @module Tests of `svc-bff webhooks recover`: deliveries held while an
 * endpoint was disabled are queued again once it is enabled, and what a
 * person may get wrong (an unknown endpoint, a date that is not one, a
 * date in the future, a disabled endpoint) is refused in words.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { migratedDatabaseFile, runCliOn } from '../testing/cli-runner.js'

let dbPath: string
beforeEach(async () => {
  dbPath = await migratedDatabaseFile('svc-recover-')
})

const json = async (...argv: string[]) => {
  const result = await runCliOn(dbPath, [...argv, '--json'])
  return { ...result, body: result.stdout === '' ? undefined : JSON.parse(result.stdout) }
}

describe('svc-bff webhooks recover', () => {
  it('queues again what was held while the endpoint was disabled, once it is enabled, and records it', async () => {
    const since = new Date(Date.now() - 60_000).toISOString()
    const client = (await json('client', 'create', '--name', 'Shop', '--redirect-uri', 'https://shop.example/cb', '--webhook-url', 'https://shop.example/hooks')).body.client_id
    const [endpoint] = (await json('webhooks', 'endpoint', 'list', '--client', client)).body.endpoints
    await json('webhooks', 'ping', '--client', client, '--count', '2')
    await json('webhooks', 'endpoint', 'disable', endpoint.id)
    const states = async () => (await json('webhooks', 'list', '--client', client)).body.deliveries.map((d: { state: string }) => d.state)
    expect(await states()).toEqual(['held', 'held'])

    const whileDisabled = await runCliOn(dbPath, ['webhooks', 'recover', '--endpoint', endpoint.id, '--since', since])
    expect(whileDisabled.exitCode).not.toBe(0)
    expect(whileDisabled.stderr).toContain(`webhook endpoint ${endpoint.id} is disabled`)
    expect(whileDisabled.stderr).toContain(`webhooks endpoint enable ${endpoint.id}`)

    // Enabling alone recovers nothing: the held deliveries wait for a recovery, and it says so.
    const enabled = await runCliOn(dbPath, ['webhooks', 'endpoint', 'enable', endpoint.id])
    expect(enabled.stdout).toBe(
      `Webhook endpoint ${endpoint.id} is enabled. 2 deliveries held while it was disabled wait: send them with webhooks recover --endpoint ${endpoint.id} --since ISO.`,
    )
    expect(await states()).toEqual(['held', 'held'])
    // Nothing was queued after now.
    expect((await json('webhooks', 'recover', '--endpoint', endpoint.id, '--since', new Date().toISOString())).body.recovered_count).toBe(0)
    const recovered = await json('webhooks', 'recover', '--endpoint', endpoint.id, '--since', since)
    expect(recovered.body).toEqual({ endpoint: endpoint.id, since, recovered_count: 2 })
    expect(await states()).toEqual(['pending', 'pending'])
    const audit = (await json('audit', 'list', '--action', 'webhook.deliveries_recovered')).body.events
    // Newest first: this recovery, then the one that found nothing.
    expect(audit).toMatchObject([{ target: { code: client }, detail: { endpoint: endpoint.id, since, recovered_count: 2 } }, { detail: { recovered_count: 0 } }])

    const text = await runCliOn(dbPath, ['webhooks', 'recover', '--endpoint', endpoint.id, '--since', since.slice(0, 10)])
    expect(text.stdout).toBe(`0 deliveries to https://shop.example/hooks since ${since.slice(0, 10)}T00:00:00.000Z queued again oldest first, with the same webhook-id; they may arrive out of order, so order by the event's created_at.`)
  })

  it.each([
    [['--endpoint', 'ep_none', '--since', '2026-01-01'], /no webhook endpoint has the id ep_none/],
    [['--endpoint', 'ep_none', '--since', 'yesterday'], /--since must be an ISO 8601 date or time with its zone, like 2026-11-20/],
    [['--endpoint', 'ep_none', '--since', '2026-02-30'], /--since must be an ISO 8601 date or time/],
    [['--endpoint', 'ep_none', '--since', '2026-11-20T09:00:00'], /--since must be an ISO 8601 date or time with its zone/],
    [['--endpoint', 'ep_none', '--since', '2999-01-01T00:00:00Z'], /--since is in the future \(2999-01-01T00:00:00.000Z\)/],
    [['--endpoint', 'ep_none'], /--since/],
    [['--since', '2026-01-01'], /--endpoint/],
  ])('refuses %j, saying why', async (args, message) => {
    const refused = await runCliOn(dbPath, ['webhooks', 'recover', ...args])
    expect(refused.exitCode).not.toBe(0)
    expect(refused.stderr).toMatch(message)
    expect(refused.stderr).not.toMatch(/unexpected failure/)
  })
})
