/**
 * @module Health checks for load balancers and orchestrators: `/healthz`
 * answers 200 while the process is up; `/readyz` answers 200 only when the
 * database answers and every migration this build knows is applied, and
 * 503 while the server drains on its way down. The edge answers both
 * straight from `node:http` ({@link healthFastRoutes}), so that a start is
 * ready without loading Hono's node adapter and the fetch classes behind
 * it (about 30 ms of CPU, paid by the first request that needs them); the
 * Hono routes give the same answers to `app.request()`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Hono } from 'hono'
import { type Kysely, sql } from 'kysely'
import { migrationNames } from '../db/migrate.js'
import type { Database } from '../db/schema.js'
import type { FastRoute } from './edge.js'

/** A health answer: its status and JSON body. */
export interface HealthAnswer {
  status: 200 | 503
  body: Record<string, unknown>
}

const NO_STORE = { 'Cache-Control': 'no-store' }

/**
 * Whether the server is up, for `/healthz`.
 *
 * @example
 * liveness() // { status: 200, body: { status: 'ok' } }
 */
export function liveness(): HealthAnswer {
  return { status: 200, body: { status: 'ok' } }
}

/**
 * Whether the server takes traffic, for `/readyz`: the database answers, every migration is applied, and it is not draining.
 *
 * @example
 * const { status, body } = await readiness(db, () => false)
 */
export async function readiness(db: Kysely<Database>, draining: () => boolean = () => false): Promise<HealthAnswer> {
  if (draining()) return { status: 503, body: { status: 'unavailable', reason: 'shutting down' } }
  let applied: string[]
  try {
    const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db)
    applied = rows.rows.map((row) => row.name)
  } catch (error) {
    return { status: 503, body: { status: 'unavailable', reason: `database unreachable: ${(error as Error).message}` } }
  }
  const missing = migrationNames.filter((name) => !applied.includes(name))
  if (missing.length > 0) return { status: 503, body: { status: 'unavailable', reason: `migrations not applied: ${missing.join(', ')}` } }
  return { status: 200, body: { status: 'ready', migrations: migrationNames.length } }
}

/**
 * Builds both checks, mounted at `/`.
 *
 * @example
 * app.route('/', healthChecks(db, () => shuttingDown))
 */
export function healthChecks(db: Kysely<Database>, draining: () => boolean = () => false): Hono {
  const app = new Hono()
  app.get('/healthz', (c) => c.json(liveness().body, 200, NO_STORE))
  app.get('/readyz', async (c) => {
    const { status, body } = await readiness(db, draining)
    return c.json(body, status, NO_STORE)
  })
  return app
}

/** Whether the request asks for `path` (a trailing slash or a query allowed, as the app's non-strict routes take them). */
function asksFor(req: IncomingMessage, path: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  const target = req.url ?? ''
  if (!target.startsWith(path)) return false
  const rest = target.slice(path.length)
  return rest === '' || rest === '/' || rest.startsWith('?') || rest.startsWith('/?')
}

/**
 * Both checks as the edge's fast routes, with the Hono routes' answers.
 *
 * @example
 * edgeListener({ fastRoutes: [...healthFastRoutes(db, () => draining), …], app })
 */
export function healthFastRoutes(db: Kysely<Database>, draining: () => boolean = () => false): FastRoute[] {
  const route = (path: string, check: () => HealthAnswer | Promise<HealthAnswer>): FastRoute => ({
    matches: (req) => asksFor(req, path),
    route: path,
    async answer(req: IncomingMessage, res: ServerResponse, requestId: string) {
      const { status, body } = await check()
      const json = JSON.stringify(body)
      res.writeHead(status, {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(json),
        ...NO_STORE,
        'X-Request-Id': requestId,
      })
      res.end(req.method === 'HEAD' ? undefined : json)
    },
    failure: (error, requestId) => ({
      status: 503,
      headers: { 'Content-Type': 'application/json', ...NO_STORE, 'X-Request-Id': requestId },
      body: JSON.stringify({ status: 'unavailable', reason: (error as Error).message }),
    }),
  })
  return [route('/healthz', liveness), route('/readyz', () => readiness(db, draining))]
}
