/**
 * @module What the ad editor says about an ad in its own words: the API's
 * refusals reworded with the form's field labels ("Slot must not be
 * empty", not "display must not be empty"), and the warnings about an ad
 * that would render poorly, which never stop it being saved.
 */
import { scheduleState } from '../../../shared/ad-schedule.js'
import type { ConsoleAdFields } from '../../../shared/console-wire.js'

/** Each API field's label in the form. */
export const AD_FIELD_LABELS: Readonly<Record<string, string>> = {
  organisation: 'Organisation',
  title: 'Title',
  label: 'Label',
  display: 'Slot',
  url: 'Link URL',
  link: 'Button text',
  target: 'Opens in',
  size: 'Size',
  tags: 'Tags',
  description: 'Description',
  image: 'Main image URL',
  images: 'More images',
  status: 'Status',
  publish: 'Published',
  starts: 'Starts',
  ends: 'Ends',
  weight: 'Weight',
}

/** Titles longer than this are cut short on phones in the slider and hero layouts. */
export const LONG_TITLE = 90

/**
 * A refusal's message as the form words it: the API's field name at its
 * start becomes the field's label.
 *
 * @example
 * inFormWords('display', 'display must not be empty') // 'Slot must not be empty'
 */
export function inFormWords(field: string, message: string): string {
  const label = AD_FIELD_LABELS[field]
  if (label && message.startsWith(`${field} `)) return `${label}${message.slice(field.length)}`
  return message.charAt(0).toUpperCase() + message.slice(1)
}

/**
 * Every refusal of a form, reworded.
 *
 * @example
 * refusalsInFormWords({ display: 'display must not be empty' }) // { display: 'Slot must not be empty' }
 */
export function refusalsInFormWords(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, inFormWords(field, message)]))
}

/** One warning: the field it is about, and what the author will see if they save anyway. */
export interface AdWarning {
  field: keyof ConsoleAdFields
  message: string
}

/**
 * What would make the ad render poorly; saving is still allowed.
 *
 * @example
 * adWarnings({ title: 'Sale', url: 'https://shop.example', link: '', image: 'https://cdn.example/a.png', images: [] })
 * // [{ field: 'link', message: 'Link URL without Button text: the button will say "Learn more".' }]
 */
export function adWarnings(ad: Pick<ConsoleAdFields, 'title' | 'url' | 'link' | 'image' | 'images'>): AdWarning[] {
  const warnings: AdWarning[] = []
  if (!ad.image.trim()) warnings.push({ field: 'image', message: 'No main image: the hero layout shows a plain background instead.' })
  if (ad.url.trim() && !ad.link.trim())
    warnings.push({ field: 'link', message: 'Link URL without Button text: the button will say "Learn more".' })
  if (ad.title.trim().length > LONG_TITLE)
    warnings.push({
      field: 'title',
      message: `Title is ${ad.title.trim().length} characters: past ${LONG_TITLE}, it is cut short on phones.`,
    })
  // Addresses that are not http(s) at all are refused on save; plain http is allowed but shows badly on https pages
  // (except this machine's own, which a local trial serves over http anyway).
  const plainHttp = (url: string) => /^http:\/\//i.test(url.trim()) && !/^http:\/\/(localhost|127\.0\.0\.1|\[::1\])[:/]/i.test(url.trim())
  if (plainHttp(ad.url))
    warnings.push({ field: 'url', message: 'Link URL is not https: browsers may call the page it opens "Not secure".' })
  if ([ad.image, ...ad.images].some(plainHttp))
    warnings.push({ field: 'image', message: 'An image URL is not https: partner pages served over https may not show it.' })
  return warnings
}

/**
 * A moment as a sentence says it, in the browser's language and time zone:
 * day, month and time, with the year only when it is not this one.
 *
 * @example
 * momentWords('2026-05-03T08:00:00.000Z', Date.parse('2026-11-27T00:00:00Z')) // 'May 3 at 10:00 AM' in Berlin, en-US
 */
export function momentWords(iso: string, nowMs: number): string {
  const at = new Date(iso)
  const year = at.getFullYear() === new Date(nowMs).getFullYear() ? undefined : 'numeric'
  return at.toLocaleString(undefined, { day: 'numeric', month: 'long', year, hour: '2-digit', minute: '2-digit' })
}

/**
 * What the confirmation of a save adds when an ad that is ready and
 * published will still not be seen, because of its dates (as Google Ads
 * and Meta say "Ended" or "Scheduled" beside a campaign that is on): the
 * words after `Saved "…"`, or `''` when visitors see it or its status or
 * the Published box already keeps it from them.
 *
 * @example
 * unseenForItsDates({ status: 'saved', publish: 1, starts: null, ends: '2020-05-03T10:00:00.000Z' }, Date.now())
 * // ' — this ad ended on May 3, 2020 at 10:00 AM and is not shown'
 */
export function unseenForItsDates(
  ad: { status: string; publish: number; starts: string | null; ends: string | null },
  nowMs: number,
): string {
  if (ad.status !== 'saved' || ad.publish !== 1) return ''
  const state = scheduleState(ad, nowMs)
  if (state === 'ended') return ` — this ad ended on ${momentWords(ad.ends!, nowMs)} and is not shown`
  return state === 'scheduled' ? ` — shown from ${momentWords(ad.starts!, nowMs)}` : ''
}
