/**
 * @module Migration 0008: the svc session a console session was signed in
 * with, so that signing out of svc (or that session ending any other way)
 * ends the console session too. Console sessions made before have none and
 * end at once: their users sign in again. Frozen: never edit a migration
 * that has shipped.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('console_sessions').addColumn('svc_session_id', 'integer').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('console_sessions').dropColumn('svc_session_id').execute()
}
