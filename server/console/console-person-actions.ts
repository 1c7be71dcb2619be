/**
 * @module What an operator or organisation admin does to one person on
 * the People page, under `/console/api/people/SUB`: change their role
 * (POST `role` `{role?, operator?}`), disable, enable, sign out everywhere, mail
 * a password-reset link, resend an invitation, remove their authenticator
 * app (a lost phone; `authenticator/remove`), remove (DELETE). Each takes
 * effect on the person's next request (the console and the identity
 * provider read the account's row every time). The rules live in
 * `account-changes/people-management.ts`, which the management API calls
 * too; this module checks the shape of what the page sent and answers in
 * the console's envelope. Refusals are sentences for the page.
 */
import { Hono, type Context } from 'hono'
import type { Kysely } from 'kysely'
import {
  changePersonRole,
  type PeopleManager,
  PeopleRefusal,
  personInReach,
  removePerson,
  resendPersonInvitation,
  sendPersonPasswordReset,
  setPersonDisabled,
  signPersonOutEverywhere,
} from '../account-changes/people-management.js'
import type { AccountEvents } from '../accounts/account-events.js'
import { userById } from '../accounts/users.js'
import { passkeyHoldersAmong } from '../accounts/account-state.js'
import type { Branding } from '../branding.js'
import type { Database, UserRow } from '../db/schema.js'
import { requestLocale } from '../i18n/request-locale.js'
import { allOrganisations } from '../orgs/organisations.js'
import { INVITABLE_ROLES, type InvitableRole } from '../../shared/invitable-roles.js'
import type { ConsolePersonChanged } from '../../shared/console-wire.js'
import { accountActor } from '../audit/account-actor.js'
import { type ConsoleVariables, consoleError, jsonObject, refusal } from './console-guard.js'
import { consolePerson, secondFactorsOf } from './console-person.js'
import { removePersonAuthenticator } from '../account-changes/second-factor-changes.js'

type PeopleContext = Context<{ Variables: ConsoleVariables }>

/**
 * The signed-in viewer as the People rules see them.
 *
 * @example
 * const manager = consoleManager(c)
 */
export function consoleManager(c: PeopleContext): PeopleManager {
  const { roles, claims, sub } = c.get('session')
  return {
    operator: roles.operator,
    organisation: roles.organisation,
    sub,
    actor: accountActor(c.get('session')),
    name: String(claims.name ?? claims.email ?? sub),
  }
}

/**
 * A refusal of the People rules in the console's envelope: the short
 * words beside the field the rule names, when it names one.
 *
 * @example
 * catch (error) { return peopleRefusal(c, error) }
 */
export function peopleRefusal(c: Context, error: unknown): Response {
  if (error instanceof PeopleRefusal)
    return consoleError(
      c,
      error.status,
      error.message,
      error.field ? { errors: { [error.field]: error.fieldMessage ?? error.message } } : {},
    )
  return refusal(c, error)
}

/**
 * Builds the routes, mounted under `/console/api/people` behind its guard.
 *
 * @example
 * app.route('/', consolePersonActions(db, issuer, branding, events))
 */
export function consolePersonActions(
  db: Kysely<Database>,
  issuer: string,
  branding: Branding,
  events: AccountEvents,
): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>()
  const now = () => new Date()
  const lifecycle = { db, issuer, now, branding }

  /** The person as they are now, in the answer every action gives. */
  const answer = async (c: PeopleContext, user: UserRow, status: 200 = 200) => {
    const fresh = (await userById(db, user.id)) ?? user
    const organisations = new Map((await allOrganisations(db)).map((org) => [org.code, org]))
    const holders = await passkeyHoldersAmong(db, [fresh])
    const factors = await secondFactorsOf(db, [fresh])
    return c.json(
      { person: consolePerson(fresh, organisations, c.get('session').sub, holders, factors) } satisfies ConsolePersonChanged,
      status,
      {
        'Cache-Control': 'no-store',
      },
    )
  }

  /** Runs an action on the person SUB names, once the rules say the viewer reaches them. */
  const onPerson = (act: (c: PeopleContext, person: UserRow, manager: PeopleManager) => Promise<Response>) => async (c: PeopleContext) => {
    try {
      const manager = consoleManager(c)
      return await act(c, await personInReach(db, manager, c.req.param('sub') ?? ''), manager)
    } catch (error) {
      return peopleRefusal(c, error)
    }
  }

  app.post(
    '/:sub/role',
    onPerson(async (c, person, manager) => {
      const input = (await jsonObject(c)) ?? {}
      const role = input.role
      if (role !== undefined && (typeof role !== 'string' || ![...INVITABLE_ROLES, 'none'].includes(role)))
        return consoleError(c, 422, 'Choose admin, marketer, developer or no role.', { errors: { role: 'Choose a role from the list.' } })
      if (input.operator !== undefined && typeof input.operator !== 'boolean')
        return consoleError(c, 422, 'Say whether they are an operator with yes or no.')
      await changePersonRole(
        db,
        manager,
        person,
        { role: role as InvitableRole | 'none' | undefined, operator: input.operator as boolean | undefined },
        now(),
      )
      return answer(c, person)
    }),
  )

  app.post(
    '/:sub/disable',
    onPerson(async (c, person, manager) => answer(c, await setPersonDisabled(db, events, manager, person, true, now()))),
  )

  app.post(
    '/:sub/enable',
    onPerson(async (c, person, manager) => answer(c, await setPersonDisabled(db, events, manager, person, false, now()))),
  )

  app.post(
    '/:sub/sign-out',
    onPerson(async (c, person, manager) => {
      await signPersonOutEverywhere(db, events, manager, person, now())
      return answer(c, person)
    }),
  )

  app.post(
    '/:sub/password-reset',
    onPerson(async (c, person, manager) => {
      await sendPersonPasswordReset(lifecycle, manager, person, requestLocale(c))
      return answer(c, person)
    }),
  )

  app.post(
    '/:sub/invitation',
    onPerson(async (c, person, manager) => {
      await resendPersonInvitation(lifecycle, manager, person, requestLocale(c))
      return answer(c, person)
    }),
  )

  app.post(
    '/:sub/authenticator/remove',
    onPerson(async (c, person, manager) => {
      // Without a code: on oneself that would undo the account page's rule that removing it asks for one.
      if (person.sub === c.get('session').sub)
        return consoleError(
          c,
          409,
          'Remove your own authenticator app on your account page: it asks for a code from the app or a recovery code.',
        )
      // The person is mailed in the language the manager's page speaks: svc keeps no language per account.
      await removePersonAuthenticator(lifecycle, manager.actor, person, requestLocale(c))
      return answer(c, person)
    }),
  )

  app.delete(
    '/:sub',
    onPerson(async (c, person, manager) => {
      await removePerson(db, events, manager, person)
      return c.body(null, 204)
    }),
  )
  return app
}
