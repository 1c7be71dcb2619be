/**
 * @module The WebAuthn relying party svc is: its id is the issuer's host
 * name (no port, no scheme, as WebAuthn requires), its one origin the
 * issuer's origin, so a passkey made at `https://id.example` signs in
 * only there, and a deployment that moves to another host name needs new
 * passkeys (the authenticators bind them to the name).
 */

export interface RelyingParty {
  /** The RP id: the issuer's host name. */
  id: string
  /** The one origin ceremonies may come from: the issuer's. */
  origin: string
}

/**
 * The relying party of a deployment.
 *
 * @example
 * relyingParty('https://id.example/svc') // { id: 'id.example', origin: 'https://id.example' }
 */
export function relyingParty(issuer: string): RelyingParty {
  const url = new URL(issuer)
  return { id: url.hostname, origin: url.origin }
}
