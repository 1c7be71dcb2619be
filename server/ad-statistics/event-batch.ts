/**
 * @module The body of `POST /ads/events`: one page view's batch of ad
 * events from `<svc-ads>`, sent with `navigator.sendBeacon` as `text/plain`
 * JSON (a CORS-safelisted type, so no preflight), which is why the API key
 * travels in the body; its wire shape is `AdEventBatch` (`shared/ads-wire.ts`).
 * A straight run of guards: whatever breaks a rule is a 400 naming it.
 */
import { slotKey, slugOfSlot } from '../../shared/slug.js'
import { InvalidParameter } from '../ads/errors.js'

/** What a batch counts, each ad at most once a kind. */
export const EVENT_KINDS = ['served', 'viewable', 'clicks'] as const
export type EventKind = (typeof EVENT_KINDS)[number]

/** The most ads one batch may name per kind: a page view's slot shows at most 12, this leaves room for a slot that reloads. */
export const MAX_ADS_PER_KIND = 50
/** The largest body read: a full batch is about 2 KB. */
export const MAX_EVENTS_BODY_BYTES = 8 * 1024

const BATCH_ID = /^[A-Za-z0-9_-]{12,64}$/
const AD_CODE = /^ADS\d{1,20}$/
const SLOT_MAX_LENGTH = 100

export interface EventBatch {
  /** The API key, as presented; checked like a Bearer key. */
  key: string | undefined
  /** The widget's random id of the batch, so a replay is counted once. */
  batch: string
  /** The slot's slug the page asked for. */
  slot: string
  /** A number this process gave the slug, by which its pending counts are found. */
  slotId: number
  /** The same slot's key, as ads are stored with it. */
  slotKey: string
  served: string[]
  viewable: string[]
  clicks: string[]
}

/**
 * Reads a batch from the body's text; throws a 400 that names the rule broken.
 *
 * @example
 * eventBatchFrom('{"key":"svc_pk_…","batch":"b7Jx0e3Rk2mQ9vT1","slot":"home","served":["ADS0123456789"]}')
 */
export function eventBatchFrom(text: string): EventBatch {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new InvalidParameter('the body must be JSON: {"key", "batch", "slot", "served", "viewable", "clicks"}')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new InvalidParameter('the body must be a JSON object: {"key", "batch", "slot", "served", "viewable", "clicks"}')
  }
  const fields = body as Record<string, unknown>
  const { key, batch, slot } = fields
  if (key !== undefined && typeof key !== 'string') throw new InvalidParameter('key must be the API key, a string')
  if (typeof batch !== 'string' || !BATCH_ID.test(batch)) {
    throw new InvalidParameter('batch must be a random id of 12 to 64 letters, digits, "-" or "_"')
  }
  const named = typeof slot === 'string' && slot.length <= SLOT_MAX_LENGTH ? slotNamed(slot) : undefined
  if (named === undefined)
    throw new InvalidParameter(`slot must be the slot's slug (the display attribute), 1 to ${SLOT_MAX_LENGTH} characters`)
  return {
    key,
    batch,
    slot: named.slug,
    slotId: named.id,
    slotKey: named.key,
    served: adCodes(fields, 'served'),
    viewable: adCodes(fields, 'viewable'),
    clicks: adCodes(fields, 'clicks'),
  }
}

/** A slot as a batch names it, worked out once. */
interface NamedSlot {
  slug: string
  key: string
  id: number
}

// Pages send the same few slots over and over, so their slugs and keys are kept rather than worked out again.
const recentSlots = new Map<string, NamedSlot | undefined>()
const RECENT_SLOTS_MAX = 1000
let slotsNamed = 0

/** The slug, key and number of a slot as a page names it; `undefined` when it names none. */
function slotNamed(slot: string): NamedSlot | undefined {
  if (recentSlots.has(slot)) return recentSlots.get(slot)
  const slug = slugOfSlot(slot)
  // A slug named again after the table was cleared gets a new number: its counts are found under the old one's row all the same.
  const named = slug === '' ? undefined : { slug, key: slotKey(slug), id: ++slotsNamed }
  if (recentSlots.size >= RECENT_SLOTS_MAX) recentSlots.clear()
  recentSlots.set(slot, named)
  return named
}

/** The rule a kind's list breaks, made once rather than per batch. */
const AD_CODES_RULE = Object.fromEntries(
  EVENT_KINDS.map((kind) => [kind, `${kind} must be an array of at most ${MAX_ADS_PER_KIND} distinct ad codes (ADS followed by digits)`]),
) as Record<EventKind, string>

function adCodes(fields: Record<string, unknown>, kind: EventKind): string[] {
  const value = fields[kind]
  if (value === undefined) return []
  if (!Array.isArray(value) || value.length > MAX_ADS_PER_KIND) throw new InvalidParameter(AD_CODES_RULE[kind])
  for (let i = 0; i < value.length; i++) {
    const code: unknown = value[i]
    if (typeof code !== 'string' || !AD_CODE.test(code)) throw new InvalidParameter(AD_CODES_RULE[kind])
    // At most 50 codes: looking back costs less than a Set made per kind and batch.
    if (i > 0 && value.lastIndexOf(code, i - 1) !== -1)
      throw new InvalidParameter(`${AD_CODES_RULE[kind]}; a page view counts an ad once a kind`)
  }
  return value as string[]
}
