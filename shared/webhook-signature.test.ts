import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signWebhook, verifyWebhook, WebhookVerificationError } from './webhook-signature.js'

const body = '{"id":"evt_1","event":"ping"}'
const T = 1_800_000_000

describe('webhook signatures', () => {
  it('sign t and one v1 per secret, as HMAC-SHA256 over "<t>.<body>"', async () => {
    const header = await signWebhook(body, ['whsec_a', 'whsec_b'], T)
    const expected = (secret: string) => createHmac('sha256', secret).update(`${T}.${body}`).digest('hex')
    expect(header).toBe(`t=${T},v1=${expected('whsec_a')},v1=${expected('whsec_b')}`)
  })

  it('verify when any v1 matches any secret within tolerance', async () => {
    const header = await signWebhook(body, ['old', 'new'], T)
    await expect(verifyWebhook(body, header, ['new'], { now: T + 299 })).resolves.toBe(true)
    await expect(verifyWebhook(body, header, ['unknown', 'old'], { now: T - 299 })).resolves.toBe(true)
  })

  it.each([
    ['a missing header', undefined, {}, 'missing_header'],
    ['a header without a signature', `t=${T}`, {}, 'malformed_header'],
    ['a header without a timestamp', `v1=${'0'.repeat(64)}`, {}, 'malformed_header'],
    ['an old timestamp', 'SIGNED', { now: T + 301 }, 'timestamp_outside_tolerance'],
    ['a future timestamp', 'SIGNED', { now: T - 301 }, 'timestamp_outside_tolerance'],
    ['a smaller tolerance', 'SIGNED', { now: T + 61, toleranceSeconds: 60 }, 'timestamp_outside_tolerance'],
  ])('refuse %s', async (_name, header, options, code) => {
    const value = header === 'SIGNED' ? await signWebhook(body, ['s'], T) : header
    await expect(verifyWebhook(body, value, ['s'], { now: T, ...options })).rejects.toMatchObject({ code })
  })

  it('refuse a changed body or the wrong secret', async () => {
    const header = await signWebhook(body, ['s'], T)
    await expect(verifyWebhook(`${body} `, header, ['s'], { now: T })).rejects.toThrow(WebhookVerificationError)
    await expect(verifyWebhook(body, header, ['other'], { now: T })).rejects.toMatchObject({ code: 'no_matching_signature' })
  })
})
