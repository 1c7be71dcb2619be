/**
 * @module Migration 0010: when a key was withdrawn from the JWKS. An
 * emergency rotation (a leaked key) withdraws every earlier key at once,
 * so that tokens signed with it stop verifying, instead of keeping it
 * published for 91 days like a key retired in the ordinary way. Frozen:
 * never edit a migration that has shipped.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signing_keys').addColumn('withdrawn_at', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signing_keys').dropColumn('withdrawn_at').execute()
}
