/**
 * @module The redirect-URI rule of every path that sends a code back: a
 * URI the client registered (exactly, or any port of a loopback address
 * for a native app; `clients/redirect-uris.ts`), or svc's own SDK callback,
 * which hands the code to the page that started the flow.
 */
import { redirectUriRegistered } from '../../clients/client-row.js'
import type { ClientRow } from '../../db/schema.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { SDK_CALLBACK_PATH } from '../sdk-callback.js'

/**
 * True when `uri` is one of the client's redirect URIs or svc's SDK callback.
 *
 * @example
 * if (!redirectUriAllowed(provider, client, uri)) refuse()
 */
export function redirectUriAllowed(provider: Pick<IdentityProviderContext, 'issuer'>, client: ClientRow, uri: string): boolean {
  return uri === `${provider.issuer}${SDK_CALLBACK_PATH}` || redirectUriRegistered(client, uri, provider.issuer)
}
