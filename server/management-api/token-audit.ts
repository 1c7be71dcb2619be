/**
 * @module How the audit log names a management token: as its target (when
 * it is made or revoked) by id, with its name and first characters.
 */
import type { ManagementToken } from './management-tokens-repository.js'

/**
 * A token as a change's target.
 *
 * @example
 * await recordAuditEvent(db, { actor, action: 'token.revoked', target: managementTokenTarget(token) })
 */
export const managementTokenTarget = (token: Pick<ManagementToken, 'id' | 'name' | 'prefix'>) => ({
  kind: 'management_token' as const,
  code: token.id,
  name: `${token.name} (${token.prefix}…)`,
})
