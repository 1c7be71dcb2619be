/**
 * @module Reads an authorization request (OIDC Core §3.1.2.1). First the
 * client and redirect URI, which decide whether errors may redirect at all
 * (an unknown client or unregistered URI gets a page, never a redirect);
 * then every other parameter, whose errors redirect back to the client.
 */
import { clientByClientId } from '../../clients/clients.js'
import { grantableScopes } from '../../clients/grantable-scopes.js'
import { shownUri } from '../../clients/redirect-uris.js'
import { registeredUriMismatch } from '../../clients/client-row.js'
import type { ClientRow } from '../../db/schema.js'
import {
  InvalidRequest,
  InvalidScope,
  OAuthError,
  RequestNotSupported,
  RequestUriNotSupported,
  UnsupportedResponseType,
} from '../errors.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { redirectUriAllowed } from './redirect-uri-allowed.js'
import { checkPkce } from './check-pkce.js'
import { Refusal } from '../../refusal.js'

/** A failure that must be shown as a page, because redirecting could leak to an attacker. */
export class AuthorizePageError extends Refusal {
  override name = 'AuthorizePageError'
  readonly status = 400
}

/** Where errors may be sent once client and redirect URI are known. */
export interface RedirectTarget {
  client: ClientRow
  redirectUri: string
  state: string | undefined
}

export interface AuthorizationRequest extends RedirectTarget {
  scopes: string[]
  nonce: string | undefined
  codeChallenge: string | undefined
  prompt: ReadonlySet<string>
  loginHint: string | undefined
  idTokenHint: string | undefined
  maxAge: number | undefined
  /** `acr_values`, in the order of preference the client gave (voluntary: OIDC Core §3.1.2.1). */
  acrValues: string[]
}

const PROMPTS = new Set(['none', 'login', 'consent', 'select_account'])
const SINGLE_VALUED = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'prompt',
  'login_hint',
  'id_token_hint',
  'max_age',
  'acr_values',
  'ui_locales',
  'response_mode',
]

/**
 * The client and redirect URI, or an {@link AuthorizePageError}.
 *
 * @example
 * const target = await readRedirectTarget(provider, query)
 */
export async function readRedirectTarget(provider: IdentityProviderContext, query: URLSearchParams): Promise<RedirectTarget> {
  const clientId = query.get('client_id')
  if (!clientId) throw new AuthorizePageError('The request does not name an application (client_id is missing).')
  if (query.getAll('client_id').length > 1) throw new AuthorizePageError('client_id was given more than once.')
  const client = await clientByClientId(provider.db, clientId)
  if (!client) throw new AuthorizePageError('The application asking you to sign in is not registered with svc.')
  const redirectUri = query.get('redirect_uri')
  if (!redirectUri) throw new AuthorizePageError('The request does not say where to return (redirect_uri is missing).')
  if (query.getAll('redirect_uri').length > 1) throw new AuthorizePageError('redirect_uri was given more than once.')
  if (!redirectUriAllowed(provider, client, redirectUri)) {
    // Shown as received (the page escapes it), so a developer sees how it differs from what they registered.
    throw new AuthorizePageError(
      `The address the application asked to return to is not registered for it. It asked for ${shownUri(redirectUri)}: ${registeredUriMismatch(client, redirectUri, provider.issuer)}`,
    )
  }
  return { client, redirectUri, state: query.get('state') ?? undefined }
}

/**
 * The whole request; throws an {@link OAuthError} to redirect with.
 *
 * @example
 * const request = readAuthorizationRequest(target, query)
 */
export function readAuthorizationRequest(target: RedirectTarget, query: URLSearchParams): AuthorizationRequest {
  for (const name of SINGLE_VALUED) {
    if (query.getAll(name).length > 1) throw new InvalidRequest(`${name} must be given once`)
  }
  if (query.has('request')) throw new RequestNotSupported('the request parameter is not supported')
  if (query.has('request_uri')) throw new RequestUriNotSupported('the request_uri parameter is not supported')
  const responseType = query.get('response_type')
  if (!responseType) throw new InvalidRequest('response_type is required')
  if (responseType !== 'code') throw new UnsupportedResponseType('response_type must be code')
  const responseMode = query.get('response_mode')
  if (responseMode !== null && responseMode !== 'query') throw new InvalidRequest('response_mode must be query')

  const scopes = [...new Set((query.get('scope') ?? '').split(' ').filter(Boolean))]
  if (!scopes.includes('openid')) throw new InvalidScope('scope must include openid')
  const allowed = grantableScopes(target.client, scopes)
  const refused = scopes.find((scope) => !allowed.includes(scope))
  if (refused) throw new InvalidScope(`scope ${refused} is not allowed for this client`)

  const codeChallenge = checkPkce(target.client, query.get('code_challenge') ?? undefined, query.get('code_challenge_method') ?? undefined)

  const prompt = new Set((query.get('prompt') ?? '').split(' ').filter(Boolean))
  for (const value of prompt) if (!PROMPTS.has(value)) throw new InvalidRequest(`prompt ${value} is not supported`)
  if (prompt.has('none') && prompt.size > 1) throw new InvalidRequest('prompt none cannot be combined with other values')

  const maxAgeText = query.get('max_age')
  if (maxAgeText !== null && !/^\d{1,10}$/.test(maxAgeText)) throw new InvalidRequest('max_age must be a whole number of seconds')

  return {
    ...target,
    scopes,
    nonce: query.get('nonce') ?? undefined,
    codeChallenge,
    prompt,
    loginHint: query.get('login_hint') ?? undefined,
    idTokenHint: query.get('id_token_hint') ?? undefined,
    maxAge: maxAgeText === null ? undefined : Number(maxAgeText),
    acrValues: (query.get('acr_values') ?? '').split(' ').filter(Boolean),
  }
}

export { OAuthError }

/**
 * The query of the same authorization request asking for a fresh sign-in
 * (`prompt=login`), for "Not you? Use another account": the hints that
 * name the account signed in now are dropped, or the new sign-in could
 * never satisfy them.
 *
 * @example
 * anotherAccountQuery('client_id=c&login_hint=ada%40example.com') // 'client_id=c&prompt=login'
 */
export function anotherAccountQuery(query: string): string {
  const params = new URLSearchParams(query)
  params.delete('login_hint')
  params.delete('id_token_hint')
  params.set('prompt', 'login')
  return params.toString()
}
