/**
 * @module People in the console's JSON API, for operators and
 * organisation admins: the accounts of an organisation with their role,
 * and inviting someone (see `account-changes/invitations.ts`). An admin works in
 * their own organisation only; an operator names one. Every role an
 * invitation gives is one the inviter may give (`shared/invitable-roles.ts`):
 * an admin gives admin and marketer, only an operator makes a developer.
 */
import { LOCALES, type Locale } from '../i18n/locale.js'
import { requestLocale } from '../i18n/request-locale.js'
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { INVITABLE_ROLES, type InvitableRole, ACCESS_OF_ROLE, invite } from '../account-changes/invitations.js'
import { rolesInvitableBy } from '../../shared/invitable-roles.js'
import { userByEmail, usersOfOrganisation } from '../accounts/users.js'
import type { Database, UserRow } from '../db/schema.js'
import { organisationWithCode } from '../orgs/organisations.js'
import { type ConsoleVariables, consoleError, consoleGuard, jsonObject, refusal } from './console-guard.js'
import type { ConsoleSessions } from './console-sessions.js'
import type { ConsoleRoles } from './roles.js'
import type { Branding } from '../branding.js'
import { recordAuditEvent } from '../audit/audit-events.js'
import { accountActor } from '../audit/account-actor.js'
import { personState, personTarget } from '../audit/audit-targets.js'
import type { ConsoleInvited, ConsolePeople, ConsolePerson } from '../../shared/console-wire.js'

/** The role a person has in their organisation's console, as the People page shows it. */
function roleOf(user: UserRow): ConsolePerson['role'] {
  if (user.svc_master === 1) return 'operator'
  if (user.svc_role === 'admin' || user.svc_role === 'developer') return user.svc_role
  return (JSON.parse(user.svc_access) as string[]).includes('Ads:Edit') ? 'marketer' : 'none'
}

const mayManagePeople = (roles: ConsoleRoles) => roles.operator || (roles.apiKeys && roles.organisation !== undefined)

/**
 * Builds the people routes, mounted at `/console/api/people`.
 *
 * @example
 * app.route('/console/api/people', consolePeopleApi(db, sessions, issuer, branding))
 */
export function consolePeopleApi(
  db: Kysely<Database>,
  sessions: ConsoleSessions,
  issuer: string,
  branding: Branding,
): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>()
  app.use('*', consoleGuard(sessions))
  app.use('*', async (c, next) => {
    if (!mayManagePeople(c.get('session').roles)) return consoleError(c, 403, 'only operators and organisation admins manage people')
    await next()
  })

  app.get('/', async (c) => {
    const { roles } = c.get('session')
    const code = roles.operator ? (c.req.query('organisation') ?? roles.organisation) : roles.organisation
    const organisation = await organisationWithCode(db, code ?? '')
    if (!organisation) return consoleError(c, 422, 'choose an organisation', { errors: { organisation: 'choose an organisation' } })
    const rows = await usersOfOrganisation(db, organisation.code)
    const people = rows.map((user) => ({
      sub: user.sub,
      name: user.name,
      email: user.email,
      role: roleOf(user),
      email_verified: user.email_verified === 1,
    }))
    return c.json({ organisation: organisation.code, people, invitable_roles: rolesInvitableBy(roles) } satisfies ConsolePeople, 200, {
      'Cache-Control': 'no-store',
    })
  })

  app.post('/', async (c) => {
    const input = (await jsonObject(c)) ?? {}
    const { roles, claims, sub } = c.get('session')
    const asked = typeof input.organisation === 'string' && input.organisation !== '' ? input.organisation : undefined
    if (!roles.operator && asked !== undefined && asked !== roles.organisation)
      return consoleError(c, 403, `organisation admins invite only into their own organisation (${roles.organisation})`)
    const organisation = await organisationWithCode(db, (roles.operator ? asked : roles.organisation) ?? '')
    if (!organisation) return consoleError(c, 422, 'choose an organisation', { errors: { organisation: 'choose an organisation' } })
    const role = input.role
    if (typeof role !== 'string' || !(INVITABLE_ROLES as readonly string[]).includes(role)) {
      const message = `role must be ${INVITABLE_ROLES.join(', ')}`
      return consoleError(c, 422, message, { errors: { role: message } })
    }
    if (!rolesInvitableBy(roles).includes(role as InvitableRole)) {
      const message = 'organisation admins invite admins and marketers; developers are made by an operator'
      return consoleError(c, 403, message, { errors: { role: message } })
    }
    const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : ''
    if (email === '')
      return consoleError(c, 422, 'enter the e-mail address to invite', { errors: { email: 'enter the e-mail address to invite' } })
    if (input.name !== undefined && typeof input.name !== 'string')
      return consoleError(c, 422, 'name must be text', { errors: { name: 'name must be text' } })
    if (input.locale !== undefined && input.locale !== '' && !(LOCALES as readonly unknown[]).includes(input.locale)) {
      const message = `locale must be one of ${LOCALES.join(', ')}`
      return consoleError(c, 422, message, { errors: { locale: message } })
    }
    if (await userByEmail(db, email)) {
      const message = `an account with the email ${email} exists already`
      return consoleError(c, 409, message, { errors: { email: message } })
    }
    try {
      const user = await invite(
        { db, issuer, now: () => new Date(), branding },
        {
          email,
          name: input.name as string | undefined,
          svcApp: organisation.code,
          svcRole: role,
          svcAccess: ACCESS_OF_ROLE[role as InvitableRole],
          inviter: String(claims.name ?? claims.email ?? sub),
          // Unsaid, the inviter's own language is the best guess.
          locale: typeof input.locale === 'string' && input.locale !== '' ? (input.locale as Locale) : requestLocale(c),
        },
      )
      await recordAuditEvent(db, {
        actor: accountActor(c.get('session')),
        action: 'person.invited',
        target: personTarget(user),
        organisation: organisation.code,
        detail: personState(user),
      })
      return c.json({ sub: user.sub, invited: user.email } satisfies ConsoleInvited, 201)
    } catch (error) {
      return refusal(c, error)
    }
  })
  return app
}
