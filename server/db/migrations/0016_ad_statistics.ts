/**
 * @module Migration 0016: ad statistics, aggregate counts only. One row per
 * organisation, hour, ad and slot holds how often the ad was served, seen
 * (viewable) and followed (clicks); nothing about who saw it. The primary
 * key leads with (organisation, hour) so a report over an hour range is one
 * index range scan, and replicas add to a row with an additive upsert.
 * No foreign key: counts outlive a deleted ad. Frozen: never edit a
 * migration that has shipped; add a new one.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ad_statistics')
    .addColumn('organisation_id', 'integer', (c) => c.notNull())
    /** The hour's start, ISO 8601 in UTC: `2025-05-01T13:00:00.000Z`. */
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('ad_code', 'text', (c) => c.notNull())
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('served', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('viewable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('ad_statistics_pk', ['organisation_id', 'hour', 'ad_code', 'slot'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ad_statistics').execute()
}
