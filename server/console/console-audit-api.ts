/**
 * @module The audit log in the console's JSON API: a page of events,
 * newest first, filtered by person (as actor or target), action family
 * and organisation, continued with `?before=`. Operators read every
 * event; an organisation admin reads their organisation's only (the
 * filter is theirs whatever they ask); nobody else reads it. Each page
 * carries the action families the reader's events belong to, decided by
 * the same scope, so the filter never offers one they cannot see.
 */
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { auditFamiliesSeen, listAuditEvents } from '../audit/audit-events.js'
import { userBySub } from '../accounts/users.js'
import { managementTokenIdsNamed, managementTokenNames } from '../management-api/management-tokens-repository.js'
import type { Database } from '../db/schema.js'
import { type ConsoleVariables, consoleError, consoleGuard } from './console-guard.js'
import type { ConsoleSessions } from './console-sessions.js'
import type { ConsoleRoles } from './roles.js'
import type { ConsoleAuditPage } from '../../shared/audit-wire.js'

/** The most events a console page asks for at once. */
const PAGE = 50

/**
 * Builds the audit routes, mounted at `/console/api/audit`.
 *
 * @example
 * app.route('/console/api/audit', consoleAuditApi(db, sessions))
 */
export function consoleAuditApi(db: Kysely<Database>, sessions: ConsoleSessions): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>()
  app.use('*', consoleGuard(sessions))

  app.get('/', async (c) => {
    const scope = auditScope(c.get('session').roles)
    if (!scope) return consoleError(c, 403, 'only operators and organisation admins can read the audit log')
    const query = (name: string) => {
      const value = c.req.query(name)?.trim()
      return value === undefined || value === '' ? undefined : value.slice(0, 320)
    }
    const before = query('before')
    if (before !== undefined && !/^[1-9]\d{0,15}$/.test(before))
      return consoleError(c, 422, 'the page to continue from is not valid; reload the page')
    const person = query('person')
    const page = await listAuditEvents(db, {
      person,
      // The page names a token's rows by the token's name: that name finds them too.
      personTokens: person === undefined ? undefined : await managementTokenIdsNamed(db, person),
      actionPrefix: query('action'),
      // An admin's own organisation, whatever was asked.
      organisation: scope.organisation ?? query('organisation'),
      before: before === undefined ? undefined : Number(before),
      limit: PAGE,
    })
    const families = await auditFamiliesSeen(db, scope)
    return c.json(
      {
        ...page,
        names: await currentNames(db, page.events),
        token_names: await tokenNames(db, page.events),
        families,
      } satisfies ConsoleAuditPage,
      200,
      { 'Cache-Control': 'no-store' },
    )
  })
  return app
}

/**
 * Whose events a role reads, for both the rows and the families offered:
 * an operator every organisation's (`organisation` unset), an admin their
 * own; nobody else any (`undefined`).
 */
function auditScope(roles: ConsoleRoles): { organisation?: string } | undefined {
  if (roles.operator) return {}
  if (roles.apiKeys && roles.organisation !== undefined) return { organisation: roles.organisation }
  return undefined
}

/** The names, as they are now, of the accounts that acted or were acted on; a removed account has none. */
async function currentNames(db: Kysely<Database>, events: ConsoleAuditPage['events']): Promise<Record<string, string>> {
  const subs = new Set<string>()
  for (const event of events) {
    if (event.actor.kind === 'account' && event.actor.code) subs.add(event.actor.code)
    if (event.target.kind === 'person') subs.add(event.target.code)
  }
  const found = await Promise.all([...subs].map(async (sub) => [sub, (await userBySub(db, sub))?.name] as const))
  return Object.fromEntries(found.filter((entry): entry is readonly [string, string] => entry[1] !== undefined))
}

/**
 * The names of the management tokens that acted, by id. Looked up rather
 * than recorded with each event: a token's name never changes and a token
 * is revoked, never deleted, so the lookup always finds it, and events
 * recorded before names were shown get them too, with no new column.
 */
async function tokenNames(db: Kysely<Database>, events: ConsoleAuditPage['events']): Promise<Record<string, string>> {
  const ids = new Set<number>()
  for (const event of events) if (event.actor.kind === 'token' && /^\d+$/.test(event.actor.code ?? '')) ids.add(Number(event.actor.code))
  return Object.fromEntries([...(await managementTokenNames(db, [...ids]))].map(([id, name]) => [String(id), name]))
}
