/**
 * @module The management API at `/api/v1`: its routes (one module per
 * resource group: ads, images, API keys, clients, webhook endpoints,
 * users and invitations, deliveries, reports), the OpenAPI 3.1 document generated from their zod schemas
 * at `/api/v1/openapi.json`, its reference page at `/api/v1/docs`, and one
 * error shape for all of it (RFC 9457 problem details). Its paths carry
 * their prefix, since the document describes the public ads API at `/ads`
 * beside them; the app loads it on the first request to `/api/v1`
 * (`lazy-management-api.ts`).
 */
import { OpenAPIHono } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import type { RateLimiter } from '../http/fixed-window-rate-limiter.js'
import { newRequestId } from '../http/request-id.js'
import { SVC_VERSION } from '../version.js'
import { adsRoutes } from './ads-routes.js'
import { callRate } from './call-rate.js'
import { API_BASE, documentHead, registerSecuritySchemes } from './api-document.js'
import type { ApiVariables } from './bearer-token.js'
import { imagesRoutes } from './images-routes.js'
import { keysRoutes } from './keys-routes.js'
import { clientsRoutes } from './clients-routes.js'
import { webhookEndpointsRoutes } from './webhook-endpoints-routes.js'
import { invalidFieldsOf, problemAnswer, problemResponse } from './problem-details.js'
import { describePublicAdsApi } from './public-ads-document.js'
import { referencePage } from './reference-page.js'
import { usersRoutes } from './users-routes.js'
import { deliveriesRoutes } from './deliveries-routes.js'
import { reportsRoutes } from './reports-routes.js'
import type { AccountEvents } from '../accounts/account-events.js'
import { type Branding, DEFAULT_BRANDING } from '../branding.js'
import { webhookOutbox } from '../webhooks/outbox.js'

export interface ManagementApiOptions {
  db: Kysely<Database>
  /** The public address, for the document's server and image URLs. */
  issuer: string
  /** Counts image uploads per token. */
  limiter: RateLimiter
  now?: () => Date
  /** The bytes each organisation's images may take (`SVC_IMAGE_QUOTA_MB`). */
  imageQuotaBytes?: number | undefined
  /** Image uploads one token may start a minute. */
  imageUploadsPerMinute?: number | undefined
  /** Calls one token may make a minute (`SVC_API_REQUESTS_PER_MINUTE`). */
  requestsPerMinute?: number | undefined
  /** Lets webhook URLs name private addresses (`SVC_WEBHOOK_ALLOW_PRIVATE=1`). */
  webhookAllowPrivate?: boolean | undefined
  /** The deployment's brand, refused as a client's name like svc's. */
  productName?: string | undefined
  /** Tells clients of what changes to their users (disabling, signing out, removing); the webhook outbox by default. */
  events?: AccountEvents | undefined
  /** The product name, logo and colour the invitation and reset mails show. */
  branding?: Branding | undefined
}

/**
 * Builds the management API, its document and its reference page.
 *
 * @example
 * const api = managementApi({ db, issuer, limiter })
 * await api.request('/api/v1/openapi.json')
 */
export function managementApi({
  db,
  issuer,
  limiter,
  now = () => new Date(),
  imageQuotaBytes,
  imageUploadsPerMinute,
  requestsPerMinute,
  webhookAllowPrivate = false,
  productName = 'svc',
  events = webhookOutbox({ now }),
  branding = DEFAULT_BRANDING,
}: ManagementApiOptions): OpenAPIHono<{ Variables: ApiVariables }> {
  const api = new OpenAPIHono<{ Variables: ApiVariables }>({
    // zod's refusals in the one error shape, each field named, instead of the library's own body.
    defaultHook: (result) => {
      if (!result.success) throw invalidFieldsOf(result.error, result.target)
    },
  })
  // The request id the app gave the request (lazy-management-api.ts passes it), for problem details; one of its own when called alone.
  api.use('*', async (c, next) => {
    c.set('requestId', (c.env as { requestId?: string } | undefined)?.requestId ?? newRequestId())
    await next()
  })
  api.use(`${API_BASE}/*`, callRate({ limiter, perMinute: requestsPerMinute }))
  registerSecuritySchemes(api)
  adsRoutes(api, db, now)
  imagesRoutes(api, db, { issuer, limiter, quotaBytes: imageQuotaBytes, uploadsPerMinute: imageUploadsPerMinute, now })
  keysRoutes(api, db, now)
  clientsRoutes(api, db, { now, allowPrivate: webhookAllowPrivate, productName })
  webhookEndpointsRoutes(api, db, { now, allowPrivate: webhookAllowPrivate })
  usersRoutes(api, db, { lifecycle: { db, issuer, now, branding }, events, now })
  deliveriesRoutes(api, db, now)
  reportsRoutes(api, db, now)
  describePublicAdsApi(api)
  const document = () => api.getOpenAPI31Document(documentHead(issuer, SVC_VERSION))
  let generated: ReturnType<typeof document> | undefined
  api.get(`${API_BASE}/openapi.json`, (c) => c.json((generated ??= document()), 200, { 'Access-Control-Allow-Origin': '*' }))
  api.route(`${API_BASE}/docs`, referencePage())
  api.all(`${API_BASE}/*`, (c) => {
    const path = new URL(c.req.url).pathname
    // A known path asked with a method it does not take: 405 with the ones it does (RFC 9110 §15.5.6).
    const allowed = methodsAt(api, path)
    if (allowed.length > 0)
      return problemResponse(405, `${path} does not take ${c.req.method}; it takes ${allowed.join(', ')}`, {
        requestId: c.get('requestId'),
        headers: { Allow: allowed.join(', ') },
      })
    return problemResponse(404, `no management API route ${c.req.method} ${path}; the routes are listed at ${API_BASE}/docs`, {
      requestId: c.get('requestId'),
    })
  })
  api.onError((error, c) => problemAnswer(c, error))
  return api
}

/** The methods the API's routes take at `path` (HEAD with GET, as Hono answers it), read from the routes themselves so none is forgotten. */
function methodsAt(api: OpenAPIHono<any>, path: string): string[] {
  const methods = new Set<string>()
  for (const route of api.routes) {
    if (route.method === 'ALL' || !templateMatches(route.path, path)) continue
    methods.add(route.method)
    if (route.method === 'GET') methods.add('HEAD')
  }
  return [...methods]
}

/** Whether a Hono path template (`/api/v1/ads/:code`) matches a path. */
function templateMatches(template: string, path: string): boolean {
  const pattern = template
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
  return new RegExp(`^${pattern}/?$`).test(path)
}
