import { beforeEach, describe, expect, it } from 'vitest'
import { revokeApiKey } from '../api-keys/api-keys.js'
import { isPostgres } from '../db/open-database.js'
import { fixedWindowRateLimiter } from '../http/fixed-window-rate-limiter.js'
import { type Publisher, publisherFixture } from '../testing/publisher.js'
import { type AdsRequestLine, adsApiHandler } from './answer-ads-request.js'
import { keptAdsCalls, keptCallKey, MAX_KEPT_CALL_KEY_LENGTH } from './kept-ads-calls.js'

let publisher: Publisher

beforeEach(async () => {
  publisher = await publisherFixture()
  await publisher.addAd()
})

/** A GET of the ads API as the edge hands it over. */
function adsRequest(target: string, headers: Record<string, string>): AdsRequestLine {
  const queryStart = target.indexOf('?')
  return {
    method: 'GET',
    target,
    path: (queryStart === -1 ? target : target.slice(0, queryStart)).slice('/ads'.length),
    query: queryStart === -1 ? '' : target.slice(queryStart + 1),
    headers: { get: (name) => headers[name] },
    requestId: 'req_test',
  }
}

async function statusOf(answerAds: ReturnType<typeof adsApiHandler>, request: AdsRequestLine): Promise<number> {
  return (await answerAds(request)).status
}

describe('kept ads calls', () => {
  it('stay at their cap under a flood of distinct queries, origins and headers, and still answer each', async () => {
    const keptCalls = keptAdsCalls(8)
    // PostgreSQL has no change stamp: nothing is kept, every request reads the database.
    const full = isPostgres(publisher.db) ? 0 : 8
    const answerAds = adsApiHandler({ db: publisher.db, limiter: fixedWindowRateLimiter(), keptCalls })
    const authorization = `Bearer ${publisher.apiKey}`
    for (let i = 0; i < 60; i++) {
      const status = await statusOf(
        answerAds,
        adsRequest(`/ads/home-slider-ads?limit=3&page=${i}`, { authorization, origin: `https://p${i % 7}.example` }),
      )
      expect(status).toBe(200)
      expect(keptCalls.size).toBeLessThanOrEqual(8)
    }
    expect(keptCalls.size).toBe(full)
    // Headers that name no key are refused and never kept.
    for (let i = 0; i < 20; i++) expect(await statusOf(answerAds, adsRequest('/ads', { authorization: `Bearer stranger${i}` }))).toBe(401)
    expect(keptCalls.size).toBe(full)
  })

  it('answers requests padded past the longest kept key every time, and keeps none of them', async () => {
    const keptCalls = keptAdsCalls()
    const answerAds = adsApiHandler({ db: publisher.db, limiter: fixedWindowRateLimiter(), keptCalls })
    const authorization = `Bearer ${publisher.apiKey}`
    const short = adsRequest('/ads/home-slider-ads?limit=3', { authorization, origin: 'https://partner.example' })
    expect(await statusOf(answerAds, short)).toBe(200)
    const keptBefore = keptCalls.size
    expect(keptBefore).toBe(isPostgres(publisher.db) ? 0 : 1)
    for (let i = 0; i < 5; i++) {
      const padded = adsRequest(`/ads/home-slider-ads?limit=3&pad${i}=${'x'.repeat(MAX_KEPT_CALL_KEY_LENGTH)}`, { authorization })
      expect(await statusOf(answerAds, padded)).toBe(200)
      expect(
        await statusOf(answerAds, adsRequest('/ads', { authorization, origin: `https://${'o'.repeat(MAX_KEPT_CALL_KEY_LENGTH)}.example` })),
      ).toBe(200)
    }
    expect(keptCalls.size).toBe(keptBefore)
    expect(keptCallKey(authorization, undefined, `/ads?pad=${'x'.repeat(MAX_KEPT_CALL_KEY_LENGTH)}`)).toBeUndefined()
  })

  it('refuses a kept call at once once its key is revoked', async () => {
    const answerAds = adsApiHandler({ db: publisher.db, limiter: fixedWindowRateLimiter() })
    const request = adsRequest('/ads/home-slider-ads', { authorization: `Bearer ${publisher.apiKey}` })
    expect(await statusOf(answerAds, request)).toBe(200)
    expect(await statusOf(answerAds, request)).toBe(200)
    const row = await publisher.db.selectFrom('api_keys').select('id').executeTakeFirstOrThrow()
    await revokeApiKey(publisher.db, row.id)
    expect(await statusOf(answerAds, request)).toBe(401)
  })

  it('keeps a call without Origin apart from one with an empty Origin, which an origin list refuses', async () => {
    const key = await publisher.addKey({ origins: ['https://partner.example'] })
    const answerAds = adsApiHandler({ db: publisher.db, limiter: fixedWindowRateLimiter() })
    expect(await statusOf(answerAds, adsRequest('/ads', { authorization: `Bearer ${key}` }))).toBe(200)
    expect(await statusOf(answerAds, adsRequest('/ads', { authorization: `Bearer ${key}`, origin: '' }))).toBe(403)
    expect(keptCallKey('a', undefined, '/ads')).not.toBe(keptCallKey('a', '', '/ads'))
  })

  it('counts a kept call against the rate limit like any other', async () => {
    const key = await publisher.addKey({ rateLimit: 2 })
    // A stopped clock: three requests across the turn of a minute would fall in two windows.
    const answerAds = adsApiHandler({ db: publisher.db, limiter: fixedWindowRateLimiter({ now: () => 30_000 }) })
    const request = adsRequest('/ads', { authorization: `Bearer ${key}` })
    expect([await statusOf(answerAds, request), await statusOf(answerAds, request), await statusOf(answerAds, request)]).toEqual([
      200, 200, 429,
    ])
  })
})
