/**
 * @module An id_token's payload as JSON text, put together from parts
 * serialised once: `iss` and `aud` per client, the account's claims per
 * account and scopes (kept as long as the kept client and account rows
 * are, that is until their table's change stamp moves), and the session's
 * `amr`, `acr` and `sid` (kept by `tokens.ts` under the sessions table's
 * stamp). A grant serialises only `exp`, `iat`, `auth_time`, `at_hash` and
 * `nonce`. The text is, byte for byte, what `JSON.stringify` made of the
 * claims object it replaces: the same claims in the same order.
 */
import { claimsFor } from '../accounts/users.js'
import { keptPerRow } from '../db/kept-rows.js'
import type { ClientRow, UserRow } from '../db/schema.js'

/** What varies from one id_token to the next, beside its client, account and session. */
export interface IdTokenMoment {
  issuedAt: number
  expiresAt: number
  authTime: number
  atHash?: string
  nonce?: string
}

const issuerAndAudience = keptPerRow(
  (client: ClientRow, issuer: string) => `"iss":${JSON.stringify(issuer)},"aud":${JSON.stringify(client.client_id)}`,
)

// Scope names hold no space (RFC 6749 §3.3), so the joined list splits back into the same names.
const accountClaims = keptPerRow((user: UserRow, scopes: string) => innerMembers(claimsFor(user, scopes.split(' '))))

/**
 * The members of an object's JSON text, without its braces, after a comma
 * (`,"amr":["pwd"]`), or '' when it has none.
 *
 * @example
 * claimsTail({ sid: 'abc' }) // ',"sid":"abc"'
 */
export function claimsTail(claims: Record<string, unknown>): string {
  const members = innerMembers(claims)
  return members === '' ? '' : `,${members}`
}

function innerMembers(claims: Record<string, unknown>): string {
  return JSON.stringify(claims).slice(1, -1)
}

/**
 * The payload's JSON text: iss, aud, exp, iat, the account's claims for
 * the scopes, auth_time, the session's claims (`sessionTail`, from
 * {@link claimsTail}), at_hash and nonce.
 *
 * @example
 * const json = idTokenPayload(provider.issuer, client, user, scopes, sessionTail, { issuedAt, expiresAt, authTime, atHash })
 */
export function idTokenPayload(
  issuer: string,
  client: ClientRow,
  user: UserRow,
  scopes: readonly string[],
  sessionTail: string,
  { issuedAt, expiresAt, authTime, atHash, nonce }: IdTokenMoment,
): string {
  const head = `{${issuerAndAudience(client, issuer)},"exp":${expiresAt},"iat":${issuedAt},${accountClaims(user, scopes.join(' '))}`
  const hash = atHash === undefined ? '' : `,"at_hash":${JSON.stringify(atHash)}`
  const nonceMember = nonce === undefined ? '' : `,"nonce":${JSON.stringify(nonce)}`
  return `${head},"auth_time":${JSON.stringify(authTime)}${sessionTail}${hash}${nonceMember}}`
}
