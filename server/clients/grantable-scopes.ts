/**
 * @module The one decision of which scopes a client may get: those it asks
 * for that it is registered for. Every path to a token (the authorization
 * endpoint, FedCM's assertion, One Tap, the SDK's code flow, code
 * redemption, refresh) goes through it, so a client registered for
 * `openid` alone never receives e-mail or profile claims, token scopes or
 * stored consent for them, whichever door it comes through.
 */
import type { ClientRow } from '../db/schema.js'
import { scopesOf } from './client-row.js'

/**
 * The requested scopes the client is registered for, each once, in the order asked.
 *
 * @example
 * const scopes = grantableScopes(client, ['openid', 'profile', 'email']) // ['openid'] for an openid-only client
 */
export function grantableScopes(client: ClientRow, requested: Iterable<string>): string[] {
  const registered = new Set(scopesOf(client))
  return [...new Set(requested)].filter((scope) => registered.has(scope))
}
