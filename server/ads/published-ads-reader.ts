/**
 * @module The ads API's read path: the window of published ads a request
 * asks for, already serialised, with its entity tag. Each slot's published
 * ads are loaded once and kept until the database's change stamp moves, so
 * a hot slot costs no query; a slot too large to keep is read from the
 * database window by window instead.
 */
import { createHash, randomInt } from 'node:crypto'
import type { Kysely } from 'kysely'
import { foldTags } from '../../shared/ad-tags.js'
import { changeStampOf } from '../db/change-stamp.js'
import type { Database } from '../db/schema.js'
import { publishedAdsFor } from './ads-repository.js'

/** The ads of one answer, newest-first order from a start offset, each as its UTF-8 JSON. */
export interface AdWindow {
  ads: Buffer[]
  /** A weak entity tag that changes whenever the window's content may have. */
  etag: string
}

export interface PublishedAdsReaderOptions {
  /** Picks the random start offset in `[0, count)`; injectable for tests. */
  pickOffset?: (count: number) => number
  /** Slots with more published ads than this are not kept in memory. */
  maxCachedAds?: number
}

interface CachedSlot {
  stamp: string
  /** Newest first, encoded once so answers are assembled without re-encoding; `null` when the slot has more ads than are kept. */
  ads: Buffer[] | null
  /** Each kept ad's folded tags, in the same order. */
  tags: string[][]
  hash: string
}

const MAX_CACHED_SLOTS = 10_000

/**
 * Makes the reader for one database.
 *
 * @example
 * const reader = publishedAdsReader(db)
 * const { ads, etag } = await reader.window(org.id, 'home slider ads', 12, false)
 */
export function publishedAdsReader(db: Kysely<Database>, { pickOffset = randomInt, maxCachedAds = 500 }: PublishedAdsReaderOptions = {}) {
  const readStamp = changeStampOf(db)
  const slots = new Map<string, CachedSlot>()

  async function slotOf(organisationId: number, displayKey: string | null): Promise<CachedSlot> {
    const stamp = readStamp?.()
    const key = `${organisationId}:${displayKey ?? ''}`
    const cached = slots.get(key)
    if (cached && stamp !== undefined && cached.stamp === stamp) return cached
    const newest = await publishedAdsFor(db, organisationId, { displayKey, limit: maxCachedAds + 1, random: false })
    const kept = newest.length <= maxCachedAds
    const ads = kept ? newest.map((ad) => Buffer.from(JSON.stringify(ad))) : null
    const slot = { stamp: stamp ?? '', ads, tags: kept ? newest.map((ad) => foldTags(ad.tags)) : [], hash: ads ? hashOf(ads) : '' }
    if (stamp !== undefined) {
      if (slots.size >= MAX_CACHED_SLOTS) slots.clear()
      slots.set(key, slot)
    }
    return slot
  }

  return {
    /**
     * The `limit` newest published ads of the slot (every slot when
     * `displayKey` is null), or with `random` a window starting at a
     * uniformly random offset that wraps around; with `tags`, only the ads
     * carrying at least one of them.
     */
    async window(
      organisationId: number,
      displayKey: string | null,
      limit: number,
      random: boolean,
      tags: readonly string[] = [],
    ): Promise<AdWindow> {
      const slot = await slotOf(organisationId, displayKey)
      if (slot.ads === null) {
        const ads = (await publishedAdsFor(db, organisationId, { displayKey, limit, random, pickOffset, tags })).map((ad) =>
          Buffer.from(JSON.stringify(ad)),
        )
        return { ads, etag: `W/"${hashOf(ads)}"` }
      }
      const matching = tags.length ? slot.ads.filter((_, i) => slot.tags[i]!.some((tag) => tags.includes(tag))) : slot.ads
      // The filter is part of the tag: the same offset of two filters is two different answers.
      const filter = tags.length ? `.${createHash('sha1').update(tags.join(',')).digest('base64url').slice(0, 8)}` : ''
      const count = matching.length
      const wanted = Math.min(limit, count)
      const offset = random && count > 0 ? pickOffset(count) : 0
      const ads =
        offset + wanted <= count
          ? matching.slice(offset, offset + wanted)
          : [...matching.slice(offset), ...matching.slice(0, offset + wanted - count)]
      return { ads, etag: `W/"${slot.hash}${filter}.${offset}.${wanted}"` }
    },
  }
}

function hashOf(ads: Buffer[]): string {
  const hash = createHash('sha1')
  for (const ad of ads) hash.update(ad).update('\n')
  return hash.digest('base64url')
}

export type PublishedAdsReader = ReturnType<typeof publishedAdsReader>
