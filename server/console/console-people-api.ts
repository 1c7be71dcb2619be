/**
 * @module People in the console's JSON API, for operators and
 * organisation admins: the accounts they manage, searched by name or
 * e-mail a page at a time (an operator sees everyone, or one
 * organisation's; an admin their organisation's), and inviting someone
 * (the rules are `account-changes/people-management.ts`'s, which the management API shares); what can be done to one person
 * is `console-person-actions.ts`. An admin invites into their own
 * organisation only; an operator names one. Every role an
 * invitation gives is one the inviter may give (`shared/invitable-roles.ts`):
 * an admin gives admin and marketer, only an operator makes a developer.
 */
import { LOCALES, type Locale } from '../i18n/locale.js'
import { requestLocale } from '../i18n/request-locale.js'
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { INVITABLE_ROLES, type InvitableRole } from '../account-changes/invitations.js'
import { invitePerson } from '../account-changes/people-management.js'
import { rolesInvitableBy } from '../../shared/invitable-roles.js'
import type { AccountEvents } from '../accounts/account-events.js'
import { searchUsers } from '../accounts/users.js'
import type { Database, OrganisationRow } from '../db/schema.js'
import { allOrganisations, organisationWithCode } from '../orgs/organisations.js'
import { passkeyHoldersAmong } from '../accounts/account-state.js'
import { consolePerson, secondFactorsOf } from './console-person.js'
import { consoleManager, consolePersonActions, peopleRefusal } from './console-person-actions.js'
import { type ConsoleVariables, consoleError, consoleGuard, jsonObject } from './console-guard.js'
import type { ConsoleSessions } from './console-sessions.js'
import type { ConsoleRoles } from './roles.js'
import type { Branding } from '../branding.js'
import type { ConsoleInvited, ConsolePeople } from '../../shared/console-wire.js'

/** People a page holds unless asked for fewer; a page never holds more than `MAX_PER_PAGE`. */
const PER_PAGE = 25
const MAX_PER_PAGE = 100

/** A whole number from `min` to `max` in the query, `fallback` when absent; undefined when it is anything else. */
function wholeNumber(value: string | undefined, fallback: number, min: number, max: number): number | undefined {
  if (value === undefined || value === '') return fallback
  const number = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN
  return number >= min && number <= max ? number : undefined
}

const mayManagePeople = (roles: ConsoleRoles) => roles.operator || (roles.apiKeys && roles.organisation !== undefined)

/**
 * Builds the people routes, mounted at `/console/api/people`.
 *
 * @example
 * app.route('/console/api/people', consolePeopleApi(db, sessions, issuer, branding, events))
 */
export function consolePeopleApi(
  db: Kysely<Database>,
  sessions: ConsoleSessions,
  issuer: string,
  branding: Branding,
  events: AccountEvents,
): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>()
  app.use('*', consoleGuard(sessions))
  app.use('*', async (c, next) => {
    if (!mayManagePeople(c.get('session').roles)) return consoleError(c, 403, 'only operators and organisation admins manage people')
    await next()
  })

  app.get('/', async (c) => {
    const { roles, sub } = c.get('session')
    const page = wholeNumber(c.req.query('page'), 1, 1, 1_000_000)
    const perPage = wholeNumber(c.req.query('per_page'), PER_PAGE, 1, MAX_PER_PAGE)
    if (page === undefined) return consoleError(c, 422, 'page must be a whole number from 1')
    if (perPage === undefined) return consoleError(c, 422, `per_page must be a whole number from 1 to ${MAX_PER_PAGE}`)
    const text = (c.req.query('q') ?? '').slice(0, 200)
    // An operator sees everyone unless they name an organisation; an admin only ever their own.
    const asked = c.req.query('organisation') || undefined
    let organisations: Map<string, OrganisationRow>
    let shown: OrganisationRow | undefined
    if (roles.operator) {
      organisations = new Map((await allOrganisations(db)).map((org) => [org.code, org]))
      shown = asked === undefined ? undefined : organisations.get(asked)
      if (asked !== undefined && !shown) return consoleError(c, 404, 'That organisation does not exist (any more). Choose another one.')
    } else {
      shown = await organisationWithCode(db, roles.organisation ?? '')
      if (!shown) return consoleError(c, 404, 'Your organisation does not exist any more. Ask the person who runs svc.')
      organisations = new Map([[shown.code, shown]])
    }
    const { users, total } = await searchUsers(db, {
      ...(shown ? { organisation: shown.code } : {}),
      text,
      limit: perPage,
      offset: (page - 1) * perPage,
    })
    const holders = await passkeyHoldersAmong(db, users)
    const factors = await secondFactorsOf(db, users)
    return c.json(
      {
        organisation: shown?.code ?? null,
        people: users.map((user) => consolePerson(user, organisations, sub, holders, factors)),
        total,
        page,
        per_page: perPage,
        invitable_roles: rolesInvitableBy(roles),
      } satisfies ConsolePeople,
      200,
      { 'Cache-Control': 'no-store' },
    )
  })

  app.post('/', async (c) => {
    const input = (await jsonObject(c)) ?? {}
    const role = input.role
    if (typeof role !== 'string' || !(INVITABLE_ROLES as readonly string[]).includes(role)) {
      const message = `role must be ${INVITABLE_ROLES.join(', ')}`
      return consoleError(c, 422, message, { errors: { role: message } })
    }
    if (input.name !== undefined && typeof input.name !== 'string')
      return consoleError(c, 422, 'name must be text', { errors: { name: 'name must be text' } })
    if (input.locale !== undefined && input.locale !== '' && !(LOCALES as readonly unknown[]).includes(input.locale)) {
      const message = `locale must be one of ${LOCALES.join(', ')}`
      return consoleError(c, 422, message, { errors: { locale: message } })
    }
    try {
      // The rules (whose organisation, which roles, an address taken) are People's own, shared with the management API.
      const { user } = await invitePerson({ db, issuer, now: () => new Date(), branding }, consoleManager(c), {
        email: typeof input.email === 'string' ? input.email : '',
        name: input.name as string | undefined,
        role: role as InvitableRole,
        organisation: typeof input.organisation === 'string' ? input.organisation : undefined,
        // Unsaid, the inviter's own language is the best guess.
        locale: typeof input.locale === 'string' && input.locale !== '' ? (input.locale as Locale) : requestLocale(c),
      })
      return c.json({ sub: user.sub, invited: user.email } satisfies ConsoleInvited, 201)
    } catch (error) {
      return peopleRefusal(c, error)
    }
  })
  app.route('/', consolePersonActions(db, issuer, branding, events))
  return app
}
