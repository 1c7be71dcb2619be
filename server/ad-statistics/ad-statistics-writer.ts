/**
 * @module Accumulates ad events in memory and writes them in batches: each
 * flush adds the pending counts to the hourly rows in one transaction, so
 * the database sees one write every few seconds however many pages report.
 * A crash loses at most what arrived since the last flush. The table of
 * pending rows is capped: when full, events for rows not yet in it are
 * dropped (and logged at the next flush) rather than grow memory for a
 * stranger; rows already in it keep counting.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { log } from '../log.js'
import { pollingLoop } from '../polling-loop.js'
import { type AdCounts, addAdCounts, hourOf } from './ad-statistics-repository.js'
import type { EventKind } from './event-batch.js'

/** Pending rows kept at most between flushes: about 10 MB. */
export const MAX_PENDING_ROWS = 50_000
/** How often pending counts are written unless configured (`SVC_AD_STATS_FLUSH_SECONDS`). */
export const DEFAULT_FLUSH_MS = 5_000

/** Where an event is counted. */
export interface AdPlacement {
  organisationId: number
  adCode: string
  slot: string
}

/** An ad the events endpoint found (`known-ads.ts`): its row id finds its pending counts. */
export interface CountedAd {
  id: number
  code: string
  organisationId: number
}

/** A slot as a batch names it (`event-batch.ts`): a number for its slug finds its pending counts. */
export interface CountedSlot {
  id: number
  slug: string
}

export interface AdStatisticsWriter {
  /** Counts one event in its hour; false when it was dropped because the pending table is full. */
  count(placement: AdPlacement, kind: EventKind): boolean
  /**
   * The same for an ad and slot known by number: their pending row is
   * found by the two numbers, and its four-part key is made only for the
   * row's first event since the last flush.
   */
  countKnown(ad: CountedAd, slot: CountedSlot, kind: EventKind): boolean
  /** Writes what is pending now; resolves once written (or, on failure, logged and kept for the next flush). */
  flush(): Promise<void>
  /** Flushes every `flushMs` until stopped. */
  start(): void
  /** Stops the timer and writes what is pending: the server's graceful shutdown calls it. */
  stop(): Promise<void>
}

/**
 * Makes a writer for one database.
 *
 * @example
 * const statistics = adStatisticsWriter({ db })
 * statistics.start()
 * statistics.count({ organisationId: 1, adCode: 'ADS0123456789', slot: 'home' }, 'served')
 * await statistics.stop()
 */
export function adStatisticsWriter({
  db,
  flushMs = DEFAULT_FLUSH_MS,
  maxPendingRows = MAX_PENDING_ROWS,
  now,
}: {
  db: Kysely<Database>
  flushMs?: number
  maxPendingRows?: number
  /** The clock; injectable for tests. */
  now?: () => Date
}): AdStatisticsWriter {
  let pending = new Map<string, AdCounts>()
  // Every event of an hour falls in the same row's hour: its text is made once an hour, not per event.
  let hourNumber = -1
  let hourText = ''
  const millis = now ? () => now().getTime() : Date.now
  const currentHour = () => {
    const time = millis()
    const hour = Math.floor(time / 3_600_000)
    if (hour !== hourNumber) [hourNumber, hourText] = [hour, hourOf(new Date(time))]
    return hourText
  }
  let dropped = 0
  let writing: Promise<void> = Promise.resolve()
  // The same pending rows by ad id, then slot number, for the current hour; emptied with `pending`.
  let byNumbers = new Map<number, Map<number, AdCounts>>()
  let byNumbersHour = ''
  let numbered = 0

  function add(row: AdCounts): boolean {
    const key = keyOf(row.organisation_id, row.hour, row.ad_code, row.slot)
    const counts = pending.get(key)
    if (counts) {
      counts.served += row.served
      counts.viewable += row.viewable
      counts.clicks += row.clicks
      return true
    }
    if (pending.size >= maxPendingRows) return false
    pending.set(key, row)
    return true
  }

  async function write(): Promise<void> {
    const rows = [...pending.values()]
    const lost = dropped
    pending = new Map()
    forgetNumbers('')
    dropped = 0
    if (lost > 0) log('warn', 'ad statistics: events dropped, the table of pending counts was full', { dropped: lost })
    try {
      await addAdCounts(db, rows)
    } catch (error) {
      // Kept for the next flush, as far as the cap allows: a database that is down delays counts.
      for (const row of rows) if (!add(row)) dropped += row.served + row.viewable + row.clicks
      log('error', `ad statistics: writing ${rows.length} rows failed; kept for the next flush: ${(error as Error).message}`)
    }
  }

  function forgetNumbers(hour: string): void {
    byNumbers = new Map()
    byNumbersHour = hour
    numbered = 0
  }

  function countIn(hour: string, { organisationId, adCode, slot }: AdPlacement, kind: EventKind): boolean {
    // Most events add to a row already pending, which needs no row made.
    const counts = pending.get(keyOf(organisationId, hour, adCode, slot))
    if (counts) {
      counts[kind]++
      return true
    }
    const row: AdCounts = { organisation_id: organisationId, hour, ad_code: adCode, slot, served: 0, viewable: 0, clicks: 0 }
    row[kind] = 1
    if (add(row)) return true
    dropped++
    return false
  }

  /** The pending row `countIn` just counted in, found again by its numbers from now on (no more of them than rows may be pending). */
  function number(ad: CountedAd, slot: CountedSlot, hour: string): void {
    if (numbered >= maxPendingRows) return
    const row = pending.get(keyOf(ad.organisationId, hour, ad.code, slot.slug))!
    let slots = byNumbers.get(ad.id)
    if (slots === undefined) byNumbers.set(ad.id, (slots = new Map()))
    slots.set(slot.id, row)
    numbered++
  }

  // One flush at a time, in order; each writes what is pending when it starts.
  const flush = () => (writing = writing.then(write))
  const loop = pollingLoop('ad statistics', flush, flushMs)

  return {
    count: (placement, kind) => countIn(currentHour(), placement, kind),
    countKnown(ad, slot, kind) {
      const hour = currentHour()
      // The hour's text is the same string all hour long, so this compares no characters.
      if (hour !== byNumbersHour) forgetNumbers(hour)
      const row = byNumbers.get(ad.id)?.get(slot.id)
      if (row !== undefined) {
        row[kind]++
        return true
      }
      if (!countIn(hour, { organisationId: ad.organisationId, adCode: ad.code, slot: slot.slug }, kind)) return false
      number(ad, slot, hour)
      return true
    },
    flush,
    start: () => loop.start(),
    async stop() {
      await loop.stop()
      await flush()
    },
  }
}

function keyOf(organisationId: number, hour: string, adCode: string, slot: string): string {
  return `${organisationId}\t${hour}\t${adCode}\t${slot}`
}
