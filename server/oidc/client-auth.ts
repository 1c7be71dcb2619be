/**
 * @module Client authentication at the token, revocation and
 * introspection endpoints (RFC 6749 §2.3): `client_secret_basic`,
 * `client_secret_post`, or `none` for public clients. One method per
 * request; a failure is `invalid_client`, with `WWW-Authenticate: Basic`
 * when Basic was tried. Clients are kept in memory under the clients
 * table's change stamp, so a refresh grant reads no client row, and a
 * changed secret or setting applies to the next request.
 */
import { clientByClientId } from '../clients/clients.js'
import { clientSecretMatches, isPublicClient } from '../clients/client-row.js'
import { keptRows } from '../db/kept-rows.js'
import type { ClientRow } from '../db/schema.js'
import { InvalidClient, InvalidRequest } from './errors.js'
import type { IdentityProviderContext } from '../grants/identity-provider-context.js'

export interface AuthenticatedClient {
  client: ClientRow
  method: 'client_secret_basic' | 'client_secret_post' | 'none'
}

function basicCredentials(header: string): { id: string; secret: string } | undefined {
  const match = /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(header)
  if (!match) return undefined
  const decoded = Buffer.from(match[1]!, 'base64').toString()
  const colon = decoded.indexOf(':')
  if (colon < 0) return undefined
  try {
    // RFC 6749 §2.3.1: both parts are form-urlencoded before encoding.
    const decode = (part: string) => decodeURIComponent(part.replaceAll('+', ' '))
    return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) }
  } catch {
    return undefined
  }
}

/**
 * The client a `client_id` names, kept until the clients table's change
 * stamp moves (any write to it, here or in another process), so a changed
 * secret is refused from the next request on.
 */
const clientNamed = keptRows('clients', clientByClientId)

/**
 * Authenticates the calling client from the Authorization header and form.
 *
 * @example
 * const { client } = await authenticateClient(provider, c.req.header('Authorization'), form)
 */
export async function authenticateClient(
  provider: IdentityProviderContext,
  authorization: string | undefined,
  form: URLSearchParams,
): Promise<AuthenticatedClient> {
  const formId = form.get('client_id') ?? undefined
  const formSecret = form.get('client_secret') ?? undefined
  if (authorization !== undefined && /^Basic /i.test(authorization)) {
    const basicFailure = (message: string) =>
      Object.assign(new InvalidClient(message), { headers: { 'WWW-Authenticate': 'Basic realm="svc"' } })
    if (formSecret !== undefined) throw new InvalidRequest('send client credentials one way only: Basic or the form, not both')
    const credentials = basicCredentials(authorization)
    if (!credentials) throw basicFailure('the Basic Authorization header is malformed')
    if (formId !== undefined && formId !== credentials.id)
      throw new InvalidRequest('client_id in the form differs from the Basic credentials')
    const client = await clientNamed(provider.db, credentials.id)
    if (!client || !clientSecretMatches(client, credentials.secret)) throw basicFailure('client authentication failed')
    return { client, method: 'client_secret_basic' }
  }
  if (formId === undefined) throw new InvalidClient('client authentication is required: client_id and client_secret, or HTTP Basic')
  if (form.getAll('client_id').length > 1 || form.getAll('client_secret').length > 1)
    throw new InvalidRequest('client credentials must be given once')
  const client = await clientNamed(provider.db, formId)
  if (!client) throw new InvalidClient('client authentication failed')
  if (formSecret !== undefined) {
    if (!clientSecretMatches(client, formSecret)) throw new InvalidClient('client authentication failed')
    return { client, method: 'client_secret_post' }
  }
  if (!isPublicClient(client)) throw new InvalidClient('this client is confidential and must authenticate with its secret')
  return { client, method: 'none' }
}
