/**
 * @module RS256 compact JWS signing (RFC 7515, RFC 7518 §3.3) with
 * `node:crypto` in libuv's thread pool. jose v6 signs only through
 * WebCrypto, whose per-call overhead on Node costs a refresh grant more
 * than the rest of its own work; signing is the simple half of JWS, so it
 * is done here, while every verification (ours of id_token hints, and the
 * relying parties' in the tests) stays with jose and openid-client.
 */
import { createPrivateKey, type JsonWebKey, type KeyObject, sign } from 'node:crypto'
import type { JWK } from 'jose'

const base64url = (json: unknown) => Buffer.from(JSON.stringify(json)).toString('base64url')

// A key signs thousands of tokens with one header: it is encoded once per key id.
const encodedHeaders = new Map<string, string>()
function encodedHeader(header: { alg: 'RS256'; kid: string; typ?: string }): string {
  const name = `${header.kid}\n${header.typ ?? ''}`
  let encoded = encodedHeaders.get(name)
  if (encoded === undefined) {
    if (encodedHeaders.size >= 100) encodedHeaders.clear()
    encoded = base64url({ alg: header.alg, kid: header.kid, ...(header.typ === undefined ? {} : { typ: header.typ }) })
    encodedHeaders.set(name, encoded)
  }
  return encoded
}

/**
 * Imports a private RSA JWK for {@link signRs256}.
 *
 * @example
 * const key = rsaPrivateKey(privateJwk)
 */
export function rsaPrivateKey(jwk: JWK): KeyObject {
  return createPrivateKey({ key: jwk as JsonWebKey, format: 'jwk' })
}

/**
 * Signs `payload` as a compact JWS with RSASSA-PKCS1-v1_5 and SHA-256.
 *
 * @example
 * const jwt = await signRs256({ alg: 'RS256', kid, typ: 'JWT' }, { sub: 'ACC1' }, key)
 */
export function signRs256(
  header: { alg: 'RS256'; kid: string; typ?: string },
  payload: Record<string, unknown>,
  key: KeyObject,
): Promise<string> {
  return signRs256Json(header, JSON.stringify(payload), key)
}

/**
 * Signs a payload given as its JSON text, for callers that build the text
 * from parts serialised once (an id_token's, `id-token-payload.ts`).
 *
 * @example
 * const jwt = await signRs256Json({ alg: 'RS256', kid, typ: 'JWT' }, '{"sub":"ACC1"}', key)
 */
export function signRs256Json(header: { alg: 'RS256'; kid: string; typ?: string }, payloadJson: string, key: KeyObject): Promise<string> {
  const signingInput = `${encodedHeader(header)}.${Buffer.from(payloadJson).toString('base64url')}`
  return new Promise((resolve, reject) =>
    sign('sha256', Buffer.from(signingInput), key, (error, signature) =>
      error ? reject(error) : resolve(`${signingInput}.${signature.toString('base64url')}`),
    ),
  )
}
