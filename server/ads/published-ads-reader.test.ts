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

// Another connection's commits are seen from the next turn of the event loop.
const nextTurnOfEventLoop = () => new Promise((resolve) => setImmediate(resolve))
const codes = (window: { ads: Buffer[] }) => window.ads.map((ad) => JSON.parse(ad.toString()).code)

describe('publishedAdsReader', () => {
  it('gives the same windows whether the slot is kept in memory or read window by window', async () => {
    const publisher = await publisherFixture()
    for (let i = 0; i < 7; i++) await publisher.addAd({ tags: i % 2 ? 'odd' : 'Even' })
    let offset = 0
    const pickOffset = () => offset
    const kept = publishedAdsReader(publisher.db, { pickOffset })
    const streamed = publishedAdsReader(publisher.db, { pickOffset, maxCachedAds: 3 })
    for (offset = 0; offset < 4; offset++) {
      for (const limit of [1, 4, 7, 12]) {
        for (const tags of [[], ['even']]) {
          expect(codes(await streamed.window(publisher.organisation.id, 'home slider ads', limit, true, tags))).toEqual(
            codes(await kept.window(publisher.organisation.id, 'home slider ads', limit, true, tags)),
          )
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

  it("sees another connection's writes on the next read", async () => {
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
      await nextTurnOfEventLoop()
      expect(codes(await reader.window(publisher.organisation.id, null, 12, false))).toEqual([ad.code])

      const key = await cli.selectFrom('api_keys').select('id').executeTakeFirstOrThrow()
      await revokeApiKey(cli, key.id)
      await nextTurnOfEventLoop()
      expect(await grantFor(publisher.apiKey)).toBeUndefined()
    } finally {
      await server.destroy()
      await cli.destroy()
    }
  })
})
