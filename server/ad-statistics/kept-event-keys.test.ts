import { randomBytes } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { revokeApiKey } from '../api-keys/api-keys.js'
import { MAX_KEPT_CALL_KEY_LENGTH } from '../ads/kept-ads-calls.js'
import type { AdRow } from '../db/schema.js'
import { isPostgres } from '../db/open-database.js'
import { fixedWindowRateLimiter } from '../http/fixed-window-rate-limiter.js'
import { type Publisher, publisherFixture } from '../testing/publisher.js'
import { adStatisticsWriter } from './ad-statistics-writer.js'
import { adEventsHandler } from './answer-ad-events.js'
import { keptEventKeys } from './kept-event-keys.js'

let publisher: Publisher
let ad: AdRow

beforeEach(async () => {
  publisher = await publisherFixture()
  ad = await publisher.addAd()
})

/** The handler of one database, with the table of kept keys it fills. */
function eventsHandler(keptKeys = keptEventKeys(), limiter = fixedWindowRateLimiter()) {
  return adEventsHandler({ db: publisher.db, limiter, statistics: adStatisticsWriter({ db: publisher.db }), keptKeys })
}

/** The status of one fresh batch posted with `key` from `origin`, as the edge hands it over. */
async function statusOf(answer: ReturnType<typeof adEventsHandler>, key: string, origin?: string): Promise<number> {
  const text = JSON.stringify({ key, batch: randomBytes(12).toString('base64url'), slot: 'home-slider-ads', served: [ad.code] })
  const headers: Record<string, string> = { 'content-type': 'text/plain;charset=UTF-8', ...(origin === undefined ? {} : { origin }) }
  const answered = await answer({
    method: 'POST',
    headers: { get: (name) => headers[name] },
    requestId: 'req_test',
    body: async () => text,
  })
  return answered.status
}

describe('kept event keys', () => {
  it("refuses a kept key's next batch at once once the key is revoked", async () => {
    const answer = eventsHandler()
    expect([await statusOf(answer, publisher.apiKey), await statusOf(answer, publisher.apiKey)]).toEqual([202, 202])
    const row = await publisher.db.selectFrom('api_keys').select('id').executeTakeFirstOrThrow()
    await revokeApiKey(publisher.db, row.id)
    expect(await statusOf(answer, publisher.apiKey)).toBe(401)
  })

  it('keep a key apart by origin: one its list allows admits no other, nor a batch without Origin apart from one with an empty Origin', async () => {
    const key = await publisher.addKey({ origins: ['https://partner.example'] })
    const answer = eventsHandler()
    expect(await statusOf(answer, key, 'https://partner.example')).toBe(202)
    expect(await statusOf(answer, key, 'https://partner.example')).toBe(202)
    expect(await statusOf(answer, key, 'https://evil.example')).toBe(403)
    expect(await statusOf(answer, key)).toBe(202)
    expect(await statusOf(answer, key, '')).toBe(403)
  })

  it('stay at their cap under a flood of origins, and keep none for an origin padded past the longest kept key', async () => {
    const kept = keptEventKeys(4)
    const answer = eventsHandler(kept)
    for (let i = 0; i < 20; i++) {
      expect(await statusOf(answer, publisher.apiKey, `https://p${i}.example`)).toBe(202)
      expect(kept.size).toBeLessThanOrEqual(4)
    }
    // PostgreSQL has no change stamp: nothing is kept, every batch reads the database.
    const full = isPostgres(publisher.db) ? 0 : 4
    expect(kept.size).toBe(full)
    const fresh = keptEventKeys()
    const padded = `https://${'o'.repeat(MAX_KEPT_CALL_KEY_LENGTH)}.example`
    expect(await statusOf(eventsHandler(fresh), publisher.apiKey, padded)).toBe(202)
    expect(fresh.size).toBe(0)
  })

  it('counts a kept key against the rate limit like any other', async () => {
    const key = await publisher.addKey({ rateLimit: 2 })
    // A stopped clock: three batches across the turn of a minute would fall in two windows.
    const answer = eventsHandler(keptEventKeys(), fixedWindowRateLimiter({ now: () => 30_000 }))
    expect([await statusOf(answer, key), await statusOf(answer, key), await statusOf(answer, key)]).toEqual([202, 202, 429])
  })
})
