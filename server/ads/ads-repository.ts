/**
 * @module The ads repository: authors' writes (create, change, delete,
 * list) and the reads the ads API makes, the published ads of an
 * organisation's slot with their schedules; the one module that reads and
 * writes the `ads` table.
 */
import type { Kysely } from 'kysely'
import type { Ad, AdTarget } from '../../shared/ads-wire.js'
import { insertWithFreshCode } from '../db/public-code.js'
import type { AdRow, Database } from '../db/schema.js'
import { Refusal } from '../refusal.js'

/**
 * The ad rules (ad-input.ts), imported by the first write rather than at
 * start: they are zod schemas, and building them, with zod itself, was
 * about a tenth of what every `svc-bff` start and CLI command evaluated,
 * most of which never write an ad.
 */
const adInput = () => import('./ad-input.js')

/** Raised when an ad code names no ad. */
export class UnknownAd extends Refusal {
  override name = 'UnknownAd'
  readonly status = 404
  constructor(readonly adCode: string) {
    super(`no ad has the code ${adCode}`)
  }
}

/**
 * Validates and stores a new ad of an organisation, returning the stored row.
 *
 * @example
 * const ad = await createAd(db, org.id, { title: 'Spring sale', display: 'Home Slider Ads' })
 */
export async function createAd(db: Kysely<Database>, organisationId: number, input: unknown, now = new Date()): Promise<AdRow> {
  const content = await (await adInput()).adContentFrom(input)
  const timestamp = now.toISOString()
  const { result } = await insertWithFreshCode('ADS', (code) =>
    db
      .insertInto('ads')
      .values({ ...content, code, organisation_id: organisationId, created_at: timestamp, updated_at: timestamp })
      .returningAll()
      .executeTakeFirstOrThrow(),
  )
  return result
}

/**
 * Applies a validated partial change to an ad, returning the updated row.
 *
 * @example
 * await updateAd(db, 'ADS0123456789', { publish: 0 })
 */
export async function updateAd(db: Kysely<Database>, code: string, input: unknown, now = new Date()): Promise<AdRow> {
  const { adChangesFrom, assertEndsAfterStarts } = await adInput()
  const changes = await adChangesFrom(input)
  // A change to one end of the window is checked against the other end as stored.
  if ('starts_at' in changes !== 'ends_at' in changes) {
    const stored = await adByCode(db, code)
    if (!stored) throw new UnknownAd(code)
    assertEndsAfterStarts(
      changes.starts_at !== undefined ? changes.starts_at : stored.starts_at,
      changes.ends_at !== undefined ? changes.ends_at : stored.ends_at,
    )
  }
  const row = await db
    .updateTable('ads')
    .set({ ...changes, updated_at: now.toISOString() })
    .where('code', '=', code)
    .returningAll()
    .executeTakeFirst()
  if (!row) throw new UnknownAd(code)
  return row
}

/**
 * Deletes an ad, or throws {@link UnknownAd}.
 *
 * @example
 * await deleteAd(db, 'ADS0123456789')
 */
export async function deleteAd(db: Kysely<Database>, code: string): Promise<void> {
  const result = await db.deleteFrom('ads').where('code', '=', code).executeTakeFirst()
  if (result.numDeletedRows === 0n) throw new UnknownAd(code)
}

/**
 * Finds an ad by its public code, or `undefined`.
 *
 * @example
 * const ad = await adByCode(db, 'ADS0123456789')
 */
export async function adByCode(db: Kysely<Database>, code: string): Promise<AdRow | undefined> {
  return db.selectFrom('ads').selectAll().where('code', '=', code).executeTakeFirst()
}

/**
 * The row id, organisation and slot of each of `codes` that names an ad
 * (unknown codes are left out), for counting ad events.
 *
 * @example
 * await adPlacements(db, ['ADS0123456789']) // [{ id: 7, code: 'ADS0123456789', organisation_id: 1, display_key: 'home slider ads' }]
 */
export async function adPlacements(
  db: Kysely<Database>,
  codes: readonly string[],
): Promise<{ id: number; code: string; organisation_id: number; display_key: string }[]> {
  if (codes.length === 0) return []
  return db.selectFrom('ads').select(['id', 'code', 'organisation_id', 'display_key']).where('code', 'in', codes).execute()
}

export interface AdListFilter {
  organisationId?: number
  displayKey?: string
  status?: string
  publish?: number
  /** Only ads older than the one with this row id, to continue a page (the management API's cursor). */
  beforeId?: number
  /** At most this many. */
  limit?: number
}

/**
 * Lists ads for authors, newest first, whatever their state.
 *
 * @example
 * const drafts = await listAds(db, { organisationId: org.id, status: 'draft' })
 */
export async function listAds(db: Kysely<Database>, filter: AdListFilter = {}): Promise<AdRow[]> {
  let query = db.selectFrom('ads').selectAll()
  if (filter.organisationId !== undefined) query = query.where('organisation_id', '=', filter.organisationId)
  if (filter.displayKey !== undefined) query = query.where('display_key', '=', filter.displayKey)
  if (filter.status !== undefined) query = query.where('status', '=', filter.status)
  if (filter.publish !== undefined) query = query.where('publish', '=', filter.publish)
  if (filter.beforeId !== undefined) query = query.where('id', '<', filter.beforeId)
  if (filter.limit !== undefined) query = query.limit(filter.limit)
  return query.orderBy('id', 'desc').execute()
}

/**
 * How many ads each organisation has, whatever their state, by organisation row id (none: absent).
 *
 * @example
 * const ads = (await adCounts(db)).get(org.id) ?? 0
 */
export async function adCounts(db: Kysely<Database>): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('ads')
    .select(['organisation_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('organisation_id')
    .execute()
  return new Map(rows.map((row) => [row.organisation_id, Number(row.count)]))
}

const AD_COLUMNS = ['code', 'title', 'label', 'url', 'link', 'target', 'size', 'display', 'tags', 'description', 'image', 'images'] as const
const SCHEDULE_COLUMNS = ['starts_at', 'ends_at', 'weight'] as const

/** A published ad as the ads API serves it, with what decides whether and how often: its tags and schedule. */
export interface PublishedAd {
  ad: Ad
  tags: string | null
  starts_at: string | null
  ends_at: string | null
  weight: number
}

/** What the ads API needs of a published ad to choose it, without its content. */
export type PublishedAdIndexEntry = Pick<AdRow, 'id' | 'tags' | (typeof SCHEDULE_COLUMNS)[number]>

/**
 * The ads the API may return for an organisation's slot (every slot when
 * `displayKey` is null), whatever their schedule: status `saved` and
 * publish 1 only, newest first by internal id, at most `limit`.
 *
 * @example
 * const ads = await publishedAdsFor(db, org.id, 'home slider ads', 501)
 */
export async function publishedAdsFor(
  db: Kysely<Database>,
  organisationId: number,
  displayKey: string | null,
  limit: number,
): Promise<PublishedAd[]> {
  const rows = await publishedAdsOf(db, organisationId, displayKey)
    .select([...AD_COLUMNS, ...SCHEDULE_COLUMNS])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((row) => ({ ad: toWireAd(row), tags: row.tags, starts_at: row.starts_at, ends_at: row.ends_at, weight: row.weight }))
}

/**
 * Every published ad of the slot, newest first, without its content: for
 * slots too large to keep, which are chosen from this and then read by id.
 *
 * @example
 * const index = await publishedAdIndex(db, org.id, 'home slider ads')
 */
export async function publishedAdIndex(
  db: Kysely<Database>,
  organisationId: number,
  displayKey: string | null,
): Promise<PublishedAdIndexEntry[]> {
  return publishedAdsOf(db, organisationId, displayKey)
    .select(['id', 'tags', ...SCHEDULE_COLUMNS])
    .orderBy('id', 'desc')
    .execute()
}

/**
 * The published ads of the organisation with these ids, in the order asked;
 * one deleted or unpublished meanwhile is left out.
 *
 * @example
 * const ads = await publishedAdsWithIds(db, org.id, [42, 17])
 */
export async function publishedAdsWithIds(db: Kysely<Database>, organisationId: number, ids: readonly number[]): Promise<Ad[]> {
  if (ids.length === 0) return []
  const rows = await publishedAdsOf(db, organisationId, null)
    .select(['id', ...AD_COLUMNS])
    .where('id', 'in', ids)
    .execute()
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    return row ? [toWireAd(row)] : []
  })
}

function publishedAdsOf(db: Kysely<Database>, organisationId: number, displayKey: string | null) {
  const published = db
    .selectFrom('ads')
    .where('organisation_id', '=', organisationId)
    .where('status', '=', 'saved')
    .where('publish', '=', 1)
  return displayKey === null ? published : published.where('display_key', '=', displayKey)
}

type AdColumns = Pick<AdRow, (typeof AD_COLUMNS)[number]>

/**
 * Shapes a stored ad as the spec's Ad object.
 *
 * @example
 * const ad = toWireAd(row)
 */
export function toWireAd(row: AdColumns): Ad {
  return {
    code: row.code,
    title: row.title,
    label: row.label,
    url: row.url,
    link: row.link,
    target: row.target as AdTarget,
    size: row.size,
    display: row.display,
    tags: row.tags,
    description: row.description,
    image: row.image,
    images: imagesOf(row),
  }
}

/** An ad's image URLs, from their stored JSON. */
export const imagesOf = (row: Pick<AdRow, 'images'>): string[] => JSON.parse(row.images) as string[]
