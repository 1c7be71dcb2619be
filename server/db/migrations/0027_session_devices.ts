/**
 * @module Migration 0027: what the account page's list of sessions shows
 * of each: `user_agent`, the browser's User-Agent header at sign-in
 * (capped by the code that writes it; no IP address is kept), and
 * `last_active_at`, when the session was last used (written at most once a
 * minute). Sessions signed in before it count as last active when they
 * started. An index by account serves the list and signing an account
 * out, and one by session the revoking of the tokens a session was issued.
 * Frozen: never edit a migration that has shipped; add a new one.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute()
  await db.schema.alterTable('sessions').addColumn('last_active_at', 'text').execute()
  await sql`update sessions set last_active_at = created_at`.execute(db)
  await db.schema.createIndex('sessions_by_user').on('sessions').columns(['user_id', 'ended_at']).execute()
  // Signing one session out revokes the tokens issued in it.
  await db.schema.createIndex('tokens_by_session').on('tokens').column('session_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tokens_by_session').execute()
  await db.schema.dropIndex('sessions_by_user').execute()
  await db.schema.alterTable('sessions').dropColumn('last_active_at').execute()
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute()
}
