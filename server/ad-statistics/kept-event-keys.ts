/**
 * @module What an events batch's key needs, kept by the key and the
 * request's `Origin` once a batch with them has passed the key's checks:
 * the grant and the rate-limit bucket the batch spends. A page view's
 * slot sends the same key from the same origin batch after batch, so the
 * next one takes one map lookup where it took the grant's, the bucket's
 * name built and the key's permission and origin checked. An entry holds
 * only under the change stamp it was made at (a revoked key or an archived
 * organisation moves it); capped, oldest out first, and only for short
 * origins, as the ads API's kept calls are (`server/ads/kept-ads-calls.ts`).
 */
import type { ApiKeyGrant } from '../api-keys/api-keys.js'
import { keptCallKey } from '../ads/kept-ads-calls.js'
import { keptUnderStamp } from '../kept-under-stamp.js'

/** A key's checks, passed for one origin. */
export interface KeptEventKey {
  /** The change stamp the grant was read at or after. */
  stamp: string
  grant: ApiKeyGrant
  /** The rate-limit bucket the batch spends. */
  bucket: string
}

export interface KeptEventKeys {
  /** The entry kept for `key` from `origin`, if it was kept at `stamp`. */
  get(key: string, origin: string | undefined, stamp: string): KeptEventKey | undefined
  keep(key: string, origin: string | undefined, entry: KeptEventKey): void
  /** Entries kept now. */
  readonly size: number
}

/** Entries kept at most. */
export const MAX_KEPT_EVENT_KEYS = 10_000

/**
 * Makes an empty table.
 *
 * @example
 * const kept = keptEventKeys()
 * kept.keep(batch.key, origin, { stamp, grant, bucket })
 * kept.get(batch.key, origin, stamp) // the entry while the stamp stays
 */
export function keptEventKeys(max = MAX_KEPT_EVENT_KEYS): KeptEventKeys {
  const entries = keptUnderStamp<KeptEventKey>(max)
  return {
    get(key, origin, stamp) {
      const name = keptCallKey(key, origin, '')
      return name === undefined ? undefined : entries.get(name, stamp)
    },
    keep(key, origin, entry) {
      const name = keptCallKey(key, origin, '')
      if (name !== undefined) entries.keep(name, entry)
    },
    get size() {
      return entries.size
    },
  }
}
