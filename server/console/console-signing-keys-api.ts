/**
 * @module The operator's signing keys in the console's JSON API: every key
 * with its age and whether it still signs or is only published, and
 * rotating now.
 */
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { RETIRED_KEY_PUBLISHED_MS, rotateSigningKey } from '../oidc/signing-keys.js'
import { type ConsoleVariables, consoleGuard } from './console-guard.js'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Builds the signing-key routes, mounted at `/console/api/signing-keys`.
 *
 * @example
 * app.route('/console/api/signing-keys', consoleSigningKeysApi(db))
 */
export function consoleSigningKeysApi(db: Kysely<Database>, now: () => Date = () => new Date()): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>()
  app.use('*', consoleGuard(db, 'operator'))
  app.get('/', async (c) => {
    const rows = await db.selectFrom('signing_keys').select(['kid', 'created_at', 'retired_at']).orderBy('id', 'desc').execute()
    const time = now().getTime()
    return c.json({
      keys: rows.map((row) => ({
        kid: row.kid,
        created_at: row.created_at,
        retired_at: row.retired_at,
        age_days: Math.floor((time - Date.parse(row.created_at)) / DAY_MS),
        state: row.retired_at === null ? 'signing' : time - Date.parse(row.retired_at) < RETIRED_KEY_PUBLISHED_MS ? 'published' : 'expired',
      })),
    })
  })
  app.post('/rotate', async (c) => c.json(await rotateSigningKey(db, now()), 201))
  return app
}
