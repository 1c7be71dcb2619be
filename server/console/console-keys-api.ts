/**
 * @module API keys in the console's JSON API, for an organisation admin
 * (an operator names the organisation): list, create (the key is shown
 * once), with allowed origins and a rate limit, and revoke.
 */
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { apiKeysOf, apiKeyWithId, keyOriginsOf, organisationIdOfApiKey, rateLimitOf } from '../api-keys/api-keys.js'
import { issueApiKey, revokeApiKeyAs } from '../api-keys/api-key-lifecycle.js'
import { organisationById, organisationWithCode, originsOfOrganisation } from '../orgs/organisations.js'
import { type ConsoleVariables, consoleError, consoleGuard, jsonObject } from './console-guard.js'
import { fieldRefusals } from './field-refusals.js'
import { accountActor } from '../audit/account-actor.js'
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

  const organisationOf = (code: string | undefined) => organisationWithCode(db, code ?? '')

  app.get('/', async (c) => {
    const { roles } = c.get('session')
    // An operator chooses the organisation; an admin has one.
    const organisation = await organisationOf(roles.operator ? (c.req.query('organisation') ?? roles.organisation) : roles.organisation)
    if (!organisation) return consoleError(c, 422, 'choose an organisation', { errors: { organisation: 'choose an organisation' } })
    return c.json({
      organisation: organisation.code,
      default_origins: originsOfOrganisation(organisation),
      keys: await apiKeysOf(db, organisation.id),
    } satisfies ConsoleApiKeyList)
  })

  app.post('/', async (c) => {
    const input = (await jsonObject(c)) ?? {}
    const { roles } = c.get('session')
    const organisation = await organisationOf(
      roles.operator && typeof input.organisation === 'string' ? input.organisation : roles.organisation,
    )
    if (!organisation) return consoleError(c, 422, 'choose an organisation', { errors: { organisation: 'choose an organisation' } })
    // Both fields are checked before either refusal is answered, so the form shows them together.
    const refusals = fieldRefusals()
    const origins = refusals.checked('origins', () => keyOriginsOf(stringList(input, 'origins')))
    const rateLimit = refusals.checked('rate_limit', () => rateLimitOf(optionalWholeNumber(input, 'rate_limit')))
    if (Object.keys(refusals.errors).length > 0) return consoleError(c, 422, refusals.message('the key'), { errors: refusals.errors })
    const { apiKey, key } = await issueApiKey(db, {
      organisation,
      origins: origins!,
      rateLimit: rateLimit!,
      actor: accountActor(c.get('session')),
    })
    return c.json({ id: key.id, api_key: apiKey } satisfies ConsoleApiKeyCreated, 201)
  })

  app.delete('/:id', async (c) => {
    const { roles } = c.get('session')
    const keyId = rowId(c.req.param('id')) ?? 0
    const organisationId = await organisationIdOfApiKey(db, keyId)
    const owner = organisationId === undefined ? undefined : await organisationById(db, organisationId)
    if (!owner || (!roles.operator && owner.code !== roles.organisation))
      return consoleError(c, 404, `no key ${c.req.param('id')} in your organisation`)
    // A key revoked already keeps its first revocation time, as key revoke keeps it.
    await revokeApiKeyAs(db, (await apiKeyWithId(db, keyId))!, owner.code, accountActor(c.get('session')))
    return c.body(null, 204)
  })
  return app
}
