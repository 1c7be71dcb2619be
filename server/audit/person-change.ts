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
