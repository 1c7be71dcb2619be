/**
 * @module What an operator or organisation admin does to one person on
 * the People page, under `/console/api/people/SUB`: change their role
 * (POST `role` `{role?, operator?}`), disable, enable, sign out everywhere, mail
 * a password-reset link, resend an invitation, remove (DELETE). Each takes
 * effect on the person's next request (the console and the identity
 * provider read the account's row every time). The rules, enforced here
 * whatever the page offers: an admin acts only on their organisation's
 * people, never on an operator, and gives only admin and marketer (or
 * none); only an operator makes or unmakes operators; nobody disables or
 * removes themselves; the last operator who can sign in is never
 * unmade, disabled or removed. Refusals are sentences for the page.
 */
import { Hono, type Context } from 'hono'
import type { Kysely } from 'kysely'
import { disableAccount, enableAccount, refuseLastOperator } from '../account-changes/account-disabling.js'
import { claimsOfRole } from '../account-changes/account-roles.js'
import { resendInvitation } from '../account-changes/invitations.js'
import { requestPasswordReset } from '../account-changes/password-reset.js'
import { signOutEverywhere } from '../account-changes/sign-out-everywhere.js'
import type { AccountEvents } from '../accounts/account-events.js'
import { accountState } from '../accounts/account-state.js'
import { changeAccount, isDisabled, userById, userBySub } from '../accounts/users.js'
import type { Branding } from '../branding.js'
import type { Database, UserRow } from '../db/schema.js'
import { requestLocale } from '../i18n/request-locale.js'
import { allOrganisations } from '../orgs/organisations.js'
import { INVITABLE_ROLES, type InvitableRole, rolesInvitableBy } from '../../shared/invitable-roles.js'
import type { ConsolePersonChanged } from '../../shared/console-wire.js'
import { accountActor } from '../audit/account-actor.js'
import { recordDisabledChange, recordPersonAction, recordPersonChange } from '../audit/person-change.js'
import { deleteAccount } from './account-deletion.js'
import { type ConsoleVariables, consoleError, jsonObject, refusal } from './console-guard.js'
import { consolePerson, organisationRoleOf } from './console-person.js'

type PeopleContext = Context<{ Variables: ConsoleVariables }>

/**
 * The person SUB names when the viewer may act on them, else the refusal to answer.
 * An admin's reach is their organisation, operators excepted.
 */
async function personInReach(c: PeopleContext, db: Kysely<Database>): Promise<UserRow | Response> {
  const { roles } = c.get('session')
  const person = await userBySub(db, c.req.param('sub') ?? '')
  if (!person) return consoleError(c, 404, 'This person’s account no longer exists. Reload the page.')
  if (roles.operator) return person
  if (person.svc_app === null || person.svc_app !== roles.organisation)
    return consoleError(c, 403, 'You can only manage the people of your own organisation.')
  if (person.svc_master === 1) return consoleError(c, 403, `Only an operator can change ${person.name}’s account, as they are an operator.`)
  return person
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

  /** The person as they are now, in the answer every action gives. */
  const answer = async (c: PeopleContext, user: UserRow, status: 200 = 200) => {
    const fresh = (await userById(db, user.id)) ?? user
    const organisations = new Map((await allOrganisations(db)).map((org) => [org.code, org]))
    return c.json({ person: consolePerson(fresh, organisations, c.get('session').sub) } satisfies ConsolePersonChanged, status, {
      'Cache-Control': 'no-store',
    })
  }

  app.post('/:sub/role', async (c) => {
    const person = await personInReach(c, db)
    if (person instanceof Response) return person
    const { roles } = c.get('session')
    const input = (await jsonObject(c)) ?? {}
    const role = input.role
    if (role !== undefined && (typeof role !== 'string' || ![...INVITABLE_ROLES, 'none'].includes(role)))
      return consoleError(c, 422, 'Choose admin, marketer, developer or no role.', { errors: { role: 'Choose a role from the list.' } })
    if (input.operator !== undefined && typeof input.operator !== 'boolean')
      return consoleError(c, 422, 'Say whether they are an operator with yes or no.')
    if (role === undefined && input.operator === undefined) return consoleError(c, 422, 'Choose the role to give.')
    // The role they hold already may be sent back unchanged (a developer in an admin's organisation).
    const giving = role !== undefined && role !== organisationRoleOf(person)
    if (giving && role !== 'none' && !rolesInvitableBy(roles).includes(role as InvitableRole))
      return consoleError(c, 403, 'Organisation admins give the admin and marketer roles; only an operator makes a developer.', {
        errors: { role: 'Only an operator makes a developer.' },
      })
    if (input.operator !== undefined && !roles.operator) return consoleError(c, 403, 'Only an operator can make or unmake operators.')
    if (giving && (role === 'admin' || role === 'marketer') && person.svc_app === null)
      return consoleError(
        c,
        422,
        `${person.name} belongs to no organisation, so the ${role} role would give them nothing. Invite them into an organisation instead.`,
      )
    try {
      await db.transaction().execute(async (trx) => {
        // Checked in the transaction that unmakes, so two at once cannot both pass.
        if (input.operator === false) await refuseLastOperator(trx, person, 'made a non-operator')
        await changeAccount(
          trx,
          person.id,
          {
            ...(typeof input.operator === 'boolean' ? { svcMaster: input.operator } : {}),
            ...(!giving ? {} : claimsOfRole(JSON.parse(person.svc_access) as string[], role as InvitableRole | 'none')),
          },
          now(),
        )
        await recordPersonChange(trx, accountActor(c.get('session')), person, (await userById(trx, person.id))!)
      })
    } catch (error) {
      return refusal(c, error)
    }
    return answer(c, person)
  })

  app.post('/:sub/disable', async (c) => {
    const person = await personInReach(c, db)
    if (person instanceof Response) return person
    if (person.sub === c.get('session').sub) return consoleError(c, 403, 'You cannot disable your own account.')
    try {
      const disabled = await disableAccount(db, events, person, now())
      await recordDisabledChange(db, accountActor(c.get('session')), person, disabled)
      return answer(c, disabled)
    } catch (error) {
      return refusal(c, error)
    }
  })

  app.post('/:sub/enable', async (c) => {
    const person = await personInReach(c, db)
    if (person instanceof Response) return person
    const enabled = await enableAccount(db, person, now())
    await recordDisabledChange(db, accountActor(c.get('session')), person, enabled)
    return answer(c, enabled)
  })

  app.post('/:sub/sign-out', async (c) => {
    const person = await personInReach(c, db)
    if (person instanceof Response) return person
    await db.transaction().execute(async (trx) => {
      await signOutEverywhere(trx, events, person, now(), { reason: 'signed out by an administrator' })
      await recordPersonAction(trx, accountActor(c.get('session')), 'person.signed_out_everywhere', person)
    })
    return answer(c, person)
  })

  app.post('/:sub/password-reset', async (c) => {
    const person = await personInReach(c, db)
    if (person instanceof Response) return person
    if (isDisabled(person)) return consoleError(c, 409, `${person.name}’s account is disabled: enable it first, then send the link.`)
    if (accountState(person) === 'invited')
      return consoleError(c, 409, `${person.name} has not accepted the invitation yet: send the invitation again instead.`)
    await requestPasswordReset({ db, issuer, now, branding }, person.email, null, requestLocale(c))
    await recordPersonAction(db, accountActor(c.get('session')), 'person.password_reset_sent', person)
    return answer(c, person)
  })

  app.post('/:sub/invitation', async (c) => {
    const person = await personInReach(c, db)
    if (person instanceof Response) return person
    if (accountState(person) !== 'invited') return consoleError(c, 409, `${person.name} has accepted the invitation already.`)
    const { claims, sub } = c.get('session')
    await resendInvitation({ db, issuer, now, branding }, person, {
      inviter: String(claims.name ?? claims.email ?? sub),
      locale: requestLocale(c),
    })
    await recordPersonAction(db, accountActor(c.get('session')), 'person.invitation_resent', person)
    return answer(c, person)
  })

  app.delete('/:sub', async (c) => {
    const person = await personInReach(c, db)
    if (person instanceof Response) return person
    if (person.sub === c.get('session').sub)
      return consoleError(c, 403, 'You cannot remove your own account here; your account page can delete it.')
    try {
      await refuseLastOperator(db, person, 'removed')
    } catch (error) {
      return refusal(c, error)
    }
    await deleteAccount(db, events, person)
    await recordPersonAction(db, accountActor(c.get('session')), 'person.removed', person)
    return c.body(null, 204)
  })
  return app
}
