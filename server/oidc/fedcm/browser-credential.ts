/**
 * @module The credential a partner page receives in the browser (FedCM's
 * ID assertion, One Tap): an id_token for the client bound to the page's
 * nonce, disclosing the profile and e-mail address. Issuing it records the
 * user's consent and the `account.signed_in` event.
 */
import type { Context } from 'hono'
import type { ClientRow } from '../../db/schema.js'
import { clientAddress } from '../../http/client-address.js'
import { grantConsent } from '../authorize/consents.js'
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
  await provider.events.record(provider.db, 'account.signed_in', client.client_id, {
    account: session.user.sub,
    scopes: BROWSER_SCOPES,
    ip: clientAddress(c),
    user_agent: c.req.header('User-Agent') ?? '',
  })
  return token
}
