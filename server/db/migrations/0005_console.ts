/**
 * @module Migration 0005: the console's server-side sessions (its tokens
 * never reach the browser), first-party clients, which svc signs in
 * without a consent page, and the developer who registered each client. Frozen: never edit a migration that has shipped.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('console_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_sub', 'text', (c) => c.notNull())
    .addColumn('claims', 'text', (c) => c.notNull())
    .addColumn('id_token', 'text', (c) => c.notNull())
    .addColumn('access_token', 'text', (c) => c.notNull())
    .addColumn('refresh_token', 'text')
    .addColumn('csrf', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .alterTable('clients')
    .addColumn('first_party', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('clients').addColumn('owner_sub', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clients').dropColumn('owner_sub').execute()
  await db.schema.alterTable('clients').dropColumn('first_party').execute()
  await db.schema.dropTable('console_sessions').execute()
}
