/**
 * @module Migration 0015: an ad's schedule and weight. `starts_at` and
 * `ends_at` (ISO 8601 in UTC, or null for no bound) are the window in which
 * the ads API serves it; `weight` (1–100) is how often a random draw picks
 * it relative to the slot's other ads. Ads made before this migration run
 * unbounded with the default weight 10. Frozen: never edit a migration
 * that has shipped; add a new one.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ads').addColumn('starts_at', 'text').execute()
  await db.schema.alterTable('ads').addColumn('ends_at', 'text').execute()
  await db.schema
    .alterTable('ads')
    .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(10))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ads').dropColumn('weight').execute()
  await db.schema.alterTable('ads').dropColumn('ends_at').execute()
  await db.schema.alterTable('ads').dropColumn('starts_at').execute()
}
