/**
 * @module Recording a change to a person's name, role, organisation or
 * operator status: before and after of what differs, under
 * `person.role_changed` when the roles or organisation moved, else
 * `person.updated`; a change that changed nothing records nothing.
 */
import type { Kysely } from 'kysely'
import type { Database, UserRow } from '../db/schema.js'
import type { AuditActor } from './audit-actions.js'
import { changedFields, recordAuditEvent } from './audit-events.js'
import { personState, personTarget } from './audit-targets.js'

/**
 * Records what changed between the account's rows before and after; call
 * it in the change's transaction with the row read back there.
 *
 * @example
 * await recordPersonChange(trx, cliActor(), user, (await userById(trx, user.id))!)
 */
export async function recordPersonChange(db: Kysely<Database>, actor: AuditActor, before: UserRow, after: UserRow): Promise<void> {
  const detail = changedFields(personState(before), personState(after))
  const keys = Object.keys(detail.after)
  if (keys.length === 0) return
  const action = keys.includes('roles') || keys.includes('organisation') ? 'person.role_changed' : 'person.updated'
  // The organisation it now belongs to, else the one it left: either one's admins may ask who moved it.
  await recordAuditEvent(db, { actor, action, target: personTarget(after), organisation: after.svc_app ?? before.svc_app, detail })
}

/**
 * Records `person.disabled` or `person.enabled` when the account's state
 * changed between the rows read before and after; nothing when it did not
 * (disabling a disabled account).
 *
 * @example
 * await recordDisabledChange(db, cliActor(), user, await disableAccount(db, events, user, now))
 */
export async function recordDisabledChange(db: Kysely<Database>, actor: AuditActor, before: UserRow, after: UserRow): Promise<void> {
  const [was, is] = [before.disabled_at !== null, after.disabled_at !== null]
  if (was === is) return
  await recordAuditEvent(db, {
    actor,
    action: is ? 'person.disabled' : 'person.enabled',
    target: personTarget(after),
    organisation: after.svc_app,
  })
}

/**
 * Records an administrator's action on a person that changes no field of
 * theirs: signing them out everywhere, mailing a reset link, resending the
 * invitation, removing them.
 *
 * @example
 * await recordPersonAction(db, accountActor(session), 'person.password_reset_sent', person)
 */
export async function recordPersonAction(
  db: Kysely<Database>,
  actor: AuditActor,
  action: 'person.signed_out_everywhere' | 'person.password_reset_sent' | 'person.invitation_resent' | 'person.removed',
  person: UserRow,
): Promise<void> {
  await recordAuditEvent(db, { actor, action, target: personTarget(person), organisation: person.svc_app })
}
