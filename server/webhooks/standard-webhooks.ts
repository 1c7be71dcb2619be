/**
 * @module The Standard Webhooks headers (https://www.standardwebhooks.com/)
 * svc sends beside its own `X-SVC-Signature`, so receivers can verify with
 * the `standardwebhooks` library or Svix's libraries in any language.
 * The HMAC key is what the base64 after `whsec_` decodes to, as those
 * libraries read it; `X-SVC-Signature` keys on the secret's printed text
 * instead, as it always has (docs/webhooks.md, "Secrets").
 */
import { createHmac } from 'node:crypto'

const PREFIX = 'whsec_'

/**
 * The key bytes of a secret for `webhook-signature`. Secrets issued since
 * Standard Webhooks support are standard base64; older ones are base64url,
 * which Node decodes as well, so both sign with the 24 bytes they were made of.
 *
 * @example
 * standardWebhookKey('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw') // 24 bytes
 */
export function standardWebhookKey(secret: string): Buffer {
  if (!secret.startsWith(PREFIX)) throw new Error('a webhook secret starts with whsec_')
  const key = Buffer.from(secret.slice(PREFIX.length), 'base64')
  if (key.length === 0) throw new Error('a webhook secret holds a key after whsec_')
  return key
}

/**
 * The `webhook-signature` value: one `v1,<base64>` per secret, separated by
 * spaces, each an HMAC-SHA256 over `{id}.{timestamp}.{body}`.
 *
 * @example
 * const signature = standardWebhookSignature(delivery.id, timestamp, body, [standardWebhookKey(secret)])
 */
export function standardWebhookSignature(id: string, timestamp: number, body: string, keys: readonly Buffer[]): string {
  const signed = `${id}.${timestamp}.${body}`
  return keys.map((key) => `v1,${createHmac('sha256', key).update(signed).digest('base64')}`).join(' ')
}

/**
 * The three Standard Webhooks headers of one attempt.
 *
 * @example
 * Object.assign(headers, standardWebhookHeaders(delivery.id, Math.floor(Date.now() / 1000), body, secrets))
 */
export function standardWebhookHeaders(id: string, timestamp: number, body: string, secrets: readonly string[]): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standardWebhookSignature(id, timestamp, body, secrets.map(standardWebhookKey)),
  }
}
