import { describe, expect, it, vi } from 'vitest'
import { UnknownAd } from './ads/ads-repository.js'
import { InvalidParameter } from './ads/errors.js'
import { PasswordWorkBusy } from './accounts/passwords.js'
import { errorAnswer } from './ads/respond.js'
import { InvalidInput } from './invalid-input.js'
import { InvalidGrant } from './oidc/errors.js'
import { oauthErrorAnswer } from './oidc/oauth-error-response.js'
import { exposureOf } from './refusal.js'

const busyDatabase = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })

describe('exposureOf', () => {
  it("shows a refusal's status, message, headers and field", () => {
    expect(exposureOf(new InvalidInput('title', 'title must not be empty'), {})).toMatchObject({
      status: 422,
      message: 'title must not be empty',
      field: 'title',
    })
    expect(exposureOf(new UnknownAd('AD123'), {})).toMatchObject({ status: 404, message: 'no ad has the code AD123' })
    expect(exposureOf(new PasswordWorkBusy('8 waiting'), {})).toMatchObject({ status: 503, headers: { 'Retry-After': '2' } })
  })

  it('withholds a fault, logging it under the request id the caller is given', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const exposure = exposureOf(new Error('secret detail: /var/lib/svc'), { requestId: 'req_1' })
      expect(exposure).toEqual({ status: 500, message: 'internal error; quote request req_1 when contacting support', headers: {} })
      expect(String(logged.mock.calls[0]?.[0])).toContain('secret detail')
    } finally {
      logged.mockRestore()
    }
  })

  it('answers a busy database with 503 and Retry-After on every surface, not only the ads API', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const ads = errorAnswer(busyDatabase(), {}, 'req_2')
    expect([ads.status, ads.headers['Retry-After']]).toEqual([503, '1'])
    const oauth = oauthErrorAnswer(busyDatabase(), 'req_3')
    expect([oauth.status, oauth.headers['Retry-After'], JSON.parse(oauth.body).error]).toEqual([503, '1', 'temporarily_unavailable'])
    vi.restoreAllMocks()
  })

  it('lets each surface name its own codes: OAuth keeps its error, other refusals are invalid_request', () => {
    expect(JSON.parse(oauthErrorAnswer(new InvalidGrant('the code is spent'), undefined).body)).toEqual({
      error: 'invalid_grant',
      error_description: 'the code is spent',
    })
    expect(JSON.parse(oauthErrorAnswer(new InvalidParameter('limit must be 1 to 50'), undefined).body).error).toBe('invalid_request')
  })
})
