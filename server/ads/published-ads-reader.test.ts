import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../db/open-database.js'
import { apiKeyGrants } from '../api-keys/api-key-grants.js'
import { revokeApiKey } from '../api-keys/api-keys.js'
import { publisherFixture } from '../testing/publisher.js'
import { createAd, updateAd } from './ads-repository.js'
import { publishedAdsReader } from './published-ads-reader.js'

const codes = (window: { ads: Buffer[] }) => window.ads.map((ad) => JSON.parse(ad.toString()).code)

describe('publishedAdsReader', () => {
  it('gives the same windows whether the slot is kept in memory or read window by window', async () => {
    const publisher = await publisherFixture()
    const now = Date.parse('2030-01-01T12:00:00Z')
    for (let i = 0; i < 9; i++)
      await publisher.addAd({
        tags: i % 2 ? 'odd' : 'Even',
        weight: 1 + i * 10,
        // Two ads are outside their window: one not started, one ended.
        ...(i === 2 ? { starts: '2030-01-01T12:00:30Z' } : i === 5 ? { ends: '2030-01-01T12:00:00Z' } : {}),
      })
    let seed = 0
    // The same pseudo-random sequence for both readers, restarted before each pair of reads.
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646
    const kept = publishedAdsReader(publisher.db, { random, now: () => now })
    const streamed = publishedAdsReader(publisher.db, { random, now: () => now, maxCachedAds: 3 })
    for (const start of [1, 7, 42]) {
      for (const limit of [1, 4, 7, 12]) {
        for (const tags of [[], ['even']]) {
          for (const draw of [true, false]) {
            seed = start
            const fromIndex = await streamed.window(publisher.organisation.id, 'home slider ads', limit, draw, tags)
            seed = start
            const fromMemory = await kept.window(publisher.organisation.id, 'home slider ads', limit, draw, tags)
            expect(codes(fromIndex)).toEqual(codes(fromMemory))
            expect(fromIndex.maxAge).toBe(30)
            expect(fromMemory.maxAge).toBe(30)
          }
        }
      }
    }
  })

  it('changes the tag when the content of the slot changes', async () => {
    const publisher = await publisherFixture()
    const ad = await publisher.addAd()
    const reader = publishedAdsReader(publisher.db)
    const before = await reader.window(publisher.organisation.id, null, 12, false)
    expect(await reader.window(publisher.organisation.id, null, 12, false)).toEqual(before)
    await updateAd(publisher.db, ad.code, { title: 'Changed' })
    const after = await reader.window(publisher.organisation.id, null, 12, false)
    expect(after.etag).not.toBe(before.etag)
    expect(JSON.parse(after.ads[0]!.toString()).title).toBe('Changed')
  })

  it("sees another connection's writes (the CLI's, in-process) on the next read", async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'svc-reader-')), 'svc.db')
    const server = await openDatabase({ sqlitePath: path })
    const cli = await openDatabase({ sqlitePath: path })
    try {
      const publisher = await publisherFixture(server)
      const reader = publishedAdsReader(server)
      const grantFor = apiKeyGrants(server)
      expect((await reader.window(publisher.organisation.id, null, 12, false)).ads).toEqual([])
      expect(await grantFor(publisher.apiKey)).toBeDefined()

      const ad = await createAd(cli, publisher.organisation.id, { title: 'From the CLI', display: 'Home' })
      expect(codes(await reader.window(publisher.organisation.id, null, 12, false))).toEqual([ad.code])

      const key = await cli.selectFrom('api_keys').select('id').executeTakeFirstOrThrow()
      await revokeApiKey(cli, key.id)
      expect(await grantFor(publisher.apiKey)).toBeUndefined()
    } finally {
      await server.destroy()
      await cli.destroy()
    }
  })
})
