import { describe, expect, it } from 'vitest'
import { Webhook } from 'standardwebhooks'
import { signWebhook, verifyWebhook } from '../../shared/webhook-signature.js'
import { attemptSignatureHeaders, svcSignature } from './attempt-signatures.js'

const T = 1_800_000_000
// Not ASCII, so a difference in how the two encode text would show.
const body = JSON.stringify({ id: 'evt_1', event: 'ping', data: { message: 'Grüße, 東京 🚀' } })
const secrets = ['whsec_uANFfK77UDDgKUMVXdnmCi1eNYwduFDB', 'whsec_old-base64url_secret_of_24by']

describe('the signature headers of an attempt', () => {
  it("sign X-SVC-Signature byte for byte as the receivers' helper in shared/ does", async () => {
    expect(svcSignature(body, secrets, T)).toBe(await signWebhook(body, secrets, T))
    expect(svcSignature(body, secrets.slice(0, 1), T)).toBe(await signWebhook(body, secrets.slice(0, 1), T))
    await expect(verifyWebhook(body, svcSignature(body, secrets, T), [secrets[1]!], { now: T })).resolves.toBe(true)
  })

  it('carry both schemes, one signature per secret in each, at the same timestamp', () => {
    const headers = attemptSignatureHeaders('delivery-1', T, body, secrets)
    expect(Object.keys(headers).sort()).toEqual(['X-SVC-Signature', 'webhook-id', 'webhook-signature', 'webhook-timestamp'])
    expect(headers['X-SVC-Signature']!.match(/v1=/g)).toHaveLength(2)
    expect(headers['webhook-signature']!.split(' ')).toEqual([
      new Webhook(secrets[0]!).sign('delivery-1', new Date(T * 1000), body),
      new Webhook(`whsec_${secrets[1]!.slice(6).replaceAll('-', '+').replaceAll('_', '/')}`).sign('delivery-1', new Date(T * 1000), body),
    ])
    expect(headers['webhook-timestamp']).toBe(String(T))
  })
})
