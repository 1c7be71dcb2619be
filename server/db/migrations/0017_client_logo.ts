/**
 * @module Migration 0017: a client may register a logo (`logo_uri`, as in
 * OpenID Connect Dynamic Client Registration), shown on the consent page.
 * Frozen: never edit a migration that has shipped; add a new one.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clients').addColumn('logo_uri', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clients').dropColumn('logo_uri').execute()
}
