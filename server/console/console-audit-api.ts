/**
 * @module The audit log in the console's JSON API: a page of events,
 * newest first, filtered by person (as actor or target), action family
 * and organisation, continued with `?before=`. Operators read every
 * event; an organisation admin reads their organisation's only (the
 * filter is theirs whatever they ask); nobody else reads it.
 */
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { listAuditEvents } from '../audit/audit-events.js'
import { userBySub } from '../accounts/users.js'
import type { Database } from '../db/schema.js'
import { type ConsoleVariables, consoleError, consoleGuard } from './console-guard.js'
import type { ConsoleSessions } from './console-sessions.js'
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
    const { roles } = c.get('session')
    const admin = !roles.operator && roles.apiKeys && roles.organisation !== undefined
    if (!roles.operator && !admin) return consoleError(c, 403, 'only operators and organisation admins can read the audit log')
    const query = (name: string) => {
      const value = c.req.query(name)?.trim()
      return value === undefined || value === '' ? undefined : value.slice(0, 320)
    }
    const before = query('before')
    if (before !== undefined && !/^[1-9]\d{0,15}$/.test(before))
      return consoleError(c, 422, 'the page to continue from is not valid; reload the page')
    const page = await listAuditEvents(db, {
      person: query('person'),
      actionPrefix: query('action'),
      // An admin's own organisation, whatever was asked.
      organisation: admin ? roles.organisation : query('organisation'),
      before: before === undefined ? undefined : Number(before),
      limit: PAGE,
    })
    return c.json({ ...page, names: await currentNames(db, page.events) } satisfies ConsoleAuditPage, 200, { 'Cache-Control': 'no-store' })
  })
  return app
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
