/**
 * @module The console's own registration at svc: a confidential,
 * first-party client made on first start and kept in step with the
 * issuer, whose id and secret the server keeps in its settings, the
 * secret encrypted (the console is a relying party of the very server it
 * runs in).
 */
import type { Kysely } from 'kysely'
import { createClient, deleteClient, makeFirstParty } from '../clients/clients.js'
import type { Database } from '../db/schema.js'
import { secretSetting, storeSecretSettingUnlessSet } from '../db/settings.js'
import { SVC_CONSOLE_CLIENT_NAME } from '../clients/registration-rules.js'
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
  let stored = await readSetting(db)
  if (!stored) {
    const made = await createClient(db, {
      name: SVC_CONSOLE_CLIENT_NAME,
      svcOwn: true,
      redirectUris: [redirectUri],
      postLogoutRedirectUris: [postLogoutRedirectUri],
      scopes: CONSOLE_SCOPES,
      issuer,
    })
    await storeSecretSettingUnlessSet(db, SETTING, JSON.stringify({ client_id: made.clientId, client_secret: made.clientSecret }))
    stored = (await readSetting(db))!
    // Another replica registered first: its client is the console's, ours goes.
    if (stored.client_id !== made.clientId) await deleteClient(db, made.clientId)
  }
  await makeFirstParty(db, stored.client_id, { redirectUris: [redirectUri], postLogoutRedirectUris: [postLogoutRedirectUri] })
  return { clientId: stored.client_id, clientSecret: stored.client_secret, redirectUri, postLogoutRedirectUri }
}

async function readSetting(db: Kysely<Database>): Promise<{ client_id: string; client_secret: string } | undefined> {
  const value = await secretSetting(db, SETTING)
  return value === undefined ? undefined : (JSON.parse(value) as { client_id: string; client_secret: string })
}
