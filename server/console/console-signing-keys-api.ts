/**
 * @module The operator's signing keys in the console's JSON API: every key
 * with its age and state (next, signing, retired, expired, withdrawn) and rotating.
 * A rotation publishes the new key now and signs with it once relying
 * parties' cached key sets have expired; `{"emergency": true}` signs with
 * it at once and withdraws every earlier key, for a leaked key, at the
 * price of failed verifications until relying parties refetch the key set.
 * A rotation while a next key waits returns that key (`created: false`).
 */
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import type { SigningKeys } from '../grants/signing-keys.js'
import { type ConsoleVariables, consoleError, consoleGuard, jsonObject } from './console-guard.js'
import type { ConsoleSessions } from './console-sessions.js'
import { recordAuditEvent } from '../audit/audit-events.js'
import { accountActor } from '../audit/account-actor.js'
import type { ConsoleRotation, ConsoleSigningKeyList } from '../../shared/console-wire.js'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Builds the signing-key routes, mounted at `/console/api/signing-keys`.
 *
 * @example
 * app.route('/console/api/signing-keys', consoleSigningKeysApi(db, sessions, provider.keys))
 */
export function consoleSigningKeysApi(
  db: Kysely<Database>,
  sessions: ConsoleSessions,
  keys: SigningKeys,
): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>()
  app.use('*', consoleGuard(sessions, 'operator'))
  app.get('/', async (c) => {
    const time = keys.now()
    const rows = await keys.list()
    return c.json(
      {
        key_set_cache_seconds: Math.floor(keys.keySetCacheMs / 1000),
        keys: rows.map((row) => ({ ...row, age_days: Math.floor((time.getTime() - Date.parse(row.created_at)) / DAY_MS) })),
      } satisfies ConsoleSigningKeyList,
      200,
      { 'Cache-Control': 'no-store' },
    )
  })
  app.post('/rotate', async (c) => {
    const body = (await jsonObject(c)) ?? {}
    if (body.emergency !== undefined && typeof body.emergency !== 'boolean') return consoleError(c, 400, 'emergency must be true or false')
    const { kid, signsFrom, created } = await keys.rotate({ immediately: body.emergency === true })
    if (created)
      await recordAuditEvent(db, {
        actor: accountActor(c.get('session')),
        action: 'signing_key.rotated',
        target: { kind: 'signing_key', code: kid },
        detail: { signs_from: signsFrom.toISOString(), emergency: body.emergency === true },
      })
    return c.json({ kid, signs_from: signsFrom.toISOString(), created } satisfies ConsoleRotation, created ? 201 : 200)
  })
  return app
}
