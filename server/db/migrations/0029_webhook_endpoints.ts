/**
 * @module Migration 0029: a client has several webhook endpoints
 * (`webhook_endpoints`, ids `ep_…`), each with its URL, a description, the
 * events it subscribes to (a JSON array of names, or `["*"]` for every
 * event), and whether it is disabled (`disabled_at`, `disabled_reason`:
 * by a person or, later, by the sender after failing for days). Signing
 * secrets and deliveries name their endpoint (`endpoint_id`).
 *
 * Each client's single `webhook_url` becomes one endpoint subscribed to
 * every event, carrying the client's active and removed secrets, so
 * receivers keep verifying with the secret they hold; its deliveries move
 * with it. Secrets stay sealed under their client (db/secret-box.ts), so
 * no secret is decrypted or re-encrypted here. The `webhook_url` column
 * goes: the endpoints are the one place a URL lives.
 *
 * The new columns carry no foreign key: SQLite cannot drop a column that
 * has one, which `down` must; the endpoints repository removes an
 * endpoint's secrets and deliveries with it, and a client's go with the
 * client as before (their `client_id` cascades).
 * Frozen: never edit a migration that has shipped; add a new one.
 */
import { randomBytes } from 'node:crypto'
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('disabled_at', 'text')
    .addColumn('disabled_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('webhook_endpoints_by_client').on('webhook_endpoints').columns(['client_id', 'created_at']).execute()
  await db.schema.alterTable('webhook_secrets').addColumn('endpoint_id', 'text').execute()
  await db.schema.createIndex('webhook_secrets_by_endpoint').on('webhook_secrets').column('endpoint_id').execute()
  await db.schema.alterTable('webhook_deliveries').addColumn('endpoint_id', 'text').execute()
  await db.schema.createIndex('webhook_deliveries_by_endpoint').on('webhook_deliveries').columns(['endpoint_id', 'created_at']).execute()

  const clients = await db.selectFrom('clients').select(['id', 'webhook_url', 'created_at']).where('webhook_url', 'is not', null).execute()
  for (const client of clients) {
    const id = `ep_${randomBytes(12).toString('base64url')}`
    // The endpoint existed since its oldest secret was made, or else since the client was.
    const oldest = await db
      .selectFrom('webhook_secrets')
      .select('created_at')
      .where('client_id', '=', client.id)
      .orderBy('id', 'asc')
      .executeTakeFirst()
    await db
      .insertInto('webhook_endpoints')
      .values({ id, client_id: client.id, url: client.webhook_url, description: '', events: '["*"]', created_at: oldest?.created_at ?? client.created_at })
      .execute()
    await db.updateTable('webhook_secrets').set({ endpoint_id: id }).where('client_id', '=', client.id).execute()
    await db.updateTable('webhook_deliveries').set({ endpoint_id: id }).where('client_id', '=', client.id).execute()
  }
  await db.schema.alterTable('clients').dropColumn('webhook_url').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clients').addColumn('webhook_url', 'text').execute()
  // Back to one URL a client: its oldest endpoint's.
  await sql`update clients set webhook_url = (
      select url from webhook_endpoints where webhook_endpoints.client_id = clients.id order by created_at, id limit 1
    )`.execute(db)
  await db.schema.dropIndex('webhook_deliveries_by_endpoint').execute()
  await db.schema.alterTable('webhook_deliveries').dropColumn('endpoint_id').execute()
  await db.schema.dropIndex('webhook_secrets_by_endpoint').execute()
  await db.schema.alterTable('webhook_secrets').dropColumn('endpoint_id').execute()
  await db.schema.dropTable('webhook_endpoints').execute()
}
