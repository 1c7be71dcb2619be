import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createUser } from '../accounts/users.js'
import { createBff } from '../app.js'
import { SCOPES } from '../clients/clients.js'
import { createClientWithEndpoint } from '../webhooks/client-with-endpoint.js'
import type { Database } from '../db/schema.js'
import { storeSigningKey } from '../grants/signing-keys.js'
import { queueMail } from '../mail/mail-outbox.js'
import { mailTransport } from '../mail/mail-transport.js'
import { mailWorker } from '../mail/mail-worker.js'
import { CALLBACK, pkcePair, ScriptedBrowser, USER } from '../testing/identity-fixture.js'
import { publisherFixture } from '../testing/publisher.js'
import { startSmtpReceiver } from '../testing/smtp-receiver.js'
import { testSigningKey } from '../testing/test-signing-key.js'
import { type Receiver, startReceiver } from '../testing/webhook-receiver.js'
import { webhookWorker } from '../webhooks/worker.js'
import { databaseReadings } from '../cli/metrics-readings.js'
import { listenForScrapes } from './metrics-port.js'
import { type SvcMetrics, svcMetrics } from './svc-metrics.js'

const TOKEN = 'metrics-token-0123456789abcdef'

/** The value of one sample of a Prometheus text page, `undefined` when it is not there. */
function sample(page: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of page.split('\n')) {
    if (line.startsWith('#')) continue
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]))
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3])
  }
  return undefined
}

let db: Kysely<Database>
let server: Server
let origin: string
let metrics: SvcMetrics
let receiver: Receiver

beforeEach(async () => {
  ;({ db } = await publisherFixture())
  receiver = await startReceiver()
})

afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  await receiver.close()
  await db.destroy()
})

/** Serves a BFF with `options` on a loopback port, as `serve` does. */
async function serveBff(options: { metricsToken?: string; withMetrics?: boolean } = {}) {
  server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  metrics = svcMetrics({ readings: databaseReadings(db) })
  const bff = createBff({
    db,
    issuer: origin,
    ...(options.withMetrics === false ? {} : { metrics }),
    ...(options.metricsToken === undefined ? {} : { metricsToken: options.metricsToken }),
  })
  server.on('request', bff.listener)
  return bff
}

const scrape = async () => {
  const res = await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })
  expect(res.status).toBe(200)
  return res.text()
}

describe('GET /metrics after real traffic', () => {
  it('counts what a person graphs: requests by route, ads by slot, ad events, grants, sign-ins, webhooks and mails', async () => {
    const { apiKey, addAd } = await publisherFixture(db, 'Metrics Shop')
    await addAd({ display: 'Home Slider Ads' })
    await addAd({ display: 'Home Slider Ads' })
    await storeSigningKey(db, testSigningKey())
    await createUser(db, { ...USER, svcAccess: ['Ads:Edit'], svcRole: 'admin' })
    const shop = await createClientWithEndpoint(db, { name: 'Shop', redirectUris: [CALLBACK], scopes: [...SCOPES], webhookUrl: receiver.url })
    await serveBff({ metricsToken: TOKEN })

    // Ads served: two ads in one answer of the slot home-slider-ads.
    const ads = await fetch(`${origin}/ads/home-slider-ads?limit=12`, { headers: { Authorization: `Bearer ${apiKey}` } })
    expect(ads.status).toBe(200)
    // An ad event batch refused: the key is not one.
    const events = await fetch(`${origin}/ads/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ key: 'svc_pk_not_a_key', batch: 'batch-0123456789', slot: 'home-slider-ads', served: ['ADS0000000001'] }),
    })
    expect(events.status).toBe(401)
    // A failed sign-in (wrong password), then a right one and the token grant it leads to.
    const { verifier, challenge } = pkcePair()
    const authorize = `${origin}/oidc/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: shop.clientId,
      redirect_uri: CALLBACK,
      scope: 'openid',
      state: 'state-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })}`
    const stranger = new ScriptedBrowser()
    const loginPage = await (await stranger.request(authorize)).text()
    const wrong = await stranger.submit(`${origin}/oidc/authorize/login`, loginPage, { email: USER.email, password: 'not the password' })
    expect(wrong.status).toBe(401)
    const callback = await new ScriptedBrowser().authorize(authorize)
    const code = callback.searchParams.get('code')!
    const token = await fetch(`${origin}/oidc/token`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${Buffer.from(`${shop.clientId}:${shop.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK, code_verifier: verifier }),
    })
    expect(token.status).toBe(200)
    // A path no route takes, and one a parameterised route takes and answers 404.
    expect((await fetch(`${origin}/wp-login.php`)).status).toBe(404)
    expect((await fetch(`${origin}/images/${'0'.repeat(64)}.png`)).status).toBe(404)

    // The sign-in above recorded account.signed_in for the client; the worker delivers it to a real receiver.
    const pendingBefore = sample(await scrape(), 'svc_webhook_queue_depth')
    expect(pendingBefore).toBeGreaterThan(0)
    expect(await webhookWorker({ db, allowPrivate: true, metrics }).runOnce()).toBeGreaterThan(0)
    expect(receiver.received.length).toBeGreaterThan(0)
    // A mail, queued and sent to a real SMTP server.
    await queueMail(db, { to: 'ada@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' })
    const smtp = await startSmtpReceiver()
    const transport = mailTransport({ smtpUrl: smtp.url, from: 'svc <no-reply@svc.example>', folder: '' })
    expect(await mailWorker({ db, transport, metrics }).runOnce()).toBe(1)
    expect(smtp.received).toHaveLength(1)
    transport.close()
    await smtp.close()

    const res = await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    const page = await res.text()
    expect(page).toContain('# TYPE svc_http_requests_total counter')
    expect(page).toContain('# TYPE svc_http_request_duration_seconds histogram')
    expect(sample(page, 'svc_http_requests_total', { route: '/ads/:display', method: 'GET', status: '200' })).toBe(1)
    expect(sample(page, 'svc_http_requests_total', { route: '/ads/events', method: 'POST', status: '401' })).toBe(1)
    expect(sample(page, 'svc_http_requests_total', { route: '/oidc/token', method: 'POST', status: '200' })).toBe(1)
    expect(sample(page, 'svc_http_requests_total', { route: '/oidc/authorize/login', method: 'POST', status: '401' })).toBe(1)
    expect(sample(page, 'svc_http_requests_total', { route: '/images/:name{.+}', method: 'GET', status: '404' })).toBe(1)
    expect(sample(page, 'svc_http_requests_total', { route: 'unmatched', method: 'GET', status: '404' })).toBe(1)
    // Raw paths never become labels.
    expect(page).not.toContain('wp-login')
    expect(page).not.toContain('0'.repeat(64))
    expect(sample(page, 'svc_http_request_duration_seconds_count', { route: '/ads/:display', method: 'GET', status_class: '2xx' })).toBe(1)
    expect(
      sample(page, 'svc_http_request_duration_seconds_bucket', { route: '/ads/:display', method: 'GET', status_class: '2xx', le: '+Inf' }),
    ).toBe(1)

    expect(sample(page, 'svc_ads_served_total', { slot: 'home-slider-ads' })).toBe(2)
    expect(sample(page, 'svc_ad_events_total', { outcome: 'refused', type: 'batch' })).toBe(1)
    expect(sample(page, 'svc_ad_events_total', { outcome: 'accepted', type: 'served' })).toBe(0)
    expect(sample(page, 'svc_token_grants_total', { grant_type: 'authorization_code', outcome: 'success' })).toBe(1)
    expect(sample(page, 'svc_sign_ins_total', { outcome: 'failure', method: 'password' })).toBe(1)
    expect(sample(page, 'svc_sign_ins_total', { outcome: 'success', method: 'password' })).toBe(1)
    expect(sample(page, 'svc_webhook_deliveries_total', { outcome: 'delivered' })).toBe(receiver.received.length)
    expect(sample(page, 'svc_mails_total', { state: 'queued' })).toBe(1)
    expect(sample(page, 'svc_mails_total', { state: 'sent' })).toBe(1)
    expect(sample(page, 'svc_signing_key_age_seconds')).toBeGreaterThanOrEqual(0)
    expect(page).toContain('# TYPE svc_webhook_oldest_pending_age_seconds gauge')
  })

  it('counts ad events accepted by type, and a token request refused by its OAuth error', async () => {
    const { apiKey, addAd } = await publisherFixture(db, 'Events Shop')
    const ad = await addAd({ display: 'Home Slider Ads' })
    await serveBff({ metricsToken: TOKEN })
    const batch = {
      key: apiKey,
      batch: 'batch-abcdefghijkl',
      slot: 'home-slider-ads',
      served: [ad.code, 'ADS9999999999'],
      viewable: [ad.code],
    }
    const events = await fetch(`${origin}/ads/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify(batch),
    })
    expect(events.status).toBe(202)
    const token = await fetch(`${origin}/oidc/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&refresh_token=nothing&client_id=nobody',
    })
    expect(token.status).toBe(401)

    const page = await scrape()
    expect(sample(page, 'svc_ad_events_total', { outcome: 'accepted', type: 'served' })).toBe(1)
    expect(sample(page, 'svc_ad_events_total', { outcome: 'refused', type: 'served' })).toBe(1)
    expect(sample(page, 'svc_ad_events_total', { outcome: 'accepted', type: 'viewable' })).toBe(1)
    expect(sample(page, 'svc_token_grants_total', { grant_type: 'refresh_token', outcome: 'invalid_client' })).toBe(1)
  })
})

describe('who may read /metrics', () => {
  it('answers 401 with WWW-Authenticate: Bearer without the token or with a wrong one', async () => {
    await serveBff({ metricsToken: TOKEN })
    const refused: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer metrics-token-0123456789abcdeX' },
      { Authorization: `Basic ${TOKEN}` },
    ]
    for (const headers of refused) {
      const res = await fetch(`${origin}/metrics`, { headers })
      expect(res.status).toBe(401)
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer\b/)
      expect(await res.text()).not.toContain('svc_')
    }
  })

  it('is a 404 like any unknown path when no token is set, and counts nothing then', async () => {
    await serveBff({ withMetrics: false })
    const res = await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ status: 'error', code: 404, message: 'no page at /metrics' })
    expect(sample(await metrics.scrape(), 'svc_http_requests_total', { route: 'unmatched' })).toBeUndefined()
  })

  it('serves the metrics port without a token, on 127.0.0.1 only, and nothing else there', async () => {
    await serveBff()
    const scrapes = await listenForScrapes(metrics, 0)
    try {
      expect(scrapes.address.address).toBe('127.0.0.1')
      expect((await fetch(`${origin}/healthz`)).status).toBe(200)
      // Without a token set, the main port does not serve it.
      expect((await fetch(`${origin}/metrics`)).status).toBe(404)
      const res = await fetch(scrapes.url)
      expect(res.status).toBe(200)
      const page = await res.text()
      expect(sample(page, 'svc_http_requests_total', { route: '/healthz', method: 'GET', status: '200' })).toBe(1)
      // What alerts watch exists from the start, at 0.
      expect(sample(page, 'svc_sign_ins_total', { outcome: 'failure', method: 'password' })).toBe(0)
      expect(sample(page, 'svc_webhook_deliveries_total', { outcome: 'dead' })).toBe(0)
      expect(sample(page, 'svc_ad_events_total', { outcome: 'accepted', type: 'batch' })).toBeUndefined()
      expect((await fetch(scrapes.url.replace('/metrics', '/healthz'))).status).toBe(404)
    } finally {
      await scrapes.close()
    }
  })
})
