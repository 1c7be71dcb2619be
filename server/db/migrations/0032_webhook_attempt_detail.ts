/**
 * @module Migration 0032: what each webhook attempt sent and got back, for
 * the delivery detail of the portal: the request's headers (as sent, the
 * signatures included) and body, the response's headers and the first
 * 4 KB of its body (`response_truncated` 1 when more came and was dropped),
 * and when the next attempt is due (null once delivered or when no retry
 * is left). Attempts made before it have none of these (null, 0). Only
 * added columns on `webhook_attempts`: other migrations add their own
 * beside them. Frozen: never edit a migration that has shipped; add a new one.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('webhook_attempts').addColumn('request_headers', 'text').execute()
  await db.schema.alterTable('webhook_attempts').addColumn('request_body', 'text').execute()
  await db.schema.alterTable('webhook_attempts').addColumn('response_headers', 'text').execute()
  await db.schema
    .alterTable('webhook_attempts')
    .addColumn('response_truncated', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('webhook_attempts').addColumn('next_attempt_at', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['next_attempt_at', 'response_truncated', 'response_headers', 'request_body', 'request_headers'])
    await db.schema.alterTable('webhook_attempts').dropColumn(column).execute()
}
