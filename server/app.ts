/**
 * @module Assembles the BFF: every feature's sub-app mounted on one Hono
 * app with a request id on every answer, and the `node:http` listener that
 * serves it, with the fast paths of the ads API and the token endpoint in front.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { requestId, type RequestIdVariables } from 'hono/request-id'
import type { Kysely } from 'kysely'
import { adsApi } from './ads/ads-api.js'
import { adminConsole } from './console/console.js'
import { answerAdsOverNode, isAdsRequest } from './ads/ads-fast-path.js'
import { ADS_PATH, adsApiHandler } from './ads/answer-ads-request.js'
import { isPostgres } from './db/open-database.js'
import type { Database } from './db/schema.js'
import type { AccountEvents } from './oidc/account-events.js'
import { FORGET_AFTER_MS, loginThrottle, type LoginThrottle } from './oidc/authorize/login-throttle.js'
import { identityProvider } from './oidc/identity-provider.js'
import { answerTokenOverNode, isServerTokenRequest } from './oidc/token-fast-path.js'
import type { Provider } from './oidc/provider.js'
import { signingKeys } from './oidc/signing-keys.js'
import { demoSite } from './demo/demo-site.js'
import { databaseRateLimiter } from './http/database-rate-limiter.js'
import { databaseFailureCounters } from './http/database-failure-counters.js'
import { healthChecks } from './http/health.js'
import { trustProxies, type TrustedProxies } from './http/client-address.js'
import { fixedWindowRateLimiter, type RateLimiter } from './http/fixed-window-rate-limiter.js'
import { newRequestId, requestIdFor } from './http/request-id.js'
import { callerHungUp } from './http/caller-hung-up.js'
import { exposureOf } from './refusal.js'
import { webhookOutbox } from './webhooks/outbox.js'
import { answerWithAsset, loadWidgetAssets, widgetAssets } from './widget-assets.js'
import { accessLog, log } from './log.js'

const MAX_REQUEST_BODY_BYTES = 1024 * 1024

export interface AppOptions {
  db: Kysely<Database>
  /** Per-key request counters; in memory on SQLite, shared through the database on PostgreSQL, by default. */
  limiter?: RateLimiter
  /** Picks the ads API's random start offset; injectable for tests. */
  pickOffset?: (count: number) => number
  /** The demo key to show on the demo page, when the demo was seeded. */
  demoApiKey?: string
  /** The demo page's sign-in client, when the demo was seeded. */
  demoClientId?: string
  /** The identity provider's issuer URL; `http://localhost:8787` by default. */
  issuer?: string
  /** The clock; injectable for tests of lifetimes and key rotation. */
  now?: () => Date
  /** Where account events are recorded; the webhook outbox by default. */
  events?: AccountEvents
  /** Login throttling; injectable for tests. */
  throttle?: LoginThrottle
  /** True once the server is shutting down, so `/readyz` turns away new traffic. */
  draining?: () => boolean
  /** How long relying parties may cache the key set: a new signing key is published this long before it signs (6 hours by default). */
  keySetCacheMs?: number
  /** The proxies whose `X-Forwarded-For` names the caller (`SVC_TRUSTED_PROXIES`); none by default. */
  trustedProxies?: TrustedProxies
}

export interface Bff {
  /** Every route, for `app.request()` in tests. */
  app: Hono<{ Variables: RequestIdVariables }>
  /** The identity provider's shared parts (keys, clock, events). */
  provider: Provider
  /** The listener a `node:http` server runs: the fast paths, then Hono. */
  listener: RequestListener
}

/**
 * Builds the BFF's Hono app and its `node:http` listener around one ads API handler.
 *
 * @example
 * const { app, listener } = createBff({ db })
 * createServer(listener).listen(8787)
 */
export function createBff({
  db,
  limiter = isPostgres(db) ? databaseRateLimiter(db) : fixedWindowRateLimiter(),
  pickOffset,
  demoApiKey,
  demoClientId,
  issuer = 'http://localhost:8787',
  now = () => new Date(),
  events,
  throttle = loginThrottle(isPostgres(db) ? { counters: databaseFailureCounters(db, { forgetAfterMs: FORGET_AFTER_MS }) } : {}),
  draining,
  keySetCacheMs,
  trustedProxies,
}: AppOptions): Bff {
  const answerAds = adsApiHandler({ db, limiter, pickOffset })
  const provider: Provider = {
    db,
    issuer: issuer.replace(/\/$/, ''),
    keys: signingKeys(db, { now, ...(keySetCacheMs === undefined ? {} : { keySetCacheMs }) }),
    now,
    events: events ?? webhookOutbox({ now }),
  }
  const app = new Hono<{ Variables: RequestIdVariables }>({ strict: false })
  app.use(requestId({ generator: newRequestId }))
  if (trustedProxies) app.use(trustProxies(trustedProxies))
  // No route takes more; forms and the token endpoint keep tighter limits of their own.
  const limitBody = bodyLimit({
    maxSize: MAX_REQUEST_BODY_BYTES,
    onError: (c) => c.json({ status: 'error', code: 413, message: `the body is over ${MAX_REQUEST_BODY_BYTES} bytes` }, 413),
  })
  // GET and HEAD carry no body; the limit would still build the web Request that the
  // node adapter otherwise never makes, costing userinfo a fifth of its throughput.
  app.use((c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)))
  app.route('/', healthChecks(db, draining))
  app.route(ADS_PATH, adsApi(answerAds))
  app.route('/', identityProvider(provider, { throttle }))
  app.route(
    '/console',
    adminConsole({
      db,
      issuer: provider.issuer,
      events: provider.events,
      keys: provider.keys,
      fetchInProcess: (request) => Promise.resolve(app.fetch(request)),
    }),
  )
  // The account page's short address.
  app.get('/account', (c) => c.redirect('/console/account', 302))
  const widgets = loadWidgetAssets()
  app.route('/widget', widgetAssets(widgets))
  app.get('/sdk.js', (c) => answerWithAsset(c, widgets, 'sdk.js'))
  app.route('/', demoSite({ demoApiKey, demoClientId, widgetScript: widgets.hashedName('svc-ads.iife.js'), publicUrl: provider.issuer }))
  app.notFound((c) => c.json({ status: 'error', code: 404, message: `no page at ${c.req.path}` }, 404))
  app.onError((error, c) => {
    // Refusals raised by Hono's own middleware (a body over its limit) carry their answer.
    if (error instanceof HTTPException) return error.getResponse()
    const { status, message, headers } = exposureOf(error, { requestId: c.get('requestId'), hungUp: callerHungUp(c) })
    return c.json({ status: 'error', code: status, message }, status as 500, headers)
  })

  const honoListener = getRequestListener(app.fetch)
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (accessLog) {
      // Fixed here, so the line below and the answer name the same request.
      const id = requestIdFor(req.headers['x-request-id'] as string | undefined)
      setRequestHeader(req, 'x-request-id', id)
      logRequestWhenAnswered(req, res, id)
    }
    if (isServerTokenRequest(req)) {
      answerTokenOverNode(provider, req, res).catch(lastResort(res, '{"error":"server_error","error_description":"internal error"}'))
    } else if (isAdsRequest(req.url ?? '')) {
      answerAdsOverNode(answerAds, req, res).catch(lastResort(res, '{"status":"error","code":500,"message":"internal error"}'))
    } else {
      void honoListener(req, res)
    }
  }
  return { app, provider, listener }
}

/**
 * The Hono app alone, for tests that call `app.request()`.
 *
 * @example
 * const res = await createApp({ db }).request('/ads/home?limit=3', { headers: { Authorization: `Bearer ${key}` } })
 */
export function createApp(options: AppOptions): Hono<{ Variables: RequestIdVariables }> {
  return createBff(options).app
}

/**
 * Logs one line per answered request: method, path (never the query, which
 * may carry codes and tokens), status, duration and request id.
 */
function logRequestWhenAnswered(req: IncomingMessage, res: ServerResponse, requestId: string): void {
  const started = performance.now()
  res.once('finish', () => {
    const url = req.url ?? ''
    const query = url.indexOf('?')
    log('info', 'request', {
      request_id: requestId,
      method: req.method,
      path: query < 0 ? url : url.slice(0, query),
      status: res.statusCode,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
    })
  })
}

/** Ends a fast path's answer that failed past its own error handling: logged, and a 500 in the endpoint's error shape. */
function lastResort(res: ServerResponse, body: string): (error: unknown) => void {
  return (error) => {
    log('error', (error as Error).message, { stack: (error as Error).stack })
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
    res.end(body)
  }
}

/** Sets a request header for both readers: `req.headers` (the ads path) and `req.rawHeaders` (Hono's adapter). */
function setRequestHeader(req: IncomingMessage, name: string, value: string): void {
  req.headers[name] = value
  // Every copy goes: Hono joins repeated headers, and the joined value would not be this one.
  const others: string[] = []
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]!.toLowerCase() !== name) others.push(req.rawHeaders[i]!, req.rawHeaders[i + 1]!)
  }
  req.rawHeaders.splice(0, req.rawHeaders.length, ...others, name, value)
}
