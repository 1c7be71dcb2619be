/**
 * @module Issues an authorization code: random, stored as SHA-256, single
 * use, valid 60 seconds, bound to the client, redirect URI, scopes, nonce,
 * PKCE challenge and sign-in time, and naming a new grant (stored by
 * `grants/authorization-codes.ts`).
 */
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.js'
import { LIFETIMES, type IdentityProviderContext } from '../../grants/identity-provider-context.js'
import type { ActiveSession } from '../../grants/sessions.js'
import { storeAuthorizationCode } from '../../grants/authorization-codes.js'
import type { AuthorizationRequest } from './read-request.js'

/**
 * Stores a code for the request and returns its value.
 *
 * @example
 * const code = await issueCode(provider, request, session)
 */
export async function issueCode(
  provider: IdentityProviderContext,
  request: Pick<AuthorizationRequest, 'client' | 'redirectUri' | 'scopes' | 'nonce' | 'codeChallenge'>,
  session: ActiveSession,
  db: Kysely<Database> = provider.db,
): Promise<string> {
  const now = provider.now()
  const code = randomBytes(32).toString('base64url')
  await storeAuthorizationCode(db, code, {
    grant_id: `grt_${randomBytes(16).toString('base64url')}`,
    client_id: request.client.id,
    user_id: session.user.id,
    session_id: session.id,
    redirect_uri: request.redirectUri,
    scopes: request.scopes.join(' '),
    nonce: request.nonce ?? null,
    code_challenge: request.codeChallenge ?? null,
    auth_time: session.authTime,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + LIFETIMES.authorizationCode * 1000).toISOString(),
    consumed_at: null,
  })
  return code
}
