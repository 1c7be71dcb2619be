/**
 * @module The consents repository: which scopes each user granted each
 * client, kept until revoked; the one module that reads and writes the
 * `consents` table, its scopes parsed here.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'

/** A user's live consent to one client. */
export interface Consent {
  id: number
  /** The client's row id. */
  clientId: number
  scopes: string[]
  grantedAt: string
}

/**
 * The user's live (unrevoked) consent to the client, if any.
 *
 * @example
 * const consent = await liveConsent(db, user.id, client.id)
 */
export async function liveConsent(db: Kysely<Database>, userId: number, clientId: number): Promise<Consent | undefined> {
  const row = await db
    .selectFrom('consents')
    .select(['id', 'client_id', 'scopes', 'granted_at'])
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return row && consentOf(row)
}

/**
 * The user's live consents, most recently granted first.
 *
 * @example
 * const approved = (await liveConsentsOf(db, user.id)).map((consent) => consent.clientId)
 */
export async function liveConsentsOf(db: Kysely<Database>, userId: number): Promise<Consent[]> {
  const rows = await db
    .selectFrom('consents')
    .select(['id', 'client_id', 'scopes', 'granted_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('granted_at', 'desc')
    .execute()
  return rows.map(consentOf)
}

/**
 * The row ids of every client the user ever consented to, revoked consents included.
 *
 * @example
 * const clientIds = await clientsEverConsentedTo(trx, user.id)
 */
export async function clientsEverConsentedTo(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('consents').select('client_id').where('user_id', '=', userId).execute()
  return rows.map((row) => row.client_id)
}

/**
 * Stores `scopes` as the user's whole live consent to the client: replaces
 * the live consent's scopes, or records a new consent when there is none.
 *
 * @example
 * await storeConsent(trx, { userId: user.id, clientId: client.id, scopes: ['openid', 'email'], grantedAt: now })
 */
export async function storeConsent(
  db: Kysely<Database>,
  { userId, clientId, scopes, grantedAt }: { userId: number; clientId: number; scopes: string[]; grantedAt: string },
): Promise<void> {
  const json = JSON.stringify(scopes)
  const updated = await db
    .updateTable('consents')
    .set({ scopes: json, granted_at: grantedAt })
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0) {
    await db
      .insertInto('consents')
      .values({ user_id: userId, client_id: clientId, scopes: json, granted_at: grantedAt, revoked_at: null })
      .execute()
  }
}

/**
 * Marks a consent revoked.
 *
 * @example
 * await markConsentRevoked(trx, consent.id, new Date())
 */
export async function markConsentRevoked(db: Kysely<Database>, consentId: number, now: Date): Promise<void> {
  await db.updateTable('consents').set({ revoked_at: now.toISOString() }).where('id', '=', consentId).execute()
}

function consentOf(row: { id: number; client_id: number; scopes: string; granted_at: string }): Consent {
  return { id: row.id, clientId: row.client_id, scopes: JSON.parse(row.scopes) as string[], grantedAt: row.granted_at }
}
