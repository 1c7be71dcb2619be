/**
 * @module The ad editor's fields and how they cross the wire: the form's
 * own shape (text where the API has null, one empty image row to type in,
 * the weight as typed), made from the console API's answer and turned back
 * into what it takes. Fields the form did not touch go back exactly as
 * they came, so loading and saving an ad changes nothing.
 */
import type { ConsoleAd, ConsoleAdInput } from '../../../shared/console-wire.js'

/** An ad as the editor holds it. */
export interface AdFields {
  title: string
  label: string
  display: string
  url: string
  link: string
  target: '_self' | '_blank'
  size: string
  tags: string
  description: string
  image: string
  images: string[]
  status: 'saved' | 'draft'
  publish: number
  /** UTC, as the server answered or as converted from the browser's zone when edited. */
  starts: string | null
  ends: string | null
  /** As typed. */
  weight: string
}

/**
 * The fields of a new ad.
 *
 * @example
 * newAdFields().weight // '10'
 */
export function newAdFields(): AdFields {
  return {
    title: '',
    label: '',
    display: '',
    url: '',
    link: '',
    target: '_self',
    size: '',
    tags: '',
    description: '',
    image: '',
    images: [''],
    status: 'saved',
    publish: 0,
    starts: null,
    ends: null,
    weight: '10',
  }
}

/**
 * The fields the form edits of an ad the API answered; what the answer also
 * says (code, times, organisation) is left out, so it is not sent back.
 *
 * @example
 * const fields = adFieldsOf((await consoleApi<ConsoleAdAnswer>('GET', `/ads/${code}`)).ad)
 */
export function adFieldsOf(ad: ConsoleAd & { organisation?: string }): AdFields {
  const { code: _code, created_at: _created, updated_at: _updated, organisation: _organisation, ...fields } = ad
  return {
    ...fields,
    target: ad.target === '_blank' ? '_blank' : '_self',
    status: ad.status === 'draft' ? 'draft' : 'saved',
    size: ad.size ?? '',
    tags: ad.tags ?? '',
    images: ad.images.length ? ad.images : [''],
    weight: String(ad.weight),
  }
}

/**
 * What the server receives: empty image rows dropped, empty optional
 * fields null, and a weight that is not a number sent as null, for the
 * server to refuse in its usual words.
 *
 * @example
 * await consoleApi('PUT', `/ads/${code}`, { body: adInputOf(fields) })
 */
export function adInputOf(fields: AdFields): ConsoleAdInput {
  const { size, tags, images, weight, ...rest } = fields
  return {
    ...rest,
    size: size || null,
    tags: tags || null,
    images: images.map((url) => url.trim()).filter(Boolean),
    // JSON writes NaN as null.
    weight: weight.trim() === '' ? Number.NaN : Number(weight),
  }
}
