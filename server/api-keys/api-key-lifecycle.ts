/**
 * @module Issuing and revoking an organisation's API keys as one act with
 * its audit record, so the console, `svc-bff key create|revoke` and the
 * management API apply one rule each: a key left without origins takes
 * its organisation's, and revoking a key revoked already changes nothing
 * and records nothing.
 */
import type { Kysely } from 'kysely'
import type { AuditActor } from '../audit/audit-actions.js'
import { recordAuditEvent } from '../audit/audit-events.js'
import { apiKeyTarget } from '../audit/audit-targets.js'
import type { Database, OrganisationRow } from '../db/schema.js'
import { originsOfOrganisation } from '../orgs/organisations.js'
import { apiKeyWithId, createApiKey, type ListedApiKey, revokeApiKey } from './api-keys.js'

export interface ApiKeyIssue {
  organisation: OrganisationRow
  /** Allowed origins; `undefined` takes the organisation's, an empty list allows any origin. */
  origins?: string[] | undefined
  rateLimit?: number | undefined
  permissions?: string[] | undefined
  actor: AuditActor
}

/**
 * Creates a key and records it; the key itself is returned once and never stored.
 *
 * @example
 * const { apiKey, key } = await issueApiKey(db, { organisation, actor: cliActor() })
 */
export async function issueApiKey(
  db: Kysely<Database>,
  { organisation, origins, rateLimit, permissions, actor }: ApiKeyIssue,
  now = new Date(),
): Promise<{ apiKey: string; key: ListedApiKey }> {
  const { apiKey, keyId } = await createApiKey(
    db,
    {
      organisationId: organisation.id,
      origins: origins ?? originsOfOrganisation(organisation),
      ...(rateLimit === undefined ? {} : { rateLimit }),
      ...(permissions === undefined ? {} : { permissions }),
    },
    now,
  )
  const { organisation_id: _organisation, ...key } = (await apiKeyWithId(db, keyId))!
  await recordAuditEvent(
    db,
    {
      actor,
      action: 'api_key.created',
      target: apiKeyTarget(keyId, key.key_prefix),
      organisation: organisation.code,
      detail: { origins: key.origins, rate_limit: key.rate_limit, permissions: key.permissions },
    },
    now,
  )
  return { apiKey, key }
}

/**
 * Revokes a key and records it; a key revoked already keeps its first
 * revocation time and is not recorded again (`already: true`).
 *
 * @example
 * const { already, revokedAt } = await revokeApiKeyAs(db, key, organisation.code, cliActor())
 */
export async function revokeApiKeyAs(
  db: Kysely<Database>,
  key: Pick<ListedApiKey, 'id' | 'key_prefix' | 'revoked_at'>,
  organisation: string | null,
  actor: AuditActor,
  now = new Date(),
): Promise<{ already: boolean; revokedAt: string }> {
  if (key.revoked_at !== null) return { already: true, revokedAt: key.revoked_at }
  await revokeApiKey(db, key.id, now)
  await recordAuditEvent(db, { actor, action: 'api_key.revoked', target: apiKeyTarget(key.id, key.key_prefix), organisation }, now)
  return { already: false, revokedAt: now.toISOString() }
}
