/**
 * @module Migration 0031: automatic disabling of failing webhook
 * endpoints. `webhook_endpoints.failing_since` is the start of the first
 * failed attempt to the endpoint after its last success (null while the
 * last attempt succeeded, or before any), so the worker decides "every
 * delivery failed for N days" from the endpoint's own row, without
 * reading its attempts. Deliveries gain a state, `held`: queued for an
 * endpoint while it is disabled, kept for recovery and not sent (the
 * `state` column is free text, so no change is needed for it here).
 * Only an added column: other migrations add their own beside it.
 * Frozen: never edit a migration that has shipped; add a new one.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').addColumn('failing_since', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  // A held delivery means nothing to an older svc: it goes back to the dead letters, where replays find it.
  await db.updateTable('webhook_deliveries').set({ state: 'dead' }).where('state', '=', 'held').execute()
  await db.schema.alterTable('webhook_endpoints').dropColumn('failing_since').execute()
}
