/**
 * @module Health checks for load balancers and orchestrators: `/healthz`
 * answers 200 while the process is up; `/readyz` answers 200 only when the
 * database answers and every migration this build knows is applied, and
 * 503 while the server drains on its way down.
 */
import { Hono } from 'hono'
import { type Kysely, sql } from 'kysely'
import { migrationNames } from '../db/migrate.js'
import type { Database } from '../db/schema.js'

/**
 * Builds both checks, mounted at `/`.
 *
 * @example
 * app.route('/', healthChecks(db, () => shuttingDown))
 */
export function healthChecks(db: Kysely<Database>, draining: () => boolean = () => false): Hono {
  const app = new Hono()
  const noStore = { 'Cache-Control': 'no-store' }
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, noStore))
  app.get('/readyz', async (c) => {
    if (draining()) return c.json({ status: 'unavailable', reason: 'shutting down' }, 503, noStore)
    let applied: string[]
    try {
      const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db)
      applied = rows.rows.map((row) => row.name)
    } catch (error) {
      return c.json({ status: 'unavailable', reason: `database unreachable: ${(error as Error).message}` }, 503, noStore)
    }
    const missing = migrationNames.filter((name) => !applied.includes(name))
    if (missing.length > 0) return c.json({ status: 'unavailable', reason: `migrations not applied: ${missing.join(', ')}` }, 503, noStore)
    return c.json({ status: 'ready', migrations: migrationNames.length }, 200, noStore)
  })
  return app
}
