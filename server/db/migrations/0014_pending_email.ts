/**
 * @module Migration 0014: an account token may carry the new e-mail
 * address a person asked to change to; following its link makes that the
 * account's address. Frozen: never edit a migration that has shipped; add a new one.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account_tokens').addColumn('new_email', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account_tokens').dropColumn('new_email').execute()
}
