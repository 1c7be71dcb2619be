/**
 * @module API keys in the console's JSON API, for an organisation admin
 * (an operator names the organisation): list, create (the key is shown
 * once), with allowed origins and a rate limit, and revoke.
 */
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { createApiKey, revokeApiKey } from '../keys/api-keys.js'
import { type ConsoleVariables, consoleError, consoleGuard, jsonObject, refusal } from './console-guard.js'
import { optionalWholeNumber, rowId, stringList } from './console-input.js'
import type { ConsoleSessions } from './console-sessions.js'
import type { ConsoleApiKeyCreated, ConsoleApiKeyList } from '../../shared/console-wire.js'

/**
 * Builds the key routes, mounted at `/console/api/keys`.
 *
 * @example
 * app.route('/console/api/keys', consoleKeysApi(db))
 */
export function consoleKeysApi(db: Kysely<Database>, sessions: ConsoleSessions): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>()
  app.use('*', consoleGuard(sessions, 'apiKeys'))

  const organisationOf = async (code: string | undefined) =>
    db
      .selectFrom('organisations')
      .select(['id', 'code'])
      .where('code', '=', code ?? '')
      .executeTakeFirst()

  app.get('/', async (c) => {
    const { roles } = c.get('session')
    // An operator chooses the organisation; an admin has one.
    const organisation = await organisationOf(roles.operator ? (c.req.query('organisation') ?? roles.organisation) : roles.organisation)
    if (!organisation) return consoleError(c, 422, 'choose an organisation', { errors: { organisation: 'choose an organisation' } })
    const keys = await db
      .selectFrom('api_keys')
      .select(['id', 'key_prefix', 'origins', 'rate_limit', 'permissions', 'created_at', 'revoked_at'])
      .where('organisation_id', '=', organisation.id)
      .orderBy('id', 'desc')
      .execute()
    return c.json({
      organisation: organisation.code,
      keys: keys.map((key) => ({
        ...key,
        origins: JSON.parse(key.origins) as string[],
        permissions: JSON.parse(key.permissions) as string[],
      })),
    } satisfies ConsoleApiKeyList)
  })

  app.post('/', async (c) => {
    const input = (await jsonObject(c)) ?? {}
    const { roles } = c.get('session')
    const organisation = await organisationOf(
      roles.operator && typeof input.organisation === 'string' ? input.organisation : roles.organisation,
    )
    if (!organisation) return consoleError(c, 422, 'choose an organisation', { errors: { organisation: 'choose an organisation' } })
    try {
      const origins = stringList(input, 'origins')
      const rateLimit = optionalWholeNumber(input, 'rate_limit')
      const { apiKey, keyId } = await createApiKey(db, { organisationId: organisation.id, origins, rateLimit })
      return c.json({ id: keyId, api_key: apiKey } satisfies ConsoleApiKeyCreated, 201)
    } catch (error) {
      return refusal(c, error)
    }
  })

  app.delete('/:id', async (c) => {
    const { roles } = c.get('session')
    const key = await db
      .selectFrom('api_keys')
      .innerJoin('organisations', 'organisations.id', 'api_keys.organisation_id')
      .select(['api_keys.id', 'organisations.code'])
      .where('api_keys.id', '=', rowId(c.req.param('id')) ?? 0)
      .executeTakeFirst()
    if (!key || (!roles.operator && key.code !== roles.organisation))
      return consoleError(c, 404, `no key ${c.req.param('id')} in your organisation`)
    await revokeApiKey(db, key.id)
    return c.body(null, 204)
  })
  return app
}
