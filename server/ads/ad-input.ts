/**
 * @module Validates an ad as an author writes it (the CLI's `ad create`
 * and `ad update`, the console's ad form) with zod, and turns it into the
 * stored form: trimmed text, the slot key, a sanitised description, the
 * images as a JSON list, the schedule in UTC. Each refusal names its field,
 * so the console can show every problem beside its own field.
 */
import * as z from 'zod'
import { AD_DESCRIPTION_MAX, AD_TEXT_MAX, AD_URL_MAX } from '../../shared/ad-limits.js'
import { AD_IMAGES_MAX } from '../../shared/ads-wire.js'
import { slotKey } from '../../shared/slug.js'
import { InvalidInput } from '../invalid-input.js'
import { sanitizeDescription } from './sanitize-description.js'
import { UTC_INSTANT_RULE, utcInstantOf } from './utc-instant.js'

export const AD_STATUSES = ['saved', 'draft'] as const
export type AdStatus = (typeof AD_STATUSES)[number]

/** The longest title an ad may have. */
export const AD_TITLE_MAX = AD_TEXT_MAX.title

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/u

function text(field: string, max: number, min = 0) {
  return z
    .string({ error: `${field} must be a string` })
    .trim()
    .min(min, min === 1 ? `${field} must not be empty` : `${field} must be at least ${min} characters`)
    .max(max, `${field} must be at most ${max} characters`)
}

function optionalText(field: string, max: number) {
  return z
    .union([text(field, max), z.null()], { error: `${field} must be a string or null` })
    .transform((value) => (value === '' ? null : value))
}

function httpUrl(field: string, { orEmpty = false } = {}) {
  return z
    .string({ error: `${field} must be a string` })
    .trim()
    .max(AD_URL_MAX, `${field} must be at most ${AD_URL_MAX} characters`)
    .refine(
      (value) => (orEmpty && value === '') || isHttpUrl(value),
      orEmpty ? `${field} must be an http or https URL or empty` : `${field} must be an http or https URL`,
    )
}

/** A date and time with its zone, stored as UTC; empty or null for no bound. */
function instant(field: string) {
  const rule = `${field} ${UTC_INSTANT_RULE}`
  return z.union([z.string(), z.null()], { error: rule }).transform((value, context) => {
    if (value === null || value.trim() === '') return null
    const utc = utcInstantOf(value.trim())
    if (utc === undefined) context.addIssue({ code: 'custom', message: rule })
    return utc ?? null
  })
}

/** The inclusive bounds of an ad's weight, and the weight of an ad that names none. */
export const AD_WEIGHT_MIN = 1
export const AD_WEIGHT_MAX = 100
export const AD_WEIGHT_DEFAULT = 10
const WEIGHT_RULE = `weight must be an integer from ${AD_WEIGHT_MIN} to ${AD_WEIGHT_MAX}`
/** What a schedule whose end is not after its start is told. */
export const ENDS_AFTER_STARTS = 'ends must be after starts'

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false
  const { protocol, hostname } = new URL(value)
  return (protocol === 'http:' || protocol === 'https:') && hostname !== ''
}

const fields = {
  title: text('title', AD_TITLE_MAX, 1),
  label: text('label', AD_TEXT_MAX.label),
  url: httpUrl('url', { orEmpty: true }),
  link: text('link', AD_TEXT_MAX.link),
  target: z.enum(['_self', '_blank'], { error: 'target must be _self or _blank' }),
  size: optionalText('size', AD_TEXT_MAX.size),
  display: text('display', AD_TEXT_MAX.display, 1)
    .refine((value) => !CONTROL_CHARACTERS.test(value), 'display must not contain control characters')
    // A name of only dashes and spaces has an empty slug: no request could ever reach its ads.
    .refine((value) => slotKey(value) !== '', 'display must name a slot with letters or digits'),
  tags: optionalText('tags', AD_TEXT_MAX.tags),
  description: z
    .string({ error: 'description must be a string' })
    .max(AD_DESCRIPTION_MAX, `description must be at most ${AD_DESCRIPTION_MAX} characters`),
  image: httpUrl('image', { orEmpty: true }),
  images: z
    .array(httpUrl('images'), { error: 'images must be a list of URLs' })
    .max(AD_IMAGES_MAX, `images must hold at most ${AD_IMAGES_MAX} URLs`),
  status: z.enum(AD_STATUSES, { error: 'status must be saved or draft' }),
  publish: z.union([z.literal(0), z.literal(1), z.boolean()], { error: 'publish must be 0 or 1' }).transform(Number),
  starts: instant('starts'),
  ends: instant('ends'),
  weight: z.number({ error: WEIGHT_RULE }).int(WEIGHT_RULE).min(AD_WEIGHT_MIN, WEIGHT_RULE).max(AD_WEIGHT_MAX, WEIGHT_RULE),
}

/** Whether a window closes before it opens; both ends are UTC `toISOString()` text, which sorts as time does. */
const closesBeforeOpening = (starts: string | null | undefined, ends: string | null | undefined): boolean =>
  Boolean(starts && ends && ends <= starts)

/** Refuses a window that closes before it opens, when both its ends are given. */
function endsAfterStarts(ad: { starts?: string | null; ends?: string | null }, context: z.RefinementCtx): void {
  if (closesBeforeOpening(ad.starts, ad.ends)) context.addIssue({ code: 'custom', path: ['ends'], message: ENDS_AFTER_STARTS })
}

/**
 * Throws when a window's end is not after its start, for a change that
 * sets one end against the other one already stored.
 *
 * @example
 * // A change's null clears its end, so only an absent one falls back to the stored value.
 * assertEndsAfterStarts(changes.starts_at !== undefined ? changes.starts_at : stored.starts_at, stored.ends_at)
 */
export function assertEndsAfterStarts(startsAt: string | null, endsAt: string | null): void {
  if (closesBeforeOpening(startsAt, endsAt)) throw new InvalidInput('ends', ENDS_AFTER_STARTS)
}

export const newAdSchema = z
  .strictObject(
    {
      ...fields,
      label: fields.label.default(''),
      url: fields.url.default(''),
      link: fields.link.default(''),
      target: fields.target.default('_self'),
      size: fields.size.default(null),
      tags: fields.tags.default(null),
      description: fields.description.default(''),
      image: fields.image.default(''),
      images: fields.images.default([]),
      status: fields.status.default('saved'),
      publish: fields.publish.default(1),
      starts: fields.starts.default(null),
      ends: fields.ends.default(null),
      weight: fields.weight.default(AD_WEIGHT_DEFAULT),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys[0]}` : undefined) },
  )
  .superRefine(endsAfterStarts)

export const adChangesSchema = z
  .strictObject(fields, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys[0]}` : undefined),
  })
  .partial()
  .superRefine(endsAfterStarts)

/** An ad as an author submits it; omitted fields take their defaults. */
export type NewAdInput = z.input<typeof newAdSchema>
/** A partial change to an ad. */
export type AdChangesInput = z.input<typeof adChangesSchema>

/** The stored columns an author controls, validated and normalised. */
export interface AdContent {
  title: string
  label: string
  url: string
  link: string
  target: '_self' | '_blank'
  size: string | null
  display: string
  display_key: string
  tags: string | null
  description: string
  image: string
  images: string
  status: AdStatus
  publish: number
  /** UTC ISO 8601, or null for no bound. */
  starts_at: string | null
  ends_at: string | null
  weight: number
}

function firstProblem(error: z.ZodError): InvalidInput {
  const issue = error.issues[0]!
  const field = issue.code === 'unrecognized_keys' ? issue.keys[0]! : String(issue.path[0] ?? 'ad')
  const message = issue.path.length === 0 && issue.code === 'invalid_type' ? 'an ad must be an object of fields' : issue.message
  return new InvalidInput(field, message)
}

/**
 * Every broken rule of a new ad (or, with `change`, of a partial change),
 * one message a field, for a form that shows each beside its field.
 *
 * @example
 * adInputProblems({ title: '', display: 'Home' }) // { title: 'title must not be empty' }
 */
export function adInputProblems(input: unknown, { change = false } = {}): Record<string, string> {
  const parsed = (change ? adChangesSchema : newAdSchema).safeParse(input)
  if (parsed.success) return {}
  // A Map, so that a field named like an Object member (`constructor`, `__proto__`) is still reported.
  const problems = new Map<string, string>()
  for (const issue of parsed.error.issues) {
    const { field, message } = firstProblem({ issues: [issue] } as z.ZodError)
    if (!problems.has(field)) problems.set(field, message)
  }
  return Object.fromEntries(problems)
}

/**
 * Validates a new ad, throwing {@link InvalidInput} for the first broken rule.
 *
 * @example
 * const content = await adContentFrom({ title: 'Spring sale', display: 'Home Slider Ads' })
 */
export async function adContentFrom(input: unknown): Promise<AdContent> {
  const parsed = newAdSchema.safeParse(input)
  if (!parsed.success) throw firstProblem(parsed.error)
  const { starts, ends, ...ad } = parsed.data
  return {
    ...ad,
    starts_at: starts,
    ends_at: ends,
    display_key: slotKey(ad.display),
    description: await sanitizeDescription(ad.description),
    images: JSON.stringify(ad.images),
  }
}

/**
 * Validates a partial change, returning only the columns it sets.
 *
 * @example
 * const changes = await adChangesFrom({ publish: 0 })
 */
export async function adChangesFrom(input: unknown): Promise<Partial<AdContent>> {
  const parsed = adChangesSchema.safeParse(input)
  if (!parsed.success) throw firstProblem(parsed.error)
  const { display, description, images, starts, ends, ...rest } = parsed.data
  const changes: Partial<AdContent> = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined))
  if (display !== undefined) Object.assign(changes, { display, display_key: slotKey(display) })
  if (description !== undefined) changes.description = await sanitizeDescription(description)
  if (images !== undefined) changes.images = JSON.stringify(images)
  if (starts !== undefined) changes.starts_at = starts
  if (ends !== undefined) changes.ends_at = ends
  return changes
}
