/**
 * @module Consent, remembered per user and client until revoked: a
 * request needs the consent page only for scopes not granted before.
 */
import type { ClientRow, UserRow } from '../../db/schema.js'
import type { Provider } from '../provider.js'

/**
 * The scopes the user has granted the client and not revoked.
 *
 * @example
 * const granted = await grantedScopes(provider, user, client)
 */
export async function grantedScopes(provider: Provider, user: UserRow, client: ClientRow): Promise<Set<string>> {
  const row = await provider.db
    .selectFrom('consents')
    .select('scopes')
    .where('user_id', '=', user.id)
    .where('client_id', '=', client.id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return new Set(row ? (JSON.parse(row.scopes) as string[]) : [])
}

/**
 * Records consent to `scopes` (added to what was granted before) and raises
 * `account.consent_granted` when anything new was granted.
 *
 * @example
 * await grantConsent(provider, user, client, ['openid', 'email'])
 */
export async function grantConsent(provider: Provider, user: UserRow, client: ClientRow, scopes: string[]): Promise<void> {
  const before = await grantedScopes(provider, user, client)
  const added = scopes.filter((scope) => !before.has(scope))
  if (added.length === 0) return
  const all = JSON.stringify([...before, ...added])
  const now = provider.now().toISOString()
  await provider.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('consents')
      .set({ scopes: all, granted_at: now })
      .where('user_id', '=', user.id)
      .where('client_id', '=', client.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) {
      await trx
        .insertInto('consents')
        .values({ user_id: user.id, client_id: client.id, scopes: all, granted_at: now, revoked_at: null })
        .execute()
    }
    await provider.events.record(trx, 'account.consent_granted', client.client_id, { account: user.sub, scopes })
  })
}
