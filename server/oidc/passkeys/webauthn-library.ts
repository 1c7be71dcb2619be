/**
 * @module `@simplewebauthn/server`, loaded on first use. With its
 * certificate and ASN.1 libraries it is a seventh of the server's bundle,
 * evaluated on every `svc-bff` start and command though only a passkey
 * ceremony calls it.
 */
type WebAuthnLibrary = typeof import('@simplewebauthn/server')

let loading: Promise<WebAuthnLibrary> | undefined

/**
 * The library, imported the first time a ceremony needs it.
 *
 * @example
 * const { verifyAuthenticationResponse } = await webAuthnLibrary()
 */
export function webAuthnLibrary(): Promise<WebAuthnLibrary> {
  loading ??= import('@simplewebauthn/server')
  return loading
}
