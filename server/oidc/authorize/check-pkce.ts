/**
 * @module The one PKCE policy (RFC 7636, RFC 9700 §2.1.1) of every path
 * that issues a code (`/authorize`, the FedCM code flow, the SDK's start):
 * public clients must send a challenge; only S256 is accepted, and it must
 * be named (RFC 7636 §4.3: an absent method means `plain`); a challenge
 * must look like a base64url SHA-256 digest.
 */
import { isPublicClient } from '../../clients/client-row.js'
import type { ClientRow } from '../../db/schema.js'
import { InvalidRequest } from '../errors.js'

/** A base64url SHA-256 digest, as an S256 challenge is. */
export const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/

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
  if (!S256_CHALLENGE.test(challenge))
    throw new InvalidRequest('code_challenge must be the base64url SHA-256 of the verifier (43 characters)')
  return challenge
}
