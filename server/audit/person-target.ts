/**
 * @module A person as the audit log names and describes them: the target
 * (their code, with their address for a name), and the state a change's
 * before and after are taken from (name, roles, organisation).
 */
import { rolesOfAccount } from '../account-changes/account-roles.js'
import type { UserRow } from '../db/schema.js'

/**
 * The account as an event's target.
 *
 * @example
 * await recordAuditEvent(db, { actor, action: 'person.removed', target: personTarget(user), organisation: user.svc_app })
 */
export const personTarget = (user: Pick<UserRow, 'sub' | 'email'>) => ({ kind: 'person' as const, code: user.sub, name: user.email })

/**
 * What the log keeps of an account's roles, for before and after.
 *
 * @example
 * changedFields(personState(before), personState(after))
 */
export function personState(user: UserRow): { name: string; roles: string[]; organisation: string | null } {
  return { name: user.name, roles: rolesOfAccount(user), organisation: user.svc_app }
}
