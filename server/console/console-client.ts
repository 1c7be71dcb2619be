/**
 * @module The console's own registration at svc: a confidential,
 * first-party client made on first start and kept in step with the
 * issuer, whose id and secret the server keeps in its settings (the
 * console is a relying party of the very server it runs in).
 */
import type { Kysely } from 'kysely'
import { createClient } from '../clients/clients.js'
import type { Database } from '../db/schema.js'
import { CONSOLE_SCOPES } from './console-sessions.js'

const SETTING = 'console-client'

export interface ConsoleClient {
  clientId: string
  clientSecret: string
  redirectUri: string
  postLogoutRedirectUri: string
}

/**
 * The console's client, registering it on first use and pointing its URIs at `issuer`.
 *
 * @example
 * const client = await ensureConsoleClient(db, 'http://localhost:8787')
 */
export async function ensureConsoleClient(db: Kysely<Database>, issuer: string): Promise<ConsoleClient> {
  const redirectUri = `${issuer}/console/callback`
  const postLogoutRedirectUri = `${issuer}/console/signed-out`
  const uris = { redirect_uris: JSON.stringify([redirectUri]), post_logout_redirect_uris: JSON.stringify([postLogoutRedirectUri]) }
  let stored = await readSetting(db)
  if (!stored) {
    const made = await createClient(db, {
      name: 'svc console',
      redirectUris: [redirectUri],
      postLogoutRedirectUris: [postLogoutRedirectUri],
      scopes: CONSOLE_SCOPES,
      issuer,
    })
    await db
      .insertInto('settings')
      .values({ name: SETTING, value: JSON.stringify({ client_id: made.clientId, client_secret: made.clientSecret }) })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute()
    stored = (await readSetting(db))!
    // Another replica registered first: its client is the console's, ours goes.
    if (stored.client_id !== made.clientId) await db.deleteFrom('clients').where('client_id', '=', made.clientId).execute()
  }
  await db
    .updateTable('clients')
    .set({ ...uris, first_party: 1 })
    .where('client_id', '=', stored.client_id)
    .execute()
  return { clientId: stored.client_id, clientSecret: stored.client_secret, redirectUri, postLogoutRedirectUri }
}

async function readSetting(db: Kysely<Database>): Promise<{ client_id: string; client_secret: string } | undefined> {
  const row = await db.selectFrom('settings').select('value').where('name', '=', SETTING).executeTakeFirst()
  return row ? (JSON.parse(row.value) as { client_id: string; client_secret: string }) : undefined
}
