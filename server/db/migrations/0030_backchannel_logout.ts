/**
 * @module Migration 0030: OpenID Connect Back-Channel Logout 1.0. Clients
 * may register `backchannel_logout_uri` and
 * `backchannel_logout_session_required` (0/1); every session gets `sid`, a
 * random public name id_tokens and logout tokens carry (never the cookie's
 * secret, so a relying party that logs it gives nothing away); and
 * `session_clients` records which clients each session signed in to, as
 * only those are told when it ends. Sessions and sign-ins from before it
 * are filled in: a random `sid` each, and the clients their codes and
 * tokens went to. Only added columns on `clients` and `sessions`: other
 * migrations add their own beside them. Frozen: never edit a migration
 * that has shipped; add a new one.
 */
import { randomBytes } from 'node:crypto'
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clients').addColumn('backchannel_logout_uri', 'text').execute()
  await db.schema
    .alterTable('clients')
    .addColumn('backchannel_logout_session_required', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('sessions').addColumn('sid', 'text').execute()
  // Random, so no relying party can name another's session; made here, not in SQL, as neither database's random is portable.
  for (;;) {
    const rows = await db.selectFrom('sessions').select('id').where('sid', 'is', null).limit(500).execute()
    if (rows.length === 0) break
    for (const row of rows)
      await db
        .updateTable('sessions')
        .set({ sid: randomBytes(16).toString('base64url') })
        .where('id', '=', row.id)
        .execute()
  }
  await db.schema.createIndex('sessions_by_sid').on('sessions').column('sid').unique().execute()
  await db.schema
    .createTable('session_clients')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    /** When the session first signed in to the client (ISO 8601). */
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('session_clients_pk', ['session_id', 'client_id'])
    .execute()
  await sql`
    insert into session_clients (session_id, client_id, created_at)
    select session_id, client_id, min(created_at) from (
      select session_id, client_id, created_at from authorization_codes where session_id is not null
      union all
      select session_id, client_id, created_at from tokens where session_id is not null
    ) as issued
    where session_id in (select id from sessions)
    group by session_id, client_id`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('session_clients').execute()
  await db.schema.dropIndex('sessions_by_sid').execute()
  await db.schema.alterTable('sessions').dropColumn('sid').execute()
  await db.schema.alterTable('clients').dropColumn('backchannel_logout_session_required').execute()
  await db.schema.alterTable('clients').dropColumn('backchannel_logout_uri').execute()
}
