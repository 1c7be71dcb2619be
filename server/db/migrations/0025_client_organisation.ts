/**
 * @module Migration 0025: a client belongs to an organisation
 * (`organisation_id`), so an organisation's management token reaches its
 * clients and their webhooks and no other's. Clients registered in the
 * console take their developer's organisation; those the CLI or an
 * operator registered belong to none (an operator-wide token reaches
 * them). Existing rows take their owner's organisation where they have one.
 * Frozen: never edit a migration that has shipped; add a new one.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('clients')
    .addColumn('organisation_id', 'integer', (c) => c.references('organisations.id'))
    .execute()
  await sql`update clients set organisation_id = (
      select organisations.id from users join organisations on organisations.code = users.svc_app where users.sub = clients.owner_sub
    ) where owner_sub is not null`.execute(db)
  await db.schema.createIndex('clients_by_organisation').on('clients').columns(['organisation_id', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('clients_by_organisation').execute()
  await db.schema.alterTable('clients').dropColumn('organisation_id').execute()
}
