/**
 * @module The credential a partner page receives in the browser (FedCM's
 * ID assertion, One Tap): an id_token for the client bound to the page's
 * nonce, disclosing the profile and e-mail address when the client is
 * registered for them (`grantableScopes`), or, when the partner asked for
 * the code flow, an authorization code bound to its PKCE challenge that
 * its backend redeems. Issuing either records the user's consent to those
 * scopes and the `account.signed_in` event.
 */
import type { Context } from 'hono'
import { grantableScopes } from '../../clients/grantable-scopes.js'
import type { ClientRow } from '../../db/schema.js'
import { clientAddress } from '../../http/client-address.js'
import { grantConsent } from '../../grants/consents.js'
import { issueCode } from '../authorize/issue-code.js'
import { SDK_CALLBACK_PATH } from '../sdk-callback.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import type { ActiveSession } from '../../grants/sessions.js'
import { signIdToken } from '../../grants/tokens.js'
import { recordSessionClient } from '../../grants/session-clients.js'

/** What the browser flows ask for the client, as scopes; it gets those it is registered for. */
export const BROWSER_SCOPES = ['openid', 'profile', 'email']

/**
 * Records consent and the sign-in, and returns the id_token.
 *
 * @example
 * const token = await browserCredential(c, provider, session, client, nonce)
 */
export async function browserCredential(
  c: Context,
  provider: IdentityProviderContext,
  session: ActiveSession,
  client: ClientRow,
  nonce: string | undefined,
): Promise<string> {
  const scopes = grantableScopes(client, BROWSER_SCOPES)
  await grantConsent(provider, session.user, client, scopes)
  const token = await signIdToken(provider, { client, user: session.user, scopes, authTime: session.authTime, nonce, sessionId: session.id })
  // No code is stored on this path: the session's sign-in to the client is recorded here, for back-channel logout.
  await recordSessionClient(provider.db, { sessionId: session.id, clientId: client.id, at: provider.now() })
  await recordSignIn(c, provider, session, client, scopes)
  return token
}

/**
 * Records consent and the sign-in, and returns an authorization code for
 * svc's SDK redirect URI, which the client's backend redeems at the token
 * endpoint with the PKCE verifier.
 *
 * @example
 * const code = await browserCode(c, provider, session, client, nonce, challenge)
 */
export async function browserCode(
  c: Context,
  provider: IdentityProviderContext,
  session: ActiveSession,
  client: ClientRow,
  nonce: string | undefined,
  codeChallenge: string,
): Promise<string> {
  const scopes = grantableScopes(client, BROWSER_SCOPES)
  await grantConsent(provider, session.user, client, scopes)
  const code = await issueCode(
    provider,
    { client, redirectUri: `${provider.issuer}${SDK_CALLBACK_PATH}`, scopes, nonce, codeChallenge },
    session,
  )
  await recordSignIn(c, provider, session, client, scopes)
  return code
}

function recordSignIn(
  c: Context,
  provider: IdentityProviderContext,
  session: ActiveSession,
  client: ClientRow,
  scopes: string[],
): Promise<void> {
  return provider.events.record(provider.db, 'account.signed_in', client.client_id, {
    account: session.user.sub,
    scopes,
    ip: clientAddress(c),
    user_agent: c.req.header('User-Agent') ?? '',
  })
}
