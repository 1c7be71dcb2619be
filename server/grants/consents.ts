/**
 * @module Consent, remembered per user and client until revoked: a
 * request needs the consent page only for scopes not granted before
 * (stored by `accounts/consents.ts`).
 */
import { liveConsent, storeConsent } from '../accounts/consents.js'
import type { ClientRow, UserRow } from '../db/schema.js'
import type { IdentityProviderContext } from './identity-provider-context.js'

/**
 * The scopes the user has granted the client and not revoked.
 *
 * @example
 * const granted = await grantedScopes(provider, user, client)
 */
export async function grantedScopes(provider: IdentityProviderContext, user: UserRow, client: ClientRow): Promise<Set<string>> {
  return new Set((await liveConsent(provider.db, user.id, client.id))?.scopes ?? [])
}

/**
 * Records consent to `scopes` (added to what was granted before) and raises
 * `account.consent_granted` when anything new was granted.
 *
 * @example
 * await grantConsent(provider, user, client, ['openid', 'email'])
 */
export async function grantConsent(provider: IdentityProviderContext, user: UserRow, client: ClientRow, scopes: string[]): Promise<void> {
  const before = await grantedScopes(provider, user, client)
  const added = scopes.filter((scope) => !before.has(scope))
  if (added.length === 0) return
  const grantedAt = provider.now().toISOString()
  await provider.db.transaction().execute(async (trx) => {
    await storeConsent(trx, { userId: user.id, clientId: client.id, scopes: [...before, ...added], grantedAt })
    await provider.events.record(trx, 'account.consent_granted', client.client_id, { account: user.sub, scopes })
  })
}
