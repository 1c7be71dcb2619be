/**
 * @module Migration 0011: images uploaded in the console, stored in the
 * database by the SHA-256 of their bytes (so every replica serves them and
 * the same bytes are kept once), with the type read from those bytes and
 * the organisation that first uploaded them, for a later quota. Frozen:
 * never edit a migration that has shipped; add a new one.
 */
import { type Kysely, PostgresAdapter } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('images')
    .addColumn('sha256', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('organisation_id', 'integer', (c) => c.references('organisations.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('images_organisation_id').on('images').column('organisation_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('images').execute()
}
