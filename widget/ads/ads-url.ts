/**
 * @module The ads API request of one `<svc-ads>`: its slot, limit, order
 * and tags as the query of `GET /ads/{display}` on the svc origin.
 */
import { ANYWHERE } from '../../shared/slug.js'

export interface AdsUrlOptions {
  display: string
  limit: number
  random: number
  /** Comma-separated tags; blanks are dropped. */
  tags: string
}

/**
 * The URL of a slot's ads; `base` may be relative to the page.
 *
 * @example
 * adsUrl('https://svc.example', { display: 'home', limit: 3, random: 0, tags: 'summer, gala' })
 * // 'https://svc.example/ads/home?limit=3&random=0&tags=summer,gala'
 */
export function adsUrl(base: string, { display, limit, random, tags }: AdsUrlOptions): string {
  const slug = encodeURIComponent(display || ANYWHERE)
  const count = Math.min(12, Math.max(1, Math.trunc(Number(limit)) || 1))
  const tagList = (tags || '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean)
    .map(encodeURIComponent)
  const query = `limit=${count}&random=${random === 0 ? 0 : 1}${tagList.length ? `&tags=${tagList.join(',')}` : ''}`
  return apiUrl(base, `ads/${slug}?${query}`)
}

/**
 * The URL of an API path below the svc base URL (which may be relative to the page, and may end in a folder).
 *
 * @example
 * apiUrl('https://svc.example', 'ads/events') // 'https://svc.example/ads/events'
 */
export function apiUrl(base: string, path: string): string {
  const origin = new URL(base, location.href)
  return new URL(path, origin.href.endsWith('/') ? origin : `${origin.href}/`).href
}
