/**
 * @module The public ads API in the OpenAPI document: `GET /ads`, `GET
 * /ads/{display}` and `POST /ads/events`, which the edge's fast routes
 * answer without Hono (`ads/ads-fast-path.ts`), so they are described
 * here rather than declared as routes. The shapes follow `shared/ads-wire.ts`
 * and docs/ads/api.md; the management API's client test reads an ad back
 * through this description, so it stays true.
 */
import { type OpenAPIHono, z } from '@hono/zod-openapi'
import { AD_LIMIT_MAX, AD_LIMIT_MIN } from '../../shared/ads-wire.js'
import { PublicAdSchema } from './ad-schema.js'

const AdsSuccessSchema = z
  .union([
    z.object({ status: z.literal('success'), code: z.literal(200), data: PublicAdSchema, count: z.literal(1), request_id: z.string() }),
    z.object({ status: z.literal('success'), code: z.literal(200), data: z.array(PublicAdSchema), count: z.number().int() }),
  ])
  .openapi('PublicAds', { description: '`data` is one ad when the effective `limit` is 1, else a list.' })

const AdsEnvelopeSchema = z
  .object({ status: z.enum(['info', 'error']), code: z.number().int(), message: z.string() })
  .openapi('PublicAdsRefusal', {
    description: 'No ad matched (`info`, 404), or the request was refused (`error`); `message` names the parameter and the rule.',
  })

const query = z.object({
  limit: z.number().int().min(AD_LIMIT_MIN).max(AD_LIMIT_MAX).default(1).optional(),
  random: z
    .union([z.literal(0), z.literal(1)])
    .default(1)
    .optional()
    .openapi({ description: '0: newest first; 1: a weighted random order.' }),
  tags: z.string().optional().openapi({ description: 'Comma-separated; only ads carrying one of them.' }),
})

const refusals = Object.fromEntries(
  [
    [400, 'A parameter breaks its rule.'],
    [401, 'No API key, or an unknown one.'],
    [403, 'The key may not be used from this origin, or its organisation is archived.'],
    [404, 'No ads found.'],
    [429, 'Rate limited; see `Retry-After`.'],
  ].map(([status, description]) => [status, { description, content: { 'application/json': { schema: AdsEnvelopeSchema } } }]),
)

/**
 * Describes the public ads API in the management API's document.
 *
 * @example
 * describePublicAdsApi(api)
 */
export function describePublicAdsApi(api: OpenAPIHono<any>): void {
  const ok = {
    200: { description: 'The published ads that match.', content: { 'application/json': { schema: AdsSuccessSchema } } },
    ...refusals,
  }
  api.openAPIRegistry.registerPath({
    method: 'get',
    path: '/ads',
    tags: ['Public ads API'],
    summary: 'Published ads of every slot',
    security: [{ adsApiKey: [] }],
    request: { query },
    responses: ok,
  })
  api.openAPIRegistry.registerPath({
    method: 'get',
    path: '/ads/{display}',
    tags: ['Public ads API'],
    summary: "Published ads of one slot, by the slot's slug",
    security: [{ adsApiKey: [] }],
    request: { params: z.object({ display: z.string().openapi({ example: 'home-slider-ads' }) }), query },
    responses: ok,
  })
  api.openAPIRegistry.registerPath({
    method: 'post',
    path: '/ads/events',
    tags: ['Public ads API'],
    summary: 'Count ads served, viewable and followed',
    description: 'What `<svc-ads>` sends with `sendBeacon` (`text/plain` JSON); the key travels in the body.',
    request: {
      body: {
        content: {
          'text/plain': {
            schema: z
              .object({
                key: z.string(),
                batch: z.string().min(12).max(64),
                slot: z.string(),
                served: z.array(z.string()).max(50).optional(),
                viewable: z.array(z.string()).max(50).optional(),
                clicks: z.array(z.string()).max(50).optional(),
              })
              .openapi('AdEventBatch'),
          },
        },
      },
    },
    responses: {
      202: {
        description: 'Counted.',
        content: {
          'application/json': {
            schema: z.object({ status: z.literal('success'), code: z.literal(202), counted: z.number().int(), ignored: z.number().int() }),
          },
        },
      },
      ...refusals,
    },
  })
}
