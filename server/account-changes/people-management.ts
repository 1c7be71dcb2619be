/**
 * @module What an operator or organisation admin may do to people, and
 * the rules of each, whoever asks: the console's People page and the
 * management API's users routes both call these. An admin (or an
 * organisation's token) reaches only their organisation's people, never
 * an operator, and gives only admin and marketer (or none); only an
 * operator makes a developer or makes and unmakes operators; nobody
 * disables or removes themselves; the last operator who can sign in is
 * never unmade, disabled or removed. Each change is recorded in the audit
 * log with the manager as its actor. Refusals are sentences a person can
 * act on; each surface wraps them in its own envelope.
 */
import type { Kysely } from 'kysely'
import type { AccountEvents } from '../accounts/account-events.js'
import { stateOfAccount } from '../accounts/account-state.js'
import { changeAccount, isDisabled, userByEmail, userById, userBySub } from '../accounts/users.js'
import type { AuditActor } from '../audit/audit-actions.js'
import { recordAuditEvent } from '../audit/audit-events.js'
import { personState, personTarget } from '../audit/audit-targets.js'
import { recordDisabledChange, recordPersonAction, recordPersonChange } from '../audit/person-change.js'
import { deleteAccount } from '../console/account-deletion.js'
import { inTransaction } from '../db/in-transaction.js'
import type { Database, OrganisationRow, UserRow } from '../db/schema.js'
import type { Locale } from '../i18n/locale.js'
import { organisationWithCode } from '../orgs/organisations.js'
import { Refusal } from '../refusal.js'
import { type InvitableRole, rolesInvitableBy } from '../../shared/invitable-roles.js'
import { disableAccount, enableAccount, refuseLastOperator } from './account-disabling.js'
import { claimsOfRole } from './account-roles.js'
import { ACCESS_OF_ROLE, invite, resendInvitation } from './invitations.js'
import { requestPasswordReset } from './password-reset.js'
import { signOutEverywhere } from './sign-out-everywhere.js'
import type { LifecycleContext } from './signup.js'

/** Who manages people: an operator, or the admin of one organisation (a person or an organisation's token). */
export interface PeopleManager {
  operator: boolean
  /** The organisation an admin manages; for an operator, none (they reach every one). */
  organisation: string | undefined
  /** The acting account's sub, so nobody disables or removes themselves; a token has none. */
  sub?: string | undefined
  /** The manager as the audit log names them. */
  actor: AuditActor
  /** The manager as an invitation mail names them; unnamed (a token), the mail names the product's team. */
  name?: string | undefined
}

/**
 * A change the rules refuse; `field` names the input to blame and
 * `fieldMessage` the short words a form shows beside it.
 */
export class PeopleRefusal extends Refusal {
  override name = 'PeopleRefusal'
  constructor(
    readonly status: 403 | 404 | 409 | 422,
    message: string,
    override readonly field?: string,
    readonly fieldMessage?: string,
  ) {
    super(message)
  }
}

/** A person the manager may not reach: gone, in another organisation, or an operator beyond an admin. */
export class PersonOutOfReach extends PeopleRefusal {
  override name = 'PersonOutOfReach'
  constructor(
    readonly reason: 'gone' | 'other organisation' | 'operator',
    message: string,
  ) {
    super(reason === 'gone' ? 404 : 403, message)
  }
}

/**
 * The person `sub` names when the manager may act on them; throws
 * {@link PersonOutOfReach} otherwise.
 *
 * @example
 * const person = await personInReach(db, manager, c.req.param('sub'))
 */
export async function personInReach(db: Kysely<Database>, manager: PeopleManager, sub: string): Promise<UserRow> {
  const person = await userBySub(db, sub)
  if (!person) throw new PersonOutOfReach('gone', 'This person’s account no longer exists. Reload the page.')
  if (manager.operator) return person
  if (person.svc_app === null || person.svc_app !== manager.organisation)
    throw new PersonOutOfReach('other organisation', 'You can only manage the people of your own organisation.')
  if (person.svc_master === 1)
    throw new PersonOutOfReach('operator', `Only an operator can change ${person.name}’s account, as they are an operator.`)
  return person
}

/** What an invitation asks for, its shape checked by the caller. */
export interface PersonInvitation {
  email: string
  name?: string | undefined
  role: InvitableRole
  /** The organisation's code: an operator names one; an admin's own is taken when absent. */
  organisation?: string | undefined
  /** The mail's language. */
  locale: Locale
}

/**
 * Invites someone into an organisation with a role the manager may give,
 * queues the mail (as the console does) and records `person.invited`.
 *
 * @example
 * const { user, organisation } = await invitePerson(ctx, manager, { email: 'grace@example.com', role: 'marketer', locale: 'en' })
 */
export async function invitePerson(
  ctx: LifecycleContext,
  manager: PeopleManager,
  invitation: PersonInvitation,
): Promise<{ user: UserRow; organisation: OrganisationRow }> {
  const { db } = ctx
  const asked = invitation.organisation === '' ? undefined : invitation.organisation
  if (!manager.operator && asked !== undefined && asked !== manager.organisation)
    throw new PeopleRefusal(403, `organisation admins invite only into their own organisation (${manager.organisation})`)
  const organisation = await organisationWithCode(db, (manager.operator ? asked : manager.organisation) ?? '')
  if (!organisation) throw new PeopleRefusal(422, 'choose an organisation', 'organisation', 'choose an organisation')
  if (!rolesInvitableBy(manager).includes(invitation.role)) {
    const message = 'organisation admins invite admins and marketers; developers are made by an operator'
    throw new PeopleRefusal(403, message, 'role', message)
  }
  const email = invitation.email.trim().toLowerCase()
  if (email === '') throw new PeopleRefusal(422, 'enter the e-mail address to invite', 'email', 'enter the e-mail address to invite')
  if (await userByEmail(db, email)) {
    const message = `an account with the email ${email} exists already`
    throw new PeopleRefusal(409, message, 'email', message)
  }
  const user = await invite(ctx, {
    email,
    ...(invitation.name !== undefined ? { name: invitation.name } : {}),
    svcApp: organisation.code,
    svcRole: invitation.role,
    svcAccess: ACCESS_OF_ROLE[invitation.role],
    ...(manager.name !== undefined ? { inviter: manager.name } : {}),
    locale: invitation.locale,
  })
  await recordAuditEvent(
    db,
    {
      actor: manager.actor,
      action: 'person.invited',
      target: personTarget(user),
      organisation: organisation.code,
      detail: personState(user),
    },
    ctx.now(),
  )
  return { user, organisation }
}

/** A change of role: the organisation role (`none` takes it away), operator status, or both. */
export interface RoleChange {
  role?: InvitableRole | 'none' | undefined
  operator?: boolean | undefined
}

/**
 * Gives a person a role or operator status, if the manager may; the role
 * they hold already may be sent back unchanged. Returns the row as it is after.
 *
 * @example
 * await changePersonRole(db, manager, person, { role: 'admin' }, new Date())
 */
export async function changePersonRole(
  db: Kysely<Database>,
  manager: PeopleManager,
  person: UserRow,
  { role, operator }: RoleChange,
  now: Date,
): Promise<UserRow> {
  if (role === undefined && operator === undefined) throw new PeopleRefusal(422, 'Choose the role to give.')
  // The role they hold already may be sent back unchanged (a developer in an admin's organisation).
  const giving = role !== undefined && role !== organisationRoleOf(person)
  if (giving && role !== 'none' && !rolesInvitableBy(manager).includes(role))
    throw new PeopleRefusal(
      403,
      'Organisation admins give the admin and marketer roles; only an operator makes a developer.',
      'role',
      'Only an operator makes a developer.',
    )
  if (operator !== undefined && !manager.operator) throw new PeopleRefusal(403, 'Only an operator can make or unmake operators.')
  if (giving && (role === 'admin' || role === 'marketer') && person.svc_app === null)
    throw new PeopleRefusal(
      422,
      `${person.name} belongs to no organisation, so the ${role} role would give them nothing. Invite them into an organisation instead.`,
    )
  return inTransaction(db, async (trx) => {
    // Checked in the transaction that unmakes, so two at once cannot both pass.
    if (operator === false) await refuseLastOperator(trx, person, 'made a non-operator')
    await changeAccount(
      trx,
      person.id,
      {
        ...(operator !== undefined ? { svcMaster: operator } : {}),
        ...(!giving ? {} : claimsOfRole(JSON.parse(person.svc_access) as string[], role)),
      },
      now,
    )
    const after = (await userById(trx, person.id))!
    await recordPersonChange(trx, manager.actor, person, after)
    return after
  })
}

/**
 * Disables the account (no sign-in, its sessions and tokens end) or
 * enables it again; nobody disables themselves. Returns the row as it is after.
 *
 * @example
 * await setPersonDisabled(db, events, manager, person, true, new Date())
 */
export async function setPersonDisabled(
  db: Kysely<Database>,
  events: AccountEvents,
  manager: PeopleManager,
  person: UserRow,
  disabled: boolean,
  now: Date,
): Promise<UserRow> {
  if (disabled && person.sub === manager.sub) throw new PeopleRefusal(403, 'You cannot disable your own account.')
  return inTransaction(db, async (trx) => {
    const after = disabled ? await disableAccount(trx, events, person, now) : await enableAccount(trx, person, now)
    await recordDisabledChange(trx, manager.actor, person, after)
    return after
  })
}

/** What one request changes about a person: their role, operator status and disabled state, each optional. */
export interface PersonChange extends RoleChange {
  disabled?: boolean | undefined
}

/**
 * Changes a person's role or operator status and disables or enables
 * them, in one transaction with the audit rows: a step refused after
 * another passed (disabling the last operator whose role was just
 * changed) leaves nothing changed and nothing recorded. A step whose
 * value is `undefined` is left out.
 *
 * @example
 * await changePerson(db, events, manager, person, { role: 'admin', disabled: true }, new Date())
 */
export async function changePerson(
  db: Kysely<Database>,
  events: AccountEvents,
  manager: PeopleManager,
  person: UserRow,
  { role, operator, disabled }: PersonChange,
  now: Date,
): Promise<UserRow> {
  return inTransaction(db, async (trx) => {
    let after = person
    if (role !== undefined || operator !== undefined) after = await changePersonRole(trx, manager, person, { role, operator }, now)
    if (disabled !== undefined) after = await setPersonDisabled(trx, events, manager, after, disabled, now)
    return after
  })
}

/**
 * Ends every session of the person and revokes their clients' tokens;
 * returns how many sessions ended.
 *
 * @example
 * await signPersonOutEverywhere(db, events, manager, person, new Date())
 */
export async function signPersonOutEverywhere(
  db: Kysely<Database>,
  events: AccountEvents,
  manager: PeopleManager,
  person: UserRow,
  now: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ended = await signOutEverywhere(trx, events, person, now, { reason: 'signed out by an administrator' })
    await recordPersonAction(trx, manager.actor, 'person.signed_out_everywhere', person)
    return ended
  })
}

/**
 * Mails the person a password-reset link; not to a disabled account, nor
 * to one whose invitation is still open (that one gets the invitation again).
 *
 * @example
 * await sendPersonPasswordReset(ctx, manager, person, 'en')
 */
export async function sendPersonPasswordReset(
  ctx: LifecycleContext,
  manager: PeopleManager,
  person: UserRow,
  locale: Locale,
): Promise<void> {
  if (isDisabled(person)) throw new PeopleRefusal(409, `${person.name}’s account is disabled: enable it first, then send the link.`)
  if ((await stateOfAccount(ctx.db, person)) === 'invited')
    throw new PeopleRefusal(409, `${person.name} has not accepted the invitation yet: send the invitation again instead.`)
  await requestPasswordReset(ctx, person.email, null, locale)
  await recordPersonAction(ctx.db, manager.actor, 'person.password_reset_sent', person)
}

/**
 * Mails an invited person a fresh invitation; the links mailed before stop working.
 *
 * @example
 * await resendPersonInvitation(ctx, manager, person, 'en')
 */
export async function resendPersonInvitation(
  ctx: LifecycleContext,
  manager: PeopleManager,
  person: UserRow,
  locale: Locale,
): Promise<void> {
  if ((await stateOfAccount(ctx.db, person)) !== 'invited') throw new PeopleRefusal(409, `${person.name} has accepted the invitation already.`)
  await resendInvitation(ctx, person, { ...(manager.name !== undefined ? { inviter: manager.name } : {}), locale })
  await recordPersonAction(ctx.db, manager.actor, 'person.invitation_resent', person)
}

/**
 * Removes the account with its sessions, consents and tokens; nobody
 * removes themselves here, nor the last operator.
 *
 * @example
 * await removePerson(db, events, manager, person)
 */
export async function removePerson(db: Kysely<Database>, events: AccountEvents, manager: PeopleManager, person: UserRow): Promise<void> {
  if (person.sub === manager.sub) throw new PeopleRefusal(403, 'You cannot remove your own account here; your account page can delete it.')
  await refuseLastOperator(db, person, 'removed')
  await deleteAccount(db, events, person)
  await recordPersonAction(db, manager.actor, 'person.removed', person)
}

/**
 * The role beneath operator: what the account's svc.role and svc.access give.
 *
 * @example
 * organisationRoleOf(operatorWhoEditsAds) // 'marketer'
 */
export function organisationRoleOf(user: UserRow): InvitableRole | 'none' {
  if (user.svc_role === 'admin' || user.svc_role === 'developer') return user.svc_role
  return (JSON.parse(user.svc_access) as string[]).includes('Ads:Edit') ? 'marketer' : 'none'
}
