/**
 * @module Reads an ads request's slot slug and query string into a typed
 * query, refusing anything outside the rules with a message that names the
 * parameter and the rule (`limit must be an integer from 1 to 12`).
 */
import { AD_LIMIT_MAX, AD_LIMIT_MIN } from '../../shared/ads-wire.js'
import { ANYWHERE, displayNameFromSlug, slotKey } from '../../shared/slug.js'
import { foldTags } from '../../shared/ad-tags.js'
import { InvalidParameter } from './errors.js'

export interface AdsRequest {
  /** The slot's key, or `null` for no slot filter. */
  displayKey: string | null
  limit: number
  random: boolean
  /** Folded tags from `?tags=a,b`: only ads carrying at least one of them; empty for no tag filter. */
  tags: readonly string[]
}

const SLUG_MAX_LENGTH = 100
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}]/u
const DIGITS = /^[0-9]{1,6}$/
const TAGS_MAX = 10
const TAG_MAX_LENGTH = 50

// Partner pages send the same few requests over and over, so recently
// seen valid requests are kept parsed rather than decoded and folded again.
const recentRequests = new Map<string, AdsRequest>()
const RECENT_REQUESTS_MAX = 1000

/**
 * Parses the raw (still percent-encoded) slug segment, if any, and the raw query string.
 *
 * @example
 * parseAdsRequest('home-slider-ads', 'limit=12&random=0')
 * // { displayKey: 'home slider ads', limit: 12, random: false }
 */
export function parseAdsRequest(rawSlug: string | undefined, rawQuery: string): Readonly<AdsRequest> {
  const cacheKey = `${rawSlug === undefined ? '' : `/${rawSlug}`}?${rawQuery}`
  const recent = recentRequests.get(cacheKey)
  if (recent !== undefined) return recent
  const query = new URLSearchParams(rawQuery)
  const request = Object.freeze({
    displayKey: rawSlug === undefined ? null : foldSlug(rawSlug),
    limit: integerParameter(query, 'limit', AD_LIMIT_MIN, AD_LIMIT_MAX, 1),
    random: integerParameter(query, 'random', 0, 1, 1) === 1,
    tags: Object.freeze(tagsParameter(query)),
  })
  if (recentRequests.size >= RECENT_REQUESTS_MAX) recentRequests.clear()
  recentRequests.set(cacheKey, request)
  return request
}

function foldSlug(rawSlug: string): string | null {
  let slug: string
  try {
    slug = decodeURIComponent(rawSlug)
  } catch {
    throw new InvalidParameter('display must be valid UTF-8 when percent-decoded')
  }
  if (slug.length > SLUG_MAX_LENGTH) throw new InvalidParameter(`display must be at most ${SLUG_MAX_LENGTH} characters`)
  if (UNPRINTABLE.test(slug)) throw new InvalidParameter('display must not contain control characters')
  const key = slotKey(displayNameFromSlug(slug))
  if (key === '') throw new InvalidParameter('display must name a slot, such as home-slider-ads')
  return key === ANYWHERE ? null : key
}

function tagsParameter(query: URLSearchParams): string[] {
  const values = query.getAll('tags')
  if (values.length === 0) return []
  if (values.length > 1) throw new InvalidParameter('tags must be given once, comma-separated')
  const tags = [...new Set(foldTags(values[0]!))]
  if (tags.length > TAGS_MAX) throw new InvalidParameter(`tags must list at most ${TAGS_MAX} tags`)
  if (tags.some((tag) => tag.length > TAG_MAX_LENGTH || UNPRINTABLE.test(tag))) {
    throw new InvalidParameter(`tags must be printable and at most ${TAG_MAX_LENGTH} characters each`)
  }
  return tags.sort()
}

function integerParameter(query: URLSearchParams, name: string, min: number, max: number, fallback: number): number {
  const values = query.getAll(name)
  if (values.length === 0) return fallback
  if (values.length > 1) throw new InvalidParameter(`${name} must be given once`)
  const value = values[0]!
  const number = DIGITS.test(value) ? Number(value) : Number.NaN
  if (!(number >= min && number <= max)) {
    throw new InvalidParameter(max - min === 1 ? `${name} must be ${min} or ${max}` : `${name} must be an integer from ${min} to ${max}`)
  }
  return number
}
