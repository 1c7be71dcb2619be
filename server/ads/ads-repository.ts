/**
 * @module The ads repository: authors' writes (create, change, delete,
 * list) and the one read the ads API makes, the published ads of an
 * organisation's slot; the one module that reads and writes the `ads` table.
 */
import { randomInt } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Ad, AdTarget } from '../../shared/ads-wire.js'
import { foldTags } from '../../shared/ad-tags.js'
import { insertWithFreshCode } from '../db/public-code.js'
import type { AdRow, Database } from '../db/schema.js'
import { adChangesFrom, adContentFrom } from './ad-input.js'
import { Refusal } from '../refusal.js'

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
  const content = adContentFrom(input)
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
  const changes = adChangesFrom(input)
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
 * The organisation and slot of each of `codes` that names an ad (unknown
 * codes are left out), for counting ad events.
 *
 * @example
 * await adPlacements(db, ['ADS0123456789']) // [{ code: 'ADS0123456789', organisation_id: 1, display_key: 'home slider ads' }]
 */
export async function adPlacements(
  db: Kysely<Database>,
  codes: readonly string[],
): Promise<{ code: string; organisation_id: number; display_key: string }[]> {
  if (codes.length === 0) return []
  return db.selectFrom('ads').select(['code', 'organisation_id', 'display_key']).where('code', 'in', codes).execute()
}

export interface AdListFilter {
  organisationId?: number
  displayKey?: string
  status?: string
  publish?: number
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
  return query.orderBy('id', 'desc').execute()
}

export interface PublishedAdsQuery {
  /** `slotKey` of the requested slot, or `null` for every slot. */
  displayKey: string | null
  limit: number
  /** Start at a random offset of the newest-first order and wrap around. */
  random: boolean
  /** Picks the random offset in `[0, count)`; injectable for tests. */
  pickOffset?: (count: number) => number
  /** Folded tags: only ads carrying at least one of them. */
  tags?: readonly string[]
}

const AD_COLUMNS = ['code', 'title', 'label', 'url', 'link', 'target', 'size', 'display', 'tags', 'description', 'image', 'images'] as const

/**
 * The ads the API may return for an organisation: status `saved` and
 * publish 1 only, newest first by internal id. With `random`, the window
 * starts at a uniformly random offset and wraps around, so `limit` ads come
 * back whenever that many match and each is equally likely to lead.
 *
 * @example
 * const ads = await publishedAdsFor(db, org.id, { displayKey: 'home slider ads', limit: 12, random: false })
 */
export async function publishedAdsFor(db: Kysely<Database>, organisationId: number, query: PublishedAdsQuery): Promise<Ad[]> {
  const published = publishedAdsOf(db, organisationId, query.displayKey)
  const newestFirst = published.select(AD_COLUMNS).orderBy('id', 'desc')
  if (query.tags?.length) return taggedWindow(published, query)

  if (!query.random) return (await newestFirst.limit(query.limit).execute()).map(toWireAd)

  const { count } = await published.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow()
  const total = Number(count)
  if (total === 0) return []
  const offset = (query.pickOffset ?? randomInt)(total)
  const wanted = Math.min(query.limit, total)
  const head = await newestFirst.limit(wanted).offset(offset).execute()
  const wrapped = head.length < wanted ? await newestFirst.limit(wanted - head.length).execute() : []
  return [...head, ...wrapped].map(toWireAd)
}

function publishedAdsOf(db: Kysely<Database>, organisationId: number, displayKey: string | null) {
  const published = db
    .selectFrom('ads')
    .where('organisation_id', '=', organisationId)
    .where('status', '=', 'saved')
    .where('publish', '=', 1)
  return displayKey === null ? published : published.where('display_key', '=', displayKey)
}

type PublishedAdsSelection = ReturnType<typeof publishedAdsOf>

/**
 * The window over the slot's ads carrying one of the tags. Tags are free
 * text in one column, so the match is made here over every ad's tags
 * (only slots too large to keep in memory come this way).
 */
async function taggedWindow(published: PublishedAdsSelection, query: PublishedAdsQuery): Promise<Ad[]> {
  const wantedTags = new Set(query.tags)
  const rows = await published.select(['id', 'tags']).orderBy('id', 'desc').execute()
  const ids = rows.filter((row) => foldTags(row.tags).some((tag) => wantedTags.has(tag))).map((row) => row.id)
  const wanted = Math.min(query.limit, ids.length)
  if (wanted === 0) return []
  const offset = query.random ? (query.pickOffset ?? randomInt)(ids.length) : 0
  const chosen = Array.from({ length: wanted }, (_, i) => ids[(offset + i) % ids.length]!)
  const byId = new Map(
    (
      await published
        .select(['id', ...AD_COLUMNS])
        .where('id', 'in', chosen)
        .execute()
    ).map((row) => [row.id, row]),
  )
  return chosen.map((id) => toWireAd(byId.get(id)!))
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
