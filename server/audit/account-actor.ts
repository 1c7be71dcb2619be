/**
 * @module The signed-in account as the audit log's actor: its code and
 * its e-mail address as they are when it acts.
 */
import type { AuditActor } from './audit-actions.js'

/**
 * The actor for a console session (or any signed-in account).
 *
 * @example
 * await recordAuditEvent(db, { actor: accountActor(c.get('session')), … })
 */
export function accountActor({ sub, claims }: { sub: string; claims: Record<string, unknown> }): AuditActor {
  return { kind: 'account', sub, email: typeof claims.email === 'string' ? claims.email : '' }
}
