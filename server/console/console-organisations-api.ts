/**
 * @module Organisations in the console's JSON API: an operator lists every
 * organisation (archived ones too) with its origins and how many keys and
 * ads it has, creates one, renames it, sets its origins, and archives or
 * unarchives it; an organisation's admin sees only their own and may
 * rename it and set its origins. Names and origins are checked by the
 * same code as `svc-bff org create`, so both refuse alike.
 */
import { type Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import type { ConsoleOrganisation, ConsoleOrganisationAnswer, ConsoleOrganisationList } from '../../shared/console-wire.js'
import { adCounts } from '../ads/ads-repository.js'
import { liveKeyCounts } from '../api-keys/api-keys.js'
import type { Database, OrganisationRow } from '../db/schema.js'
import {
  allOrganisations,
  createOrganisation,
  organisationNameOf,
  organisationOriginsOf,
  organisationWithCode,
  originsOfOrganisation,
  renameOrganisation,
  setOrganisationArchived,
  setOrganisationOrigins,
} from '../orgs/organisations.js'
import { accountActor } from '../audit/account-actor.js'
import { changedFields, recordAuditEvent } from '../audit/audit-events.js'
import { organisationTarget } from '../audit/audit-targets.js'
import { type ConsoleVariables, consoleError, consoleGuard, jsonObject } from './console-guard.js'
import { flag, stringList } from './console-input.js'
import { fieldRefusals } from './field-refusals.js'
import type { ConsoleSessions } from './console-sessions.js'

type ConsoleContext = Context<{ Variables: ConsoleVariables }>

/**
 * Builds the organisation routes, mounted at `/console/api/organisations`.
 *
 * @example
 * app.route('/console/api/organisations', consoleOrganisationsApi(db, sessions))
 */
export function consoleOrganisationsApi(db: Kysely<Database>, sessions: ConsoleSessions): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>()
  // Operators and organisation admins: the same people who manage API keys.
  app.use('*', consoleGuard(sessions, 'apiKeys'))

  async function listed(rows: OrganisationRow[]): Promise<ConsoleOrganisation[]> {
    const [keys, ads] = await Promise.all([liveKeyCounts(db), adCounts(db)])
    return rows.map((row) => ({
      code: row.code,
      name: row.name,
      origins: originsOfOrganisation(row),
      keys: keys.get(row.id) ?? 0,
      ads: ads.get(row.id) ?? 0,
      created_at: row.created_at,
      archived_at: row.archived_at,
    }))
  }

  /** The organisation the path names, when this account may change it: any for an operator, an admin's own. */
  async function inScope(c: ConsoleContext): Promise<OrganisationRow | undefined> {
    const { roles } = c.get('session')
    const code = c.req.param('code') ?? ''
    if (!roles.operator && code !== roles.organisation) return undefined
    return organisationWithCode(db, code)
  }

  const notYours = (c: ConsoleContext) => consoleError(c, 404, `there is no organisation ${c.req.param('code') ?? ''} among yours`)
  const operatorsOnly = (c: ConsoleContext, what: string) =>
    consoleError(c, 403, `only an operator (someone who runs svc) may ${what} organisations`)

  app.get('/', async (c) => {
    const { roles } = c.get('session')
    const own = roles.operator ? undefined : await organisationWithCode(db, roles.organisation ?? '')
    const rows = roles.operator ? await allOrganisations(db) : own ? [own] : []
    return c.json({ organisations: await listed(rows), may_create: roles.operator } satisfies ConsoleOrganisationList, 200, {
      'Cache-Control': 'no-store',
    })
  })

  app.post('/', async (c) => {
    if (!c.get('session').roles.operator) return operatorsOnly(c, 'create')
    const input = (await jsonObject(c)) ?? {}
    // Both fields are checked before either refusal is answered, so the form shows them together.
    const refusals = fieldRefusals()
    const name = refusals.checked('name', () => organisationNameOf(typeof input.name === 'string' ? input.name : ''))
    const origins = refusals.checked('origins', () => organisationOriginsOf(stringList(input, 'origins')))
    if (Object.keys(refusals.errors).length > 0)
      return consoleError(c, 422, refusals.message('the organisation'), { errors: refusals.errors })
    const row = await db.transaction().execute(async (trx) => {
      const made = await createOrganisation(trx, { name: name!, origins: origins! })
      await recordAuditEvent(trx, {
        actor: accountActor(c.get('session')),
        action: 'organisation.created',
        target: organisationTarget(made),
        organisation: made.code,
        detail: { origins: originsOfOrganisation(made) },
      })
      return made
    })
    const [organisation] = await listed([row])
    return c.json({ organisation: organisation! } satisfies ConsoleOrganisationAnswer, 201)
  })

  // Name and origins together, as the form saves them; a field left out keeps its value.
  app.put('/:code', async (c) => {
    const found = await inScope(c)
    if (!found) return notYours(c)
    const input = (await jsonObject(c)) ?? {}
    const refusals = fieldRefusals()
    const name =
      input.name === undefined
        ? undefined
        : refusals.checked('name', () => organisationNameOf(typeof input.name === 'string' ? input.name : ''))
    const origins =
      input.origins === undefined ? undefined : refusals.checked('origins', () => organisationOriginsOf(stringList(input, 'origins')))
    if (Object.keys(refusals.errors).length > 0)
      return consoleError(c, 422, refusals.message('the organisation'), { errors: refusals.errors })
    const row = await db.transaction().execute(async (trx) => {
      let current = found
      const actor = accountActor(c.get('session'))
      if (name !== undefined && name !== current.name) {
        current = await renameOrganisation(trx, current.id, name)
        const detail = changedFields({ name: found.name }, { name })
        await recordAuditEvent(trx, {
          actor,
          action: 'organisation.renamed',
          target: organisationTarget(current),
          organisation: current.code,
          detail,
        })
      }
      if (origins !== undefined && JSON.stringify(origins) !== current.origins) {
        const before = originsOfOrganisation(current)
        current = await setOrganisationOrigins(trx, current.id, origins)
        const detail = changedFields({ origins: before }, { origins })
        await recordAuditEvent(trx, {
          actor,
          action: 'organisation.origins_changed',
          target: organisationTarget(current),
          organisation: current.code,
          detail,
        })
      }
      return current
    })
    const [organisation] = await listed([row])
    return c.json({ organisation: organisation! } satisfies ConsoleOrganisationAnswer)
  })

  app.put('/:code/archived', async (c) => {
    if (!c.get('session').roles.operator) return operatorsOnly(c, 'archive or unarchive')
    const found = await inScope(c)
    if (!found) return notYours(c)
    const input = (await jsonObject(c)) ?? {}
    if (typeof input.archived !== 'boolean') return consoleError(c, 422, 'say whether to archive it: archived must be true or false')
    const archived = flag(input, 'archived')
    const row = await db.transaction().execute(async (trx) => {
      const changed = await setOrganisationArchived(trx, found.id, archived)
      if ((found.archived_at !== null) !== archived)
        await recordAuditEvent(trx, {
          actor: accountActor(c.get('session')),
          action: archived ? 'organisation.archived' : 'organisation.unarchived',
          target: organisationTarget(changed),
          organisation: changed.code,
        })
      return changed
    })
    const [organisation] = await listed([row])
    return c.json({ organisation: organisation! } satisfies ConsoleOrganisationAnswer)
  })
  return app
}
