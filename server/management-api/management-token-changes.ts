/**
 * @module Making and revoking a management token as a change svc records:
 * the token's row and its audit event together, whoever asks (the
 * `token` commands, the console's API tokens page), so both write the
 * same `created_by`, the same event and the same details.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { recordAuditEvent } from '../audit/audit-events.js'
import type { AuditActor } from '../audit/audit-actions.js'
import { createManagementToken, type ManagementToken, revokeManagementToken } from './management-tokens-repository.js'
import { managementTokenTarget } from './token-audit.js'

/** A token to make, as a person or script asks for it. */
export interface TokenRequest {
  actor: AuditActor
  /** The organisation it works in; null for an operator-wide token (the caller checks that the actor may make one). */
  organisation: { id: number; code: string } | null
  name: string
  scopes: string | readonly string[]
  /** Days until it expires; never when both this and `expiresAt` are absent. */
  expiresInDays?: number | undefined
  expiresAt?: Date | undefined
}

/**
 * Who made a token, as its row keeps it: `account:SUB` or `cli:USER`.
 *
 * @example
 * tokenCreator({ kind: 'cli', user: 'ada' }) // 'cli:ada'
 */
export function tokenCreator(actor: AuditActor): string {
  if (actor.kind === 'account') return `account:${actor.sub}`
  if (actor.kind === 'cli') return `cli:${actor.user}`
  return actor.kind === 'token' ? `token:${actor.id}` : actor.kind
}

/**
 * Makes a token and records `token.created` (scopes and expiry, never the
 * secret); returns the secret, which nothing can show again.
 *
 * @example
 * const { token, secret } = await issueManagementToken(db, { actor: cliActor(), organisation: null, name: 'CMS', scopes: 'ads:write' })
 */
export async function issueManagementToken(
  db: Kysely<Database>,
  request: TokenRequest,
  now = new Date(),
): Promise<{ token: ManagementToken; secret: string }> {
  const { actor, organisation } = request
  const made = await createManagementToken(
    db,
    {
      name: request.name,
      organisationId: organisation?.id ?? null,
      scopes: request.scopes,
      createdBy: tokenCreator(actor),
      expiresInDays: request.expiresInDays,
      expiresAt: request.expiresAt,
    },
    now,
  )
  await recordAuditEvent(
    db,
    {
      actor,
      action: 'token.created',
      target: managementTokenTarget(made.token),
      organisation: organisation?.code ?? null,
      detail: { scopes: made.token.scopes, expires_at: made.token.expiresAt },
    },
    now,
  )
  return made
}

/**
 * Revokes a token and records `token.revoked`; a token revoked already
 * is left as it was and records nothing. Says whether this call revoked it.
 *
 * @example
 * await withdrawManagementToken(db, accountActor(session), token, 'ORG0123456789')
 */
export async function withdrawManagementToken(
  db: Kysely<Database>,
  actor: AuditActor,
  token: ManagementToken,
  organisationCode: string | null,
  now = new Date(),
): Promise<boolean> {
  if (!(await revokeManagementToken(db, token.id, now))) return false
  await recordAuditEvent(db, { actor, action: 'token.revoked', target: managementTokenTarget(token), organisation: organisationCode }, now)
  return true
}
