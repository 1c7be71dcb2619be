/**
 * @module Migration 0019: an account whose address is not confirmed opens
 * nothing. What such accounts hold from before (external links, sessions)
 * may be a stranger's, so it goes; and codes are found by account and by
 * session, to be spent when a sign-in ends.
 * Frozen: never edit a migration that has shipped; add a new one.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  const unconfirmed = db.selectFrom('users').select('id').where('email_verified', '=', 0)
  await db.deleteFrom('account_links').where('user_id', 'in', unconfirmed).execute()
  await db.updateTable('users').set({ svc_links: '[]' }).where('email_verified', '=', 0).execute()
  await db
    .updateTable('sessions')
    .set({ ended_at: new Date().toISOString() })
    .where('ended_at', 'is', null)
    .where('user_id', 'in', unconfirmed)
    .execute()
  await db.schema.createIndex('authorization_codes_by_user').on('authorization_codes').column('user_id').execute()
  await db.schema.createIndex('authorization_codes_by_session').on('authorization_codes').column('session_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('authorization_codes_by_session').execute()
  await db.schema.dropIndex('authorization_codes_by_user').execute()
}
