/**
 * @module The credential a partner page receives in the browser (FedCM's
 * ID assertion, One Tap): an id_token for the client bound to the page's
 * nonce, disclosing the profile and e-mail address, or, when the partner
 * asked for the code flow, an authorization code bound to its PKCE
 * challenge that its backend redeems. Issuing either records the user's
 * consent and the `account.signed_in` event.
 */
import type { Context } from 'hono'
import type { ClientRow } from '../../db/schema.js'
import { clientAddress } from '../../http/client-address.js'
import { grantConsent } from '../authorize/consents.js'
import { issueCode } from '../authorize/issue-code.js'
import { SDK_CALLBACK_PATH } from '../sdk-callback.js'
import type { Provider } from '../provider.js'
import type { ActiveSession } from '../sessions.js'
import { signIdToken } from '../tokens.js'

/** What the browser flows disclose to the client, as scopes. */
const BROWSER_SCOPES = ['openid', 'profile', 'email']

/**
 * Records consent and the sign-in, and returns the id_token.
 *
 * @example
 * const token = await browserCredential(c, provider, session, client, nonce)
 */
export async function browserCredential(
  c: Context,
  provider: Provider,
  session: ActiveSession,
  client: ClientRow,
  nonce: string | undefined,
): Promise<string> {
  await grantConsent(provider, session.user, client, BROWSER_SCOPES)
  const token = await signIdToken(provider, { client, user: session.user, scopes: BROWSER_SCOPES, authTime: session.authTime, nonce })
  await recordSignIn(c, provider, session, client)
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
  provider: Provider,
  session: ActiveSession,
  client: ClientRow,
  nonce: string | undefined,
  codeChallenge: string,
): Promise<string> {
  await grantConsent(provider, session.user, client, BROWSER_SCOPES)
  const code = await issueCode(
    provider,
    { client, redirectUri: `${provider.issuer}${SDK_CALLBACK_PATH}`, scopes: BROWSER_SCOPES, nonce, codeChallenge },
    session,
  )
  await recordSignIn(c, provider, session, client)
  return code
}

function recordSignIn(c: Context, provider: Provider, session: ActiveSession, client: ClientRow): Promise<void> {
  return provider.events.record(provider.db, 'account.signed_in', client.client_id, {
    account: session.user.sub,
    scopes: BROWSER_SCOPES,
    ip: clientAddress(c),
    user_agent: c.req.header('User-Agent') ?? '',
  })
}
