/**
 * @module Resolves presented API keys to their grants, keeping the answers
 * for known keys until the database's change stamp moves, so a revoked or
 * changed key stops working with the next request after the change.
 */
import type { Kysely } from 'kysely'
import { changeStampOf } from '../db/change-stamp.js'
import type { Database } from '../db/schema.js'
import { type ApiKeyGrant, grantForApiKey } from './api-keys.js'

const MAX_CACHED_KEYS = 10_000

/**
 * Makes a cached `grantForApiKey` for one database. Unknown keys are not
 * kept, so guessing cannot fill the cache.
 *
 * @example
 * const grantFor = apiKeyGrants(db)
 * const grant = await grantFor(presentedKey) // a kept grant comes without a promise
 */
export function apiKeyGrants(db: Kysely<Database>): (apiKey: string) => ApiKeyGrant | undefined | Promise<ApiKeyGrant | undefined> {
  const readStamp = changeStampOf(db)
  const grants = new Map<string, { stamp: string; grant: ApiKeyGrant }>()

  async function load(apiKey: string, stamp: string | undefined): Promise<ApiKeyGrant | undefined> {
    const grant = await grantForApiKey(db, apiKey)
    if (!grant) {
      grants.delete(apiKey)
      return undefined
    }
    if (stamp !== undefined) {
      if (grants.size >= MAX_CACHED_KEYS) grants.clear()
      grants.set(apiKey, { stamp, grant })
    }
    return grant
  }

  // A kept grant is answered at once, not in a promise: the ads API's hot path waits for nothing.
  return function grantFor(apiKey) {
    const stamp = readStamp?.()
    const cached = grants.get(apiKey)
    if (cached && stamp !== undefined && cached.stamp === stamp) return cached.grant
    return load(apiKey, stamp)
  }
}
