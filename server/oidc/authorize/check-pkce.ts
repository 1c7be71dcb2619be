/**
 * @module PKCE at the authorization endpoint (RFC 7636, RFC 9700 §2.1.1):
 * public clients must send a challenge; only S256 is accepted; a challenge
 * must look like a base64url SHA-256 digest.
 */
import { isPublicClient } from '../../clients/clients.js'
import type { ClientRow } from '../../db/schema.js'
import { InvalidRequest } from '../errors.js'

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/

/**
 * Returns the challenge to bind to the code, or throws `invalid_request`.
 *
 * @example
 * const challenge = checkPkce(client, query.get('code_challenge'), query.get('code_challenge_method'))
 */
export function checkPkce(client: ClientRow, challenge: string | undefined, method: string | undefined): string | undefined {
  if (challenge === undefined) {
    if (isPublicClient(client)) throw new InvalidRequest('code_challenge is required for public clients (PKCE with S256)')
    if (method !== undefined) throw new InvalidRequest('code_challenge_method was sent without code_challenge')
    return undefined
  }
  if (method === undefined) throw new InvalidRequest('code_challenge_method is required with code_challenge and must be S256')
  if (method !== 'S256') throw new InvalidRequest('code_challenge_method must be S256')
  if (!CHALLENGE.test(challenge)) throw new InvalidRequest('code_challenge must be the base64url SHA-256 of the verifier (43 characters)')
  return challenge
}
