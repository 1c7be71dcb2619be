/**
 * @module The ads API's read path: the ads a request gets, already
 * serialised, with an entity tag and how long the answer may be cached.
 * Each slot's published ads are loaded once and kept until the database's
 * change stamp moves; which of them run is worked out again only when the
 * clock passes the next start or end, so a hot slot costs no query and no
 * filtering. A slot too large to keep is chosen from an index of its ads
 * and read by id instead.
 */
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import { foldTags } from '../../shared/ad-tags.js'
import { changeStampOf } from '../db/change-stamp.js'
import type { Database } from '../db/schema.js'
import { type AdSchedule, isRunning, nextEdgeAfter, scheduleOf, weightedOrder } from './ad-draw.js'
import { publishedAdIndex, publishedAdsFor, publishedAdsWithIds } from './ads-repository.js'

/** The ads of one answer, each as its UTF-8 JSON. */
export interface AdWindow {
  ads: Buffer[]
  /** A weak entity tag that changes whenever the answer's content or order may have. */
  etag: string
  /** Seconds the answer may be cached: never past the next start or end of an ad in the slot. */
  maxAge: number
  /** True when `ads` is the same array for every answer alike, so what is made of it may be kept with it. */
  kept?: boolean
}

export interface PublishedAdsReaderOptions {
  /** Uniform in [0, 1), for the weighted draw; injectable for tests. */
  random?: () => number
  /** The clock in epoch milliseconds; injectable for tests of window edges. */
  now?: () => number
  /** Slots with more published ads than this are not kept in memory. */
  maxCachedAds?: number
}

/** The longest any answer may be cached. */
export const MAX_AGE_SECONDS = 60

interface SlotAd extends AdSchedule {
  json: Buffer
  /** Folded, for the `tags` filter. */
  tags: string[]
}

/** The ads of a slot that run from `from` until `until` (the next start or end). */
interface RunningAds {
  ads: SlotAd[]
  /** The same ads' JSON, for answers in newest-first order. */
  json: Buffer[]
  /** `json`'s first `n` at index `n`, made on first use. */
  newest: Buffer[][]
  /** The entity tag of `newest[n]` at index `n`, made on first use. */
  newestTags: string[]
  hash: string
  from: number
  until: number
}

/** A slot's published ads as the reader keeps them; opaque to callers. */
export interface PublishedSlot {
  readonly organisationId: number
  readonly displayKey: string | null
}

interface CachedSlot extends PublishedSlot {
  stamp: string
  /** Newest first, encoded once so answers are assembled without re-encoding; `null` when the slot has more ads than are kept. */
  ads: SlotAd[] | null
  running?: RunningAds
}

/** What a window is asked for, at `at` (epoch milliseconds). */
interface WindowQuery {
  organisationId: number
  displayKey: string | null
  limit: number
  draw: boolean
  tags: readonly string[]
  at: number
}

const MAX_CACHED_SLOTS = 10_000

/**
 * Makes the reader for one database.
 *
 * @example
 * const reader = publishedAdsReader(db)
 * const { ads, etag, maxAge } = await reader.window(org.id, 'home slider ads', 12, false)
 */
export function publishedAdsReader(
  db: Kysely<Database>,
  { random = Math.random, now = Date.now, maxCachedAds = 500 }: PublishedAdsReaderOptions = {},
) {
  const readStamp = changeStampOf(db)
  const slots = new Map<string, CachedSlot>()

  /** The slot's ads: kept ones at once, not in a promise, so a hot slot's answer waits for nothing. */
  function slotOf(organisationId: number, displayKey: string | null): CachedSlot | Promise<CachedSlot> {
    const stamp = readStamp?.()
    const key = `${organisationId}:${displayKey ?? ''}`
    const cached = slots.get(key)
    if (cached && stamp !== undefined && cached.stamp === stamp) return cached
    return loadSlot(organisationId, displayKey, key, stamp)
  }

  async function loadSlot(organisationId: number, displayKey: string | null, key: string, stamp: string | undefined): Promise<CachedSlot> {
    const newest = await publishedAdsFor(db, organisationId, displayKey, maxCachedAds + 1)
    const ads =
      newest.length <= maxCachedAds
        ? newest.map((published) => ({
            ...scheduleOf(published),
            json: Buffer.from(JSON.stringify(published.ad)),
            tags: foldTags(published.tags),
          }))
        : null
    const slot: CachedSlot = { organisationId, displayKey, stamp: stamp ?? '', ads }
    if (stamp !== undefined) {
      if (slots.size >= MAX_CACHED_SLOTS) slots.clear()
      slots.set(key, slot)
    }
    return slot
  }

  function runningAt(slot: CachedSlot & { ads: SlotAd[] }, at: number): RunningAds {
    const known = slot.running
    if (known && known.from <= at && at < known.until) return known
    const ads = slot.ads.filter((ad) => isRunning(ad, at))
    const json = ads.map((ad) => ad.json)
    const running = { ads, json, newest: [], newestTags: [], hash: hashOf(json), from: at, until: nextEdgeAfter(slot.ads, at) }
    slot.running = running
    return running
  }

  /** The window of a slot too large to keep: chosen from its index, then read by id. */
  async function windowFromIndex({ organisationId, displayKey, limit, draw, tags, at }: WindowQuery): Promise<AdWindow> {
    const index = (await publishedAdIndex(db, organisationId, displayKey)).map((row) => ({
      ...scheduleOf(row),
      id: row.id,
      tags: foldTags(row.tags),
    }))
    const matching = index.filter((ad) => isRunning(ad, at) && (tags.length === 0 || ad.tags.some((tag) => tags.includes(tag))))
    const order = draw ? weightedOrder(matching, limit, random) : firstOf(matching.length, limit)
    const ads = (
      await publishedAdsWithIds(
        db,
        organisationId,
        order.map((i) => matching[i]!.id),
      )
    ).map((ad) => Buffer.from(JSON.stringify(ad)))
    return { ads, etag: `W/"${hashOf(ads)}"`, maxAge: maxAgeUntil(nextEdgeAfter(index, at), at) }
  }

  return {
    /**
     * The published ads of the slot (every slot when `displayKey` is null)
     * running now: the `limit` newest, or with `random` `limit` of them in
     * a weighted random order; with `tags`, only the ads carrying at least
     * one of them. The window of a kept slot comes at once, not in a promise.
     */
    window(
      organisationId: number,
      displayKey: string | null,
      limit: number,
      draw: boolean,
      tags: readonly string[] = [],
    ): AdWindow | Promise<AdWindow> {
      const slot = slotOf(organisationId, displayKey)
      return slot instanceof Promise ? slot.then((loaded) => windowIn(loaded, limit, draw, tags)) : windowIn(slot, limit, draw, tags)
    },
    /**
     * The slot itself, for a caller that keeps it under the same change
     * stamp it read (the ads API's kept calls) and asks {@link windowIn}
     * for windows of it: valid for as long as that stamp has not moved.
     */
    slot: slotOf,
    /** The window of a slot {@link slot} gave, as `window` answers it. */
    windowIn,
  }

  function windowIn(slot: PublishedSlot, limit: number, draw: boolean, tags: readonly string[] = []): AdWindow | Promise<AdWindow> {
    return windowOf(slot as CachedSlot, { organisationId: slot.organisationId, displayKey: slot.displayKey, limit, draw, tags, at: now() })
  }

  function windowOf(slot: CachedSlot, query: WindowQuery): AdWindow | Promise<AdWindow> {
    if (slot.ads === null) return windowFromIndex(query)
    const { limit, draw, tags, at } = query
    const running = runningAt(slot as CachedSlot & { ads: SlotAd[] }, at)
    const maxAge = maxAgeUntil(running.until, at)
    // The filter is part of the tag: the same positions of two filters are two different answers.
    const filter = tags.length ? `.${createHash('sha1').update(tags.join(',')).digest('base64url').slice(0, 8)}` : ''
    const matching = tags.length ? running.ads.filter((ad) => ad.tags.some((tag) => tags.includes(tag))) : running.ads
    if (!draw) {
      if (tags.length) {
        const newest = matching.slice(0, limit).map((ad) => ad.json)
        return { ads: newest, etag: `W/"${running.hash}${filter}.${newest.length}"`, maxAge }
      }
      // The newest first, as kept: the hot path of random=0 assembles nothing new, its tag included.
      const wanted = Math.min(limit, running.json.length)
      const ads = (running.newest[wanted] ??= wanted === running.json.length ? running.json : running.json.slice(0, wanted))
      return { ads, etag: (running.newestTags[wanted] ??= `W/"${running.hash}.${wanted}"`), maxAge, kept: true }
    }
    const order = weightedOrder(matching, limit, random)
    return { ads: order.map((i) => matching[i]!.json), etag: `W/"${running.hash}${filter}.${order.join('-')}"`, maxAge }
  }
}

/** `[0, 1, …]`: the newest `limit` of `count` ads. */
function firstOf(count: number, limit: number): number[] {
  return Array.from({ length: Math.min(count, limit) }, (_, i) => i)
}

/** Whole seconds to the next edge, rounded down so a cache never outlives it. */
function maxAgeUntil(edge: number, at: number): number {
  return edge === Infinity ? MAX_AGE_SECONDS : Math.min(MAX_AGE_SECONDS, Math.max(0, Math.floor((edge - at) / 1000)))
}

function hashOf(ads: Buffer[]): string {
  const hash = createHash('sha1')
  for (const ad of ads) hash.update(ad).update('\n')
  return hash.digest('base64url')
}

export type PublishedAdsReader = ReturnType<typeof publishedAdsReader>
