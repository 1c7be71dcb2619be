/**
 * @module The signature headers of one webhook attempt: svc's own
 * `X-SVC-Signature` (Stripe's scheme, keyed with the secret's text) and the
 * Standard Webhooks headers (standard-webhooks.ts), one signature per
 * active secret in each. node:crypto's HMAC, not the Web Crypto of
 * `shared/webhook-signature.ts` that receivers may run anywhere: the same
 * bytes, but some 30 times cheaper an attempt, as Web Crypto imports a key and
 * hops to the thread pool for every signature.
 */
import { createHmac } from 'node:crypto'
import { standardWebhookHeaders } from './standard-webhooks.js'

/**
 * The `X-SVC-Signature` value, byte for byte what `signWebhook` of
 * `shared/webhook-signature.ts` makes: `t=<timestamp>` and one `v1=<hex>` per secret.
 *
 * @example
 * svcSignature(body, ['whsec_…'], Math.floor(Date.now() / 1000)) // 't=1800000000,v1=5f0c…'
 */
export function svcSignature(body: string, secrets: readonly string[], timestamp: number): string {
  const signed = `${timestamp}.${body}`
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${createHmac('sha256', secret).update(signed).digest('hex')}`)].join(',')
}

/**
 * Every signature header of an attempt of delivery `id`, signed at `timestamp` (Unix seconds).
 *
 * @example
 * const headers = { 'Content-Type': 'application/json', ...attemptSignatureHeaders(delivery.id, timestamp, body, secrets) }
 */
export function attemptSignatureHeaders(id: string, timestamp: number, body: string, secrets: readonly string[]): Record<string, string> {
  return { 'X-SVC-Signature': svcSignature(body, secrets, timestamp), ...standardWebhookHeaders(id, timestamp, body, secrets) }
}
