/**
 * @module `GET {issuer}/webhooks/schemas`: the webhook event catalogue
 * (event-catalogue.ts) as JSON Schemas, an index listing each event and
 * each event's schema at its own URL (`application/schema+json`). The
 * bodies only change with a release, so they are made once, on the first
 * request rather than at start (every start would pay for them), and cached
 * for an hour, revalidated by ETag. Any origin may read them. The catalogue
 * itself is imported by that first request too: its zod schemas were the
 * one reason every start and CLI command evaluated zod.
 */
import { Hono } from 'hono'
import { etag } from 'hono/etag'
import { ACCOUNT_EVENT_NAMES } from '../accounts/account-events.js'

/** Public documents, as discovery and the OpenAPI document are: any page or schema tool may read them. */
const SHARED = { 'Cache-Control': 'public, max-age=3600', 'Access-Control-Allow-Origin': '*' }

/**
 * The catalogue's sub-app, mounted at `/webhooks/schemas`.
 *
 * @example
 * app.route('/webhooks/schemas', webhookSchemas(provider.issuer))
 */
export function webhookSchemas(issuer: string): Hono {
  let bodies: Promise<SchemaBodies> | undefined
  const made = () => (bodies ??= schemaBodies(issuer))
  const app = new Hono()
  app.use(etag())
  app.get('/', async (c) => c.body((await made()).index, 200, { ...SHARED, 'Content-Type': 'application/json' }))
  app.get('/:event', async (c) => {
    const event = c.req.param('event')
    const { schemas, schemasPath } = await made()
    const schema = schemas.get(event)
    if (schema === undefined) {
      const message = `no webhook event is named ${JSON.stringify(event.slice(0, 100))}; ${schemasPath} lists them`
      return c.json({ status: 'error', code: 404, message }, 404)
    }
    return c.body(schema, 200, { ...SHARED, 'Content-Type': 'application/schema+json' })
  })
  return app
}

interface SchemaBodies {
  index: string
  /** Each event's schema by its name; an event not here has none. */
  schemas: Map<string, string>
  schemasPath: string
}

async function schemaBodies(issuer: string): Promise<SchemaBodies> {
  const { SCHEMAS_PATH, webhookCatalogueIndex, webhookEventJsonSchema } = await import('./event-catalogue.js')
  return {
    index: JSON.stringify(webhookCatalogueIndex(issuer), null, 2),
    schemas: new Map(ACCOUNT_EVENT_NAMES.map((event) => [event, JSON.stringify(webhookEventJsonSchema(event, issuer), null, 2)])),
    schemasPath: SCHEMAS_PATH,
  }
}
