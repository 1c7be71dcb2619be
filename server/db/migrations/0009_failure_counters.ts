/**
 * @module Migration 0009: failed sign-ins counted in the database, so that
 * replicas on PostgreSQL slow a guesser down together. One row a bucket
 * (a digest, never an e-mail address or a client address in clear), with
 * the time of its last failure, from which the wait grows. Frozen: never
 * edit a migration that has shipped; add a new one.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('failure_counters')
    .addColumn('bucket', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('failure_counters_last_failure_at').on('failure_counters').column('last_failure_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('failure_counters').execute()
}
