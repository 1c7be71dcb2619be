/**
 * @module The ads API's wire types: the Ad object and the response envelope
 * of `GET /ads` and `GET /ads/{display}`, as the server sends them and the
 * widget reads them.
 */

/** Where an ad's call-to-action opens. */
export type AdTarget = '_self' | '_blank'

/** One published ad, exactly the fields of the spec's Ad object. */
export interface Ad {
  code: string
  title: string
  label: string
  url: string
  link: string
  target: AdTarget
  size: string | null
  display: string
  tags: string | null
  /** Sanitised HTML; clients must still treat it as HTML. */
  description: string
  image: string
  images: string[]
}

/** A successful answer: one ad when the effective limit is 1, else an array. */
export type AdsSuccess =
  { status: 'success'; code: 200; data: Ad; count: 1; request_id: string } | { status: 'success'; code: 200; data: Ad[]; count: number }

/** The empty result: no published ad matched. */
export interface AdsNotFound {
  status: 'info'
  code: 404
  message: 'No ads found'
}

/** Any failure; `message` names the parameter and the rule it broke. */
export interface AdsError {
  status: 'error'
  code: number
  message: string
}

export type AdsResponse = AdsSuccess | AdsNotFound | AdsError

/** The inclusive bounds of the `limit` query parameter. */
export const AD_LIMIT_MIN = 1
export const AD_LIMIT_MAX = 12
/** The most gallery images an ad may carry. */
export const AD_IMAGES_MAX = 10

/** The body of `POST /ads/events`: one page view's batch of ad events, as `<svc-ads>` sends it (`text/plain` JSON). */
export interface AdEventBatch {
  /** The publishable API key: a beacon cannot carry an `Authorization` header. */
  key: string
  /** A random id of 12 to 64 letters, digits, `-` or `_`, so a replay counts once. */
  batch: string
  /** The slot's slug the page asked for (`display`), or `anywhere`. */
  slot: string
  /** Ad codes, each at most once a kind, at most 50 a kind. */
  served?: string[]
  viewable?: string[]
  clicks?: string[]
}
