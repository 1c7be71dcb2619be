/**
 * @module Migration 0022: an organisation can be archived (`archived_at`,
 * null while it is active) instead of deleted, so its ads, keys and
 * reports stay on record while its ads stop being served and its keys
 * stop answering.
 * Frozen: never edit a migration that has shipped; add a new one.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organisations').addColumn('archived_at', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organisations').dropColumn('archived_at').execute()
}
