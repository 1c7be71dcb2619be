/**
 * @module `GET {issuer}/webhooks/schemas`: the webhook event catalogue
 * (event-catalogue.ts) as JSON Schemas, an index listing each event and
 * each event's schema at its own URL (`application/schema+json`). The
 * bodies only change with a release, so they are made once, on the first
 * request rather than at start (every start would pay for them), and cached
 * for an hour, revalidated by ETag. Any origin may read them.
 */
import { Hono } from 'hono'
import { etag } from 'hono/etag'
import { ACCOUNT_EVENT_NAMES } from '../accounts/account-events.js'
import { isWebhookEventName, SCHEMAS_PATH, webhookCatalogueIndex, webhookEventJsonSchema } from './event-catalogue.js'

/** Public documents, as discovery and the OpenAPI document are: any page or schema tool may read them. */
const SHARED = { 'Cache-Control': 'public, max-age=3600', 'Access-Control-Allow-Origin': '*' }

/**
 * The catalogue's sub-app, mounted at `/webhooks/schemas`.
 *
 * @example
 * app.route('/webhooks/schemas', webhookSchemas(provider.issuer))
 */
export function webhookSchemas(issuer: string): Hono {
  let bodies: { index: string; schemas: Map<string, string> } | undefined
  const made = () =>
    (bodies ??= {
      index: JSON.stringify(webhookCatalogueIndex(issuer), null, 2),
      schemas: new Map(ACCOUNT_EVENT_NAMES.map((event) => [event, JSON.stringify(webhookEventJsonSchema(event, issuer), null, 2)])),
    })
  const app = new Hono()
  app.use(etag())
  app.get('/', (c) => c.body(made().index, 200, { ...SHARED, 'Content-Type': 'application/json' }))
  app.get('/:event', (c) => {
    const event = c.req.param('event')
    if (!isWebhookEventName(event)) {
      const message = `no webhook event is named ${JSON.stringify(event.slice(0, 100))}; ${SCHEMAS_PATH} lists them`
      return c.json({ status: 'error', code: 404, message }, 404)
    }
    return c.body(made().schemas.get(event)!, 200, { ...SHARED, 'Content-Type': 'application/schema+json' })
  })
  return app
}
