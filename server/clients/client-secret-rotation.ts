/**
 * @module Rotating a client's secret: a new one, shown once, and the old
 * one refused from the next request on, recorded as
 * `client.secret_rotated` in the same transaction. There is no grace
 * period, as Keycloak's "Regenerate secret" has none: a secret is
 * rotated because it may have leaked, and the client's owner deploys the
 * new one. A public client has no secret (409). The management API's
 * `POST /api/v1/clients/{client_id}/secret` calls it; the developer
 * portal and the command line would call the same.
 */
import type { Kysely } from 'kysely'
import type { AuditActor } from '../audit/audit-actions.js'
import { recordAuditEvent } from '../audit/audit-events.js'
import { clientTarget } from '../audit/audit-targets.js'
import { inTransaction } from '../db/in-transaction.js'
import type { ClientRow, Database } from '../db/schema.js'
import { Refusal } from '../refusal.js'
import { replaceClientSecret } from './clients.js'

/** A public client (PKCE, no secret) asked for a new secret. */
export class PublicClientHasNoSecret extends Refusal {
  override name = 'PublicClientHasNoSecret'
  readonly status = 409
  constructor(client: Pick<ClientRow, 'client_id'>) {
    super(`client ${client.client_id} is public (it signs in with PKCE and no secret), so it has no secret to rotate`)
  }
}

/**
 * Replaces the client's secret and records who did it; returns the new secret.
 *
 * @example
 * const secret = await rotateClientSecret(db, client, caller.actor, { organisation: 'ORG0123456789' })
 */
export async function rotateClientSecret(
  db: Kysely<Database>,
  client: Pick<ClientRow, 'id' | 'client_id' | 'name'>,
  actor: AuditActor,
  { organisation = null, now = new Date() }: { organisation?: string | null; now?: Date } = {},
): Promise<string> {
  return inTransaction(db, async (trx) => {
    const secret = await replaceClientSecret(trx, client.id)
    if (secret === undefined) throw new PublicClientHasNoSecret(client)
    await recordAuditEvent(trx, { actor, action: 'client.secret_rotated', target: clientTarget(client), organisation }, now)
    return secret
  })
}
