/**
 * @module Migration 0020: an account can be disabled (by an operator or
 * its organisation's admin) and enabled again; `disabled_at` says since
 * when, and a disabled account signs in nowhere.
 * Frozen: never edit a migration that has shipped; add a new one.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('disabled_at').execute()
}
