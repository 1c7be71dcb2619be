/**
 * @module Migration 0007: when each signing key starts signing. A rotation
 * publishes the new key at once and lets it sign only once relying
 * parties' cached key sets have expired, so a key's publication
 * (`created_at`) and its first signature (`signs_from`) are apart; keys
 * made before this migration signed from their creation. Frozen: never
 * edit a migration that has shipped.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('signing_keys')
    .addColumn('signs_from', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await sql`update signing_keys set signs_from = created_at`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signing_keys').dropColumn('signs_from').execute()
}
