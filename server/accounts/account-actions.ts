/**
 * @module What a user (or an operator for them) does to an account beyond
 * signing in: revoke an application's consent, delete the account. Each
 * records its account events in the same transaction as the change.
 */
import type { Kysely } from 'kysely'
import type { ClientRow, Database, UserRow } from '../db/schema.js'
import { InvalidInput } from '../invalid-input.js'
import type { AccountEvents } from '../oidc/account-events.js'

/**
 * Revokes the user's consent to a client and the client's tokens for the user.
 *
 * @example
 * await revokeConsent(db, events, user, client)
 */
export async function revokeConsent(
  db: Kysely<Database>,
  events: AccountEvents,
  user: UserRow,
  client: ClientRow,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const consent = await trx
      .selectFrom('consents')
      .select(['id', 'scopes'])
      .where('user_id', '=', user.id)
      .where('client_id', '=', client.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    if (!consent) throw new InvalidInput('client', `${user.email} has not consented to ${client.client_id}`)
    await trx.updateTable('consents').set({ revoked_at: now.toISOString() }).where('id', '=', consent.id).execute()
    await events.record(trx, 'account.consent_revoked', client.client_id, {
      account: user.sub,
      scopes: JSON.parse(consent.scopes) as string[],
    })
    const revoked = await trx
      .updateTable('tokens')
      .set({ revoked_at: now.toISOString() })
      .where('client_id', '=', client.id)
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    const count = Number(revoked.numUpdatedRows)
    if (count > 0)
      await events.record(trx, 'tokens.revoked', client.client_id, { account: user.sub, tokens: count, reason: 'consent revoked' })
  })
}

/**
 * Deletes the account with its sessions, consents and tokens, telling
 * every client the user had consented to or held tokens for.
 *
 * @example
 * await deleteAccount(db, events, user)
 */
export async function deleteAccount(db: Kysely<Database>, events: AccountEvents, user: UserRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const consented = await trx.selectFrom('consents').select('client_id').where('user_id', '=', user.id).execute()
    const holding = await trx
      .selectFrom('tokens')
      .select('client_id')
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute()
    const clientIds = [...new Set([...consented, ...holding].map((row) => row.client_id))]
    const clients = clientIds.length ? await trx.selectFrom('clients').select('client_id').where('id', 'in', clientIds).execute() : []
    for (const client of clients) await events.record(trx, 'account.deleted', client.client_id, { account: user.sub })
    await trx.deleteFrom('console_sessions').where('user_sub', '=', user.sub).execute()
    await trx.deleteFrom('users').where('id', '=', user.id).execute()
  })
}
