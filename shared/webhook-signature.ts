/**
 * @module Webhook signatures, for svc (which signs) and for receivers
 * (which verify): `X-SVC-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>…]`
 * where each hex is HMAC-SHA256 over `<t>.<raw body>` with one active
 * secret. Web Crypto only, so it runs in Node, Deno, Bun and workers.
 */

/** Why a delivery failed verification. */
export type WebhookVerificationFailure = 'missing_header' | 'malformed_header' | 'timestamp_outside_tolerance' | 'no_matching_signature'

/** Thrown by {@link verifyWebhook}; `code` says why. */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError'
  constructor(
    readonly code: WebhookVerificationFailure,
    message: string,
  ) {
    super(message)
  }
}

const encoder = new TextEncoder()

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)))
  return Array.from(signature, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return difference === 0
}

/**
 * The `X-SVC-Signature` value for a body, one `v1=` per secret.
 *
 * @example
 * const header = await signWebhook(body, ['whsec_…'], Math.floor(Date.now() / 1000))
 */
export async function signWebhook(rawBody: string, secrets: readonly string[], timestamp: number): Promise<string> {
  const signatures = await Promise.all(secrets.map((secret) => hmacHex(secret, `${timestamp}.${rawBody}`)))
  return [`t=${timestamp}`, ...signatures.map((signature) => `v1=${signature}`)].join(',')
}

export interface VerifyOptions {
  /** How far the timestamp may be from now, in seconds. */
  toleranceSeconds?: number
  /** Unix seconds; the current time by default. */
  now?: number
}

/**
 * Verifies a delivery: passes when any `v1` matches any of `secrets` and the
 * timestamp is within tolerance; throws {@link WebhookVerificationError} otherwise.
 * Pass the raw body exactly as received, before any JSON parsing.
 *
 * @example
 * await verifyWebhook(rawBody, req.headers['x-svc-signature'], [process.env.SVC_WEBHOOK_SECRET])
 * const event = JSON.parse(rawBody)
 */
export async function verifyWebhook(
  rawBody: string,
  signatureHeader: string | null | undefined,
  secrets: readonly string[],
  { toleranceSeconds = 300, now = Math.floor(Date.now() / 1000) }: VerifyOptions = {},
): Promise<true> {
  if (!signatureHeader) throw new WebhookVerificationError('missing_header', 'the X-SVC-Signature header is missing')
  let timestamp: number | undefined
  const candidates: string[] = []
  for (const part of signatureHeader.split(',')) {
    const [name, value] = part.trim().split('=', 2)
    if (name === 't' && value !== undefined && /^\d{1,12}$/.test(value)) timestamp = Number(value)
    else if (name === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value)) candidates.push(value)
  }
  if (timestamp === undefined || candidates.length === 0) {
    throw new WebhookVerificationError('malformed_header', 'the X-SVC-Signature header must be t=<timestamp>,v1=<hex>')
  }
  if (Math.abs(now - timestamp) > toleranceSeconds) {
    throw new WebhookVerificationError(
      'timestamp_outside_tolerance',
      `the signature's timestamp is more than ${toleranceSeconds} s from now`,
    )
  }
  for (const secret of secrets) {
    const expected = await hmacHex(secret, `${timestamp}.${rawBody}`)
    // Every candidate is compared, in constant time, whatever matched before.
    const matched = candidates.map((candidate) => constantTimeEqual(candidate, expected)).includes(true)
    if (matched) return true
  }
  throw new WebhookVerificationError('no_matching_signature', 'no signature matches any of the secrets')
}
