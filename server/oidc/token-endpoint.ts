/**
 * @module `POST /oidc/token`: the `authorization_code` and `refresh_token`
 * grants (RFC 6749 §4.1.3 and §6, RFC 7636, RFC 9700 §4.14). Codes are
 * single use and a replay revokes everything issued from the code;
 * refresh tokens rotate on every use and a retired one presented again
 * revokes its whole chain; `scope` on refresh can only narrow.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { isDisabled, userById } from '../accounts/users.js'
import { grantableScopes } from '../clients/grantable-scopes.js'
import type { ClientRow } from '../db/schema.js'
import { authorizationCodeByValue, consumeAuthorizationCode } from '../grants/authorization-codes.js'
import { authenticateClient } from './client-auth.js'
import { InvalidGrant, InvalidRequest, InvalidScope, UnauthorizedClient, UnsupportedGrantType } from './errors.js'
import { type FormPost, formOf, honoFormPost } from './form-body.js'
import { type JsonAnswer, noStoreJson, oauthErrorAnswer } from './oauth-error-response.js'
import { redirectUriAllowed } from './authorize/redirect-uri-allowed.js'
import { LIFETIMES, type IdentityProviderContext } from '../grants/identity-provider-context.js'
import { isTokenLive, prepareTokens, revokeGrant, tokenByValue, type TokenResponse } from '../grants/tokens.js'
import { rotateRefreshToken } from '../grants/refresh-rotation.js'
import { sessionHasEnded } from '../grants/sessions.js'
import { keptRows } from '../db/kept-rows.js'

// A refresh grant's account, kept until the users table changes (a disabled account is refused from the next request).
const accountById = keptRows('users', userById)

const SINGLE_VALUED = ['grant_type', 'code', 'redirect_uri', 'code_verifier', 'refresh_token', 'scope', 'client_id', 'client_secret']
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/

/** A token request, whichever server received it. */
export interface TokenRequest extends FormPost {
  authorization: string | undefined
  requestId: string | undefined
  /** Told which client the request authenticated as (CORS decides by it). */
  onClient?(client: ClientRow): void
}

/**
 * Answers one token request: the token response, or its RFC 6749 §5.2 error.
 *
 * @example
 * const { status, headers, body } = await answerTokenRequest(provider, { contentType, authorization, readBody, requestId })
 */
export async function answerTokenRequest(provider: IdentityProviderContext, request: TokenRequest): Promise<JsonAnswer> {
  let grantType: string | null = null
  try {
    const form = await formOf(request, SINGLE_VALUED)
    grantType = form.get('grant_type')
    const { client } = await authenticateClient(provider, request.authorization, form)
    request.onClient?.(client)
    let response: TokenResponse
    if (grantType === 'authorization_code') response = await redeemCode(provider, client, form)
    else if (grantType === 'refresh_token') response = await refresh(provider, client, form)
    else if (!grantType) throw new InvalidRequest('grant_type is required')
    else throw new UnsupportedGrantType(`grant_type ${grantType} is not supported; use authorization_code or refresh_token`)
    provider.metrics?.tokenGrant(grantType, 'success')
    return noStoreJson(200, response)
  } catch (error) {
    const answer = oauthErrorAnswer(error as Error, request.requestId)
    // The `error` code answered: one of RFC 6749's few, so a bounded label.
    if (provider.metrics) provider.metrics.tokenGrant(grantType, (JSON.parse(answer.body) as { error: string }).error)
    return answer
  }
}

/**
 * Builds the token endpoint, to be mounted at `/oidc/token`; server calls
 * without an Origin reach {@link answerTokenRequest} through the
 * `node:http` fast path instead.
 *
 * @example
 * app.route('/oidc/token', tokenEndpoint(provider))
 */
export function tokenEndpoint(provider: IdentityProviderContext): Hono {
  const app = new Hono()
  app.post('/', async (c) => {
    const post = honoFormPost(c)
    const { status, headers, body } = await answerTokenRequest(provider, {
      ...post,
      authorization: c.req.header('Authorization'),
      requestId: c.get('requestId'),
      onClient: (client) => c.set('corsClient', client),
    })
    return c.body(body, status as 200, headers)
  })
  return app
}

async function redeemCode(provider: IdentityProviderContext, client: ClientRow, form: URLSearchParams): Promise<TokenResponse> {
  const code = form.get('code')
  if (!code) throw new InvalidRequest('code is required')
  const redirectUri = form.get('redirect_uri')
  if (!redirectUri) throw new InvalidRequest('redirect_uri is required')
  const verifier = form.get('code_verifier') ?? undefined
  const now = provider.now()

  const stored = code.length > 200 ? undefined : await authorizationCodeByValue(provider.db, code)
  if (!stored || stored.client_id !== client.id) throw new InvalidGrant('the authorization code is not valid')
  const replayed = async () => {
    await revokeGrant(provider, stored.grant_id, 'authorization code replayed')
    return new InvalidGrant(
      'the authorization code is used up (redeemed already, or spent when its sign-in or consent ended); anything issued from it is revoked',
    )
  }
  if (stored.consumed_at !== null) throw await replayed()
  // Every check runs before the code is used up, so a stolen code sent with
  // a wrong verifier or redirect URI cannot spend it for the real client.
  if (Date.parse(stored.expires_at) <= now.getTime()) throw new InvalidGrant('the authorization code has expired')
  if (stored.redirect_uri !== redirectUri || !redirectUriAllowed(provider, client, redirectUri)) {
    throw new InvalidGrant('redirect_uri does not match the one the code was issued for')
  }
  if (stored.code_challenge === null) {
    if (verifier !== undefined) throw new InvalidGrant('code_verifier was sent, but the authorization request had no code_challenge')
  } else {
    if (verifier === undefined) throw new InvalidGrant('code_verifier is required: the authorization request had a code_challenge')
    if (!VERIFIER.test(verifier)) throw new InvalidGrant('code_verifier must be 43 to 128 unreserved characters')
    const computed = createHash('sha256').update(verifier).digest()
    const expected = Buffer.from(stored.code_challenge, 'base64url')
    if (computed.length !== expected.length || !timingSafeEqual(computed, expected))
      throw new InvalidGrant('code_verifier does not match the code_challenge')
  }
  // Signing out, a new password or a reset end the session: what it began ends with it.
  if (await sessionHasEnded(provider.db, stored.session_id)) throw new InvalidGrant('the sign-in this code was issued in has ended')
  const user = await userById(provider.db, stored.user_id)
  if (!user) throw new InvalidGrant('the account no longer exists')
  if (isDisabled(user)) throw new InvalidGrant('the account is disabled')
  const { response, store } = await prepareTokens(provider, {
    client,
    user,
    // Registered scopes can only have narrowed since the code was issued.
    scopes: grantableScopes(client, stored.scopes.split(' ')),
    grantId: stored.grant_id,
    authTime: stored.auth_time,
    sessionId: stored.session_id,
    nonce: stored.nonce ?? undefined,
    grantExpiresAt: new Date(now.getTime() + LIFETIMES.refreshTokenAbsolute * 1000),
    withIdToken: true,
  })
  // Using up the code and storing its tokens commit together: a concurrent
  // second redemption either finds the code used and revokes these tokens,
  // or loses the race for the claim.
  const claimed = await provider.db.transaction().execute(async (trx) => {
    if (!(await consumeAuthorizationCode(trx, stored.id, now))) return false
    await store(trx)
    return true
  })
  if (!claimed) throw await replayed()
  return response
}

async function refresh(provider: IdentityProviderContext, client: ClientRow, form: URLSearchParams): Promise<TokenResponse> {
  const value = form.get('refresh_token')
  if (!value) throw new InvalidRequest('refresh_token is required')
  const now = provider.now()
  const token = await tokenByValue(provider, value)
  if (!token || token.kind !== 'refresh' || token.client_id !== client.id) throw new InvalidGrant('the refresh token is not valid')
  if (token.revoked_at !== null) throw new InvalidGrant('the refresh token was revoked')
  if (token.retired_at !== null) {
    await revokeGrant(provider, token.grant_id, 'retired refresh token reused')
    throw new InvalidGrant('the refresh token was already used; its whole chain is revoked')
  }
  if (!isTokenLive(token, now)) throw new InvalidGrant('the refresh token has expired')

  const granted = grantableScopes(client, token.scopes.split(' '))
  const asked = form.get('scope')
  const scopes = asked === null ? granted : [...new Set(asked.split(' ').filter(Boolean))]
  if (scopes.length === 0) throw new InvalidScope('scope names no scope; leave it out to keep the granted scopes')
  const wider = scopes.find((scope) => !granted.includes(scope))
  if (wider) throw new InvalidScope(`scope ${wider} was not granted; a refresh can only narrow the scope`)

  const user = await accountById(provider.db, token.user_id)
  if (!user) throw new UnauthorizedClient('the account no longer exists')
  if (isDisabled(user)) throw new InvalidGrant('the account is disabled')
  const { response, store } = await prepareTokens(provider, {
    client,
    user,
    scopes,
    grantId: token.grant_id,
    authTime: token.auth_time,
    sessionId: token.session_id,
    grantExpiresAt: new Date(token.grant_expires_at),
    withIdToken: scopes.includes('openid'),
    refreshScopes: granted,
  })
  // Retiring the old token and storing its successor commit together; two
  // concurrent uses of one token rotate it once (grants/refresh-rotation.ts).
  const rotated = await rotateRefreshToken(provider, { tokenId: token.id, at: now, store })
  if (!rotated) {
    await revokeGrant(provider, token.grant_id, 'retired refresh token reused')
    throw new InvalidGrant('the refresh token was already used; its whole chain is revoked')
  }
  return response
}
