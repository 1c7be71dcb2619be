/**
 * @module Migration 0018: clients have an `application_type` (OpenID
 * Connect Registration), `web` or `native`, because the loopback any-port
 * rule of RFC 8252 §7.3 is for native apps only. Confidential clients
 * become `web`; a public client with a loopback IP redirect URI
 * (`http://127.0.0.1…`, `http://[::1]…`) becomes `native`, since relying
 * on any port was the likely intent of such a client, and it keeps
 * working; every other client is `web`. Stored http(s) URIs whose path is
 * empty (`https://rp.example`), which stopped matching when requests were
 * compared character for character, are rewritten in their normalised
 * form (`https://rp.example/`) so they match again.
 * Frozen: never edit a migration that has shipped; add a new one.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('clients')
    .addColumn('application_type', 'text', (col) => col.notNull().defaultTo('web'))
    .execute()
  const clients = await db.selectFrom('clients').select(['id', 'secret_hash', 'redirect_uris', 'post_logout_redirect_uris']).execute()
  for (const client of clients) {
    const redirectUris = uris(client.redirect_uris)
    const postLogoutRedirectUris = uris(client.post_logout_redirect_uris)
    const native = client.secret_hash === null && redirectUris.some(isLoopbackIpUri)
    const normalised = {
      redirect_uris: JSON.stringify(redirectUris.map(withEmptyPathNormalised)),
      post_logout_redirect_uris: JSON.stringify(postLogoutRedirectUris.map(withEmptyPathNormalised)),
    }
    if (
      !native &&
      normalised.redirect_uris === client.redirect_uris &&
      normalised.post_logout_redirect_uris === client.post_logout_redirect_uris
    )
      continue
    await db
      .updateTable('clients')
      .set({ ...normalised, application_type: native ? 'native' : 'web' })
      .where('id', '=', client.id)
      .execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clients').dropColumn('application_type').execute()
}

function uris(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json)
    return Array.isArray(parsed) ? parsed.filter((value): value is string => typeof value === 'string') : []
  } catch {
    return []
  }
}

function isLoopbackIpUri(value: string): boolean {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === '[::1]')
}

/** `https://rp.example` → `https://rp.example/` (query kept); anything else unchanged. */
function withEmptyPathNormalised(value: string): string {
  if (!URL.canParse(value)) return value
  const url = new URL(value)
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.hash !== '') return value
  return value === `${url.protocol}//${url.host}${url.search}` ? url.href : value
}
