/**
 * @module How a session was authenticated, as id_tokens and userinfo say
 * it: `amr` (RFC 8176's method names) and `acr` (svc's own levels, since
 * no registry names levels for passkeys). `pwd` a password; `hwk` a
 * passkey bound to one device's hardware, `swk` a synced (backed-up)
 * passkey, whose private key also lives in a cloud keychain; `email` a
 * link mailed to the account's address (not in RFC 8176's registry,
 * which allows values parties agree on); `fed` a linked external
 * provider's sign-in (the same); `mfa` when two factors were used.
 * Levels: `urn:svc:acr:phr` phishing-resistant (a passkey: its signature
 * is bound to svc's origin), `urn:svc:acr:mfa` two factors, and
 * `urn:svc:acr:1fa` one factor of any other kind.
 */

/** The methods svc records. */
export type AuthenticationMethod = 'pwd' | 'hwk' | 'swk' | 'email' | 'fed' | 'otp' | 'mfa'

export const ACR = {
  oneFactor: 'urn:svc:acr:1fa',
  multiFactor: 'urn:svc:acr:mfa',
  phishingResistant: 'urn:svc:acr:phr',
} as const

/** The `acr` values discovery lists, weakest first. */
export const ACR_VALUES_SUPPORTED = [ACR.oneFactor, ACR.multiFactor, ACR.phishingResistant]

/**
 * The level a set of methods reaches.
 *
 * @example
 * acrFor(['hwk']) // 'urn:svc:acr:phr'
 */
export function acrFor(amr: readonly string[]): string {
  if (amr.includes('hwk') || amr.includes('swk')) return ACR.phishingResistant
  if (amr.includes('mfa')) return ACR.multiFactor
  return ACR.oneFactor
}

/**
 * The `amr` of a passkey sign-in: `swk` when the credential is backed up
 * (synced between devices), `hwk` when it never leaves one device.
 *
 * @example
 * passkeyMethods({ backedUp: true }) // ['swk']
 */
export function passkeyMethods({ backedUp }: { backedUp: boolean }): AuthenticationMethod[] {
  return [backedUp ? 'swk' : 'hwk']
}

/**
 * The claims a session's stored `amr` (JSON, or null for a session older
 * than the column) gives a token: none for an old session, which nobody can
 * vouch for.
 *
 * @example
 * authenticationClaims('["pwd"]') // { amr: ['pwd'], acr: 'urn:svc:acr:1fa' }
 */
export function authenticationClaims(stored: string | null | undefined): { amr?: string[]; acr?: string } {
  if (!stored) return {}
  let amr: unknown
  try {
    amr = JSON.parse(stored)
  } catch {
    return {}
  }
  if (!Array.isArray(amr) || amr.length === 0 || !amr.every((method) => typeof method === 'string')) return {}
  return { amr, acr: acrFor(amr) }
}
