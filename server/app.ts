/**
 * @module Assembles the BFF: every feature's sub-app mounted on one Hono
 * app with a request id on every answer, and the `node:http` listener that
 * serves it, with the fast paths of the ads API and the token endpoint in front.
 */
import type { RequestListener } from 'node:http'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { requestId, type RequestIdVariables } from 'hono/request-id'
import type { JWK } from 'jose'
import type { Kysely } from 'kysely'
import { adminConsole } from './console/console.js'
import { answerAdsOverNode, isAdsRequest } from './ads/ads-fast-path.js'
import { adsApiHandler } from './ads/answer-ads-request.js'
import { adEventsHandler } from './ad-statistics/answer-ad-events.js'
import { answerAdEventsOverNode, isAdEventsRequest } from './ad-statistics/ad-events-fast-path.js'
import { type AdStatisticsWriter, adStatisticsWriter } from './ad-statistics/ad-statistics-writer.js'
import { isPostgres } from './db/open-database.js'
import type { Database } from './db/schema.js'
import type { AccountEvents } from './accounts/account-events.js'
import { FORGET_AFTER_MS, loginThrottle, type LoginThrottle } from './http/login-throttle.js'
import { identityProvider } from './oidc/identity-provider.js'
import { answerTokenOverNode, isServerTokenRequest } from './oidc/token-fast-path.js'
import { answerUserinfoOverNode, isServerUserinfoRequest } from './oidc/userinfo-fast-path.js'
import type { IdentityProviderContext } from './grants/identity-provider-context.js'
import { signingKeys } from './grants/signing-keys.js'
import { demoSite } from './demo/demo-site.js'
import { databaseRateLimiter } from './http/database-rate-limiter.js'
import { databaseFailureCounters } from './http/database-failure-counters.js'
import { healthChecks, healthFastRoutes } from './http/health.js'
import { trustProxies, type TrustedProxies } from './http/client-address.js'
import { fixedWindowRateLimiter, type RateLimiter } from './http/fixed-window-rate-limiter.js'
import { newRequestId } from './http/request-id.js'
import { honoListener } from './http/hono-listener.js'
import { BODY_TOO_LARGE, edgeListener, type FastRoute, MAX_REQUEST_BODY_BYTES } from './http/edge.js'
import { errorAnswer } from './ads/respond.js'
import { oauthErrorAnswer } from './oidc/oauth-error-response.js'
import { callerHungUp } from './http/caller-hung-up.js'
import { exposureOf } from './refusal.js'
import { webhookOutbox } from './webhooks/outbox.js'
import { webhookSchemas } from './webhooks/schemas-endpoint.js'
import { answerWithAsset, loadWidgetAssets, widgetAssets } from './widget-assets.js'
import { log, logs } from './log.js'
import { CACHED_IMAGE_BYTES, imageFiles } from './images/image-files.js'
import { imageCache } from './images/image-cache.js'
import { imageBySha256 } from './images/images-repository.js'
import { imageUploadBodies, isImageUpload } from './images/upload-limits.js'
import { type Branding, DEFAULT_BRANDING } from './branding.js'
import { brandRequests } from './pages/request-branding.js'
import { setupEndpoint } from './oidc/setup/setup-endpoint.js'
import type { SvcMetrics } from './metrics/svc-metrics.js'
import { recordRouteTemplate } from './metrics/http-metrics.js'
import { metricsEndpoint } from './metrics/metrics-endpoint.js'
import { lazyManagementApi } from './management-api/lazy-management-api.js'
import { isManagementApiPath, problemJson } from './management-api/problem-json.js'

export interface AppOptions {
  db: Kysely<Database>
  /** Per-key request counters; in memory on SQLite, shared through the database on PostgreSQL, by default. */
  limiter?: RateLimiter
  /** Uniform in [0, 1), for the ads API's weighted draw; injectable for tests. */
  random?: () => number
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
  /** The private RSA JWK a database without a signing key starts with instead of a new one (`SVC_TEST_ONLY_SIGNING_KEY`, for the servers tests start). */
  firstSigningKey?: JWK
  /** Whether anyone may create an account at `/signup` (`SVC_SIGNUP`); open by default. */
  signup?: 'open' | 'closed'
  /** The proxies whose `X-Forwarded-For` names the caller (`SVC_TRUSTED_PROXIES`); none by default. */
  trustedProxies?: TrustedProxies
  /** The console accepts webhook URLs on private and loopback addresses (`SVC_WEBHOOK_ALLOW_PRIVATE=1`), as the sender then reaches them. */
  webhookAllowPrivate?: boolean
  /** How long a webhook endpoint may fail before the sender disables it (`SVC_WEBHOOK_DISABLE_AFTER`), as the portal says it; 5 days by default. */
  webhookDisableAfterMs?: number
  /** Where ad events are counted; one that writes only when flushed by default (`serve` passes one it flushes every few seconds). */
  adStatistics?: AdStatisticsWriter
  /** The product name, logo and colours of the identity pages, mails and FedCM dialog (`SVC_BRAND_*`); svc's own by default. */
  branding?: Branding
  /** The bytes each organisation's images may take (`SVC_IMAGE_QUOTA_MB`); 200 MB by default. */
  imageQuotaBytes?: number
  /** Image uploads one console account may start a minute; 20 by default. */
  imageUploadsPerMinute?: number
  /** Calls one management API token may make a minute (`SVC_API_REQUESTS_PER_MINUTE`); 600 by default. */
  apiRequestsPerMinute?: number
  /** One `info` log line per answered request (`SVC_ACCESS_LOG=1`), when the log level lets `info` through; off by default. */
  accessLog?: boolean
  /** Where requests, ads served, sign-ins and the rest are counted (`metrics/svc-metrics.ts`); nothing is counted without. */
  metrics?: SvcMetrics
  /** Serves `GET /metrics` on this app to `Authorization: Bearer <token>` (`SVC_METRICS_TOKEN`); with `metrics` only. */
  metricsToken?: string
}

export interface Bff {
  /** Every route, for `app.request()` in tests. */
  app: Hono<{ Variables: RequestIdVariables }>
  /** The identity provider's shared parts (keys, clock, events). */
  provider: IdentityProviderContext
  /** The listener a `node:http` server runs: the fast paths, then Hono. */
  listener: RequestListener
  /** The ad events counted in memory and not yet written; `flush()` writes them. */
  adStatistics: AdStatisticsWriter
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
  random,
  demoApiKey,
  demoClientId,
  issuer = 'http://localhost:8787',
  now = () => new Date(),
  events,
  throttle = loginThrottle(isPostgres(db) ? { counters: databaseFailureCounters(db, { forgetAfterMs: FORGET_AFTER_MS }) } : {}),
  draining,
  keySetCacheMs,
  firstSigningKey,
  trustedProxies,
  webhookAllowPrivate = false,
  webhookDisableAfterMs,
  signup = 'open',
  adStatistics = adStatisticsWriter({ db }),
  branding = DEFAULT_BRANDING,
  imageQuotaBytes,
  imageUploadsPerMinute,
  apiRequestsPerMinute,
  accessLog = false,
  metrics,
  metricsToken,
}: AppOptions): Bff {
  const answerAds = adsApiHandler({ db, limiter, random, now: () => now().getTime(), metrics })
  const answerAdEvents = adEventsHandler({ db, limiter, statistics: adStatistics, metrics })
  const provider: IdentityProviderContext = {
    db,
    issuer: issuer.replace(/\/$/, ''),
    keys: signingKeys(db, { now, firstKey: firstSigningKey, ...(keySetCacheMs === undefined ? {} : { keySetCacheMs }) }),
    now,
    events: events ?? webhookOutbox({ now }),
    branding,
    metrics,
  }
  // One cache of served images, which the console's image deletion empties of what it deletes.
  const servedImages = imageCache((sha256) => imageBySha256(db, sha256), { maxBytes: CACHED_IMAGE_BYTES })
  const app = new Hono<{ Variables: RequestIdVariables }>({ strict: false })
  // First, so that it sees the answer of whichever route (or none) took the request.
  if (metrics) app.use(recordRouteTemplate)
  // Behind the edge the header already holds its id; the generator serves `app.request()` in tests.
  app.use(requestId({ generator: newRequestId }))
  app.use(brandRequests(branding))
  if (trustedProxies) app.use(trustProxies(trustedProxies))
  // No route takes more; forms and the token endpoint keep tighter limits of their own.
  const limitBody = bodyLimit({
    maxSize: MAX_REQUEST_BODY_BYTES,
    onError: (c) =>
      isManagementApiPath(c.req.path)
        ? c.body(problemJson(413, BODY_TOO_LARGE, c.get('requestId')), 413, { 'Content-Type': 'application/problem+json' })
        : c.json({ status: 'error', code: 413, message: BODY_TOO_LARGE }, 413),
  })
  // GET and HEAD carry no body; the limit would still build the web Request that the
  // node adapter otherwise never makes, costing userinfo a fifth of its throughput.
  // The image upload keeps a larger limit of its own.
  app.use((c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || isImageUpload(c.req.method, c.req.path) ? next() : limitBody(c, next),
  )
  if (metrics && metricsToken !== undefined) app.route('/metrics', metricsEndpoint(metrics, metricsToken))
  app.route('/', healthChecks(db, draining))
  app.route('/', identityProvider(provider, { throttle, signup }))
  app.route('/setup', setupEndpoint(provider, { throttle }))
  const widgets = loadWidgetAssets()
  if (!widgets.built)
    log(
      'warn',
      'the browser code is not built, so the console, <svc-ads> and the sign-in button cannot load: run npm run build in this checkout, then start svc again',
      {
        event: 'svc.widgets_missing',
      },
    )
  app.route(
    '/console',
    adminConsole({
      consoleBuilt: widgets.get('console.js') !== undefined,
      db,
      issuer: provider.issuer,
      events: provider.events,
      keys: provider.keys,
      webhookAllowPrivate,
      webhookDisableAfterMs,
      throttle,
      branding,
      limiter,
      imageQuotaBytes,
      imageUploadsPerMinute,
      forgetImage: (sha256) => servedImages.forget(sha256),
      fetchInProcess: (request) => Promise.resolve(app.fetch(request)),
    }),
  )
  app.all(
    '/api/v1/*',
    lazyManagementApi({
      db,
      issuer: provider.issuer,
      limiter,
      now,
      imageQuotaBytes,
      imageUploadsPerMinute,
      requestsPerMinute: apiRequestsPerMinute,
      webhookAllowPrivate,
      productName: branding.name,
      events: provider.events,
      branding,
    }),
  )
  // The account page's short address.
  app.get('/account', (c) => c.redirect('/console/account', 302))
  app.route('/webhooks/schemas', webhookSchemas(provider.issuer))
  app.route('/images', imageFiles(db, { images: servedImages }))
  app.route('/widget', widgetAssets(widgets))
  app.get('/sdk.js', (c) => answerWithAsset(c, widgets, 'sdk.js'))
  app.route('/', demoSite({ demoApiKey, demoClientId, widgetScript: widgets.hashedName('svc-ads.iife.js'), publicUrl: provider.issuer }))
  // The path as sent (`/%61ds`, not the `/ads` it decodes to), so the answer names what was asked.
  app.notFound((c) => c.json({ status: 'error', code: 404, message: `no page at ${new URL(c.req.url).pathname}` }, 404))
  app.onError((error, c) => {
    // Refusals raised by Hono's own middleware (a body over its limit) carry their answer.
    if (error instanceof HTTPException) return error.getResponse()
    const { status, message, headers } = exposureOf(error, { requestId: c.get('requestId'), hungUp: callerHungUp(c) })
    return c.json({ status: 'error', code: status, message }, status as 500, headers)
  })

  // The routes answered straight from node:http, for speed: the health checks (a start is ready
  // without Hono's node adapter), servers' token and userinfo requests and the ads API.
  const fastRoutes: FastRoute[] = [
    ...healthFastRoutes(db, draining),
    {
      matches: isServerTokenRequest,
      route: '/oidc/token',
      answer: (req, res, id) => answerTokenOverNode(provider, req, res, id),
      failure: (error, id) => oauthErrorAnswer(error, id),
    },
    {
      matches: isServerUserinfoRequest,
      route: '/oidc/userinfo',
      answer: (req, res, id) => answerUserinfoOverNode(provider, req, res, id),
      failure: (error, id) => oauthErrorAnswer(error, id),
    },
    // Before the ads API, whose path it is under.
    {
      matches: (req) => isAdEventsRequest(req.url ?? ''),
      route: '/ads/events',
      answer: (req, res, id) => answerAdEventsOverNode(answerAdEvents, req, res, id),
      failure: (error, id) => errorAnswer(error, {}, id),
    },
    {
      matches: (req) => isAdsRequest(req.url ?? ''),
      route: '/ads/:display',
      answer: (req, res, id) => answerAdsOverNode(answerAds, req, res, id),
      failure: (error, id) => errorAnswer(error, {}, id),
    },
  ]
  const listener = edgeListener({
    fastRoutes,
    app: honoListener(app.fetch),
    accessLog: accessLog && logs('info'),
    largeBodies: [imageUploadBodies],
    metrics,
  })
  return { app, provider, listener, adStatistics }
}

/**
 * The Hono app alone, for tests that call `app.request()`; it does not
 * answer what the edge's fast routes answer (the ads API), for which
 * tests use `listeningBff` from `testing/publisher.ts`.
 *
 * @example
 * const res = await createApp({ db }).request('/oidc/userinfo', { headers: { Authorization: `Bearer ${token}` } })
 */
export function createApp(options: AppOptions): Hono<{ Variables: RequestIdVariables }> {
  return createBff(options).app
}
