/**
 * @module Which organisation and slot an ad code belongs to, as the events
 * endpoint asks on every batch: kept in memory until the database's change
 * stamp moves (a flush moves it too, so at most a few seconds), and capped,
 * so codes invented by a stranger cannot grow it without bound.
 */
import type { Kysely } from 'kysely'
import { adPlacements } from '../ads/ads-repository.js'
import { changeStampOf } from '../db/change-stamp.js'
import type { Database } from '../db/schema.js'

/** Codes remembered at most, known or not. */
const MAX_CACHED_CODES = 10_000

/** An ad's row id, code, owner and slot key; `null` for a code that names no ad. */
export type AdHome = { id: number; code: string; organisationId: number; displayKey: string } | null

/**
 * Makes the lookup for one database.
 *
 * @example
 * const homeOf = knownAds(db)
 * const homes = await homeOf(['ADS0123456789']) // Map { 'ADS0123456789' => { id: 7, code: 'ADS0123456789', organisationId: 1, displayKey: 'home' }, … }
 */
export function knownAds(
  db: Kysely<Database>,
): (codes: readonly string[]) => ReadonlyMap<string, AdHome> | Promise<ReadonlyMap<string, AdHome>> {
  const readStamp = changeStampOf(db)
  let stamp: string | undefined
  let homes = new Map<string, AdHome>()

  async function load(missing: string[], into: Map<string, AdHome>): Promise<ReadonlyMap<string, AdHome>> {
    for (const ad of await adPlacements(db, missing)) into.set(ad.code, { id: ad.id, code: ad.code, organisationId: ad.organisation_id, displayKey: ad.display_key })
    return into
  }

  // The answer is the kept table itself (every code asked for is in it), at once when nothing is missing.
  return function homesOf(codes) {
    const current = readStamp?.()
    if (current === undefined || current !== stamp || homes.size + codes.length > MAX_CACHED_CODES) homes = new Map()
    stamp = current
    let missing: string[] | undefined
    for (const code of codes) if (!homes.has(code)) (missing ??= []).push(code)
    if (missing === undefined) return homes
    for (const code of missing) homes.set(code, null)
    return load(missing, homes)
  }
}
