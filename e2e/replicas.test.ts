import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../server/db/open-database.js'
import { freshPostgresSchema } from '../server/db/test-database.js'
import { ScriptedBrowser } from '../server/testing/identity-fixture.js'
import { type RunningBff, startBff, svcBffWithEnv } from './bff-process.js'

const serverUrl = process.env.SVC_TEST_POSTGRES_URL

// Two replicas behind a load balancer, as the README describes: one
// PostgreSQL database, the same issuer, nothing shared in memory.
describe.skipIf(!serverUrl)('two replicas on one PostgreSQL database', () => {
  let schema: Awaited<ReturnType<typeof freshPostgresSchema>>
  let env: Record<string, string>
  const replicas: RunningBff[] = []
  /** How often each ping arrived. Only pings: the sign-in test's account events arrive here too, and counting them let a wait for 1,000 end with pings still in flight. */
  const received = new Map<string, number>()
  const receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () =>
      // A slow receiver keeps deliveries in flight on both replicas.
      setTimeout(() => {
        const { id, event } = JSON.parse(body) as { id: string; event: string }
        if (event === 'ping') received.set(id, (received.get(id) ?? 0) + 1)
        res.writeHead(200).end()
      }, 10),
    )
  })
  let receiverUrl: string
  let clientId: string
  let clientSecret: string
  const REDIRECT = 'http://127.0.0.1:3000/callback'

  beforeAll(async () => {
    schema = await freshPostgresSchema(serverUrl!)
    // A lease short enough that a killed replica's claims come back within the test, long enough that a
    // replica slowed by a busy machine finishes its batch before the other may claim it again (at 2 s it did not).
    // Replicas on PostgreSQL share the secret key their settings give.
    env = {
      DATABASE_URL: schema.url,
      SVC_SECRET_KEY: randomBytes(32).toString('base64'),
      SVC_WEBHOOK_ALLOW_PRIVATE: '1',
      SVC_WEBHOOK_LEASE_SECONDS: '10',
    }
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`
    await svcBffWithEnv(env, 'user', 'create', '--email', 'ada@example.com', '--name', 'Ada Lovelace', '--password', 'analytical engine')
    const client = await svcBffWithEnv(
      env,
      'client',
      'create',
      '--name',
      'Shop',
      '--redirect-uri',
      REDIRECT,
      '--scopes',
      'openid,profile,email,offline_access',
      '--webhook-url',
      receiverUrl,
    )
    clientId = client.client_id!
    clientSecret = client.client_secret!
    for (let i = 0; i < 2; i++) replicas.push(await startBff(['--issuer', 'http://svc.test'], env))
    // Four processes start one after another: on a busy machine each can take 15 s or more.
  }, 180_000)

  afterAll(async () => {
    for (const replica of replicas) replica.process.kill('SIGKILL')
    receiver.closeAllConnections()
    await new Promise((resolve) => receiver.close(resolve))
    await schema?.drop()
  })

  it('accepts on one replica the session and tokens the other issued', { timeout: 30_000 }, async () => {
    const [a, b] = replicas.map((replica) => replica.origin)
    const authorize = (origin: string) =>
      `${origin}/oidc/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', scope: 'openid email offline_access', state: 's' })}`
    const browser = new ScriptedBrowser()
    expect((await browser.authorize(authorize(a!))).searchParams.get('code')).toBeTruthy()
    // Signed in at A, the browser's session holds at B: no login page this time.
    const code = new URL((await browser.request(authorize(b!))).headers.get('Location')!).searchParams.get('code')!
    const token = (origin: string, form: Record<string, string>) =>
      fetch(`${origin}/oidc/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...form, client_id: clientId, client_secret: clientSecret }),
      }).then((res) => res.json())
    const issued = await token(a!, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT })
    expect(issued.access_token).toBeTruthy()
    const userinfo = await fetch(`${b}/oidc/userinfo`, { headers: { Authorization: `Bearer ${issued.access_token}` } })
    expect(await userinfo.json()).toMatchObject({ email: 'ada@example.com' })
    const refreshed = await token(b!, { grant_type: 'refresh_token', refresh_token: issued.refresh_token })
    expect(refreshed.refresh_token).toBeTruthy()
    // The rotation at B retired the token everywhere: A sees the reuse.
    expect((await token(a!, { grant_type: 'refresh_token', refresh_token: issued.refresh_token })).error).toBe('invalid_grant')
    // Both sign with the one key in the database.
    const [jwksA, jwksB] = await Promise.all([a, b].map(async (origin) => (await fetch(`${origin}/.well-known/jwks.json`)).json()))
    expect(jwksA).toEqual(jwksB)
  })

  it("counts a key's rate limit across both replicas", { timeout: 60_000 }, async () => {
    const org = await svcBffWithEnv(env, 'org', 'create', '--name', 'Acme')
    const { api_key } = await svcBffWithEnv(env, 'key', 'create', '--org', org.code!, '--rate-limit', '10')
    // The limit counts in windows of a clock minute: fourteen requests that ran across the turn of a
    // minute would spread over two windows and none would be refused. Start them in a fresh one.
    const leftInMinute = 60_000 - (Date.now() % 60_000)
    if (leftInMinute < 20_000) await new Promise((resolve) => setTimeout(resolve, leftInMinute + 100))
    const statuses: number[] = []
    for (let i = 0; i < 14; i++) {
      const res = await fetch(`${replicas[i % 2]!.origin}/ads/home?limit=1`, { headers: { Authorization: `Bearer ${api_key}` } })
      statuses.push(res.status)
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(4)
    expect(statuses.slice(0, 10).every((status) => status !== 429)).toBe(true)
  })

  it(
    'delivers each of 500 events exactly once while both replicas claim, and every one after a replica is SIGKILLed',
    // 3.5 s on a quiet machine; beside CI's other legs it took up to 90 s, so the limits only end a stuck run.
    { timeout: 300_000 },
    async () => {
      const waitFor = async (count: number) => {
        const deadline = Date.now() + 120_000
        while (received.size < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
      }
      await svcBffWithEnv(env, 'webhooks', 'ping', '--client', clientId, '--count', '500')
      await waitFor(500)
      const pings = async () => {
        const db = await openDatabase({ databaseUrl: schema.url }, { secretKey: { value: env.SVC_SECRET_KEY } })
        try {
          return await db.selectFrom('webhook_events').select('id').where('event', '=', 'ping').execute()
        } finally {
          await db.destroy()
        }
      }
      const firstBatch = await pings()
      expect(firstBatch).toHaveLength(500)
      expect(firstBatch.map((event) => received.get(event.id))).toEqual(firstBatch.map(() => 1))

      await svcBffWithEnv(env, 'webhooks', 'ping', '--client', clientId, '--count', '500')
      while (received.size < 650) await new Promise((resolve) => setTimeout(resolve, 5))
      replicas[0]!.process.kill('SIGKILL')
      await waitFor(1000)
      const all = await pings()
      expect(all).toHaveLength(1000)
      expect(all.filter((event) => !received.has(event.id))).toEqual([])
    },
  )
})
