/**
 * @module The images repository: storing an uploaded image under the
 * SHA-256 of its bytes (the same bytes twice make one row) within its
 * organisation's quota, reading it back by that name, listing an
 * organisation's images with the ads that show them, and deleting the ones
 * no ad shows; the one module that reads and writes the `images` table.
 * It reads `ads` only to find which ads mention an image's name.
 */
import { createHash } from 'node:crypto'
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely'
import { isPostgres } from '../db/open-database.js'
import type { Database } from '../db/schema.js'
import { Refusal } from '../refusal.js'
import { byteSize } from '../../shared/console-images-wire.js'
import type { ImageType } from './image-type.js'

/** An image that would take its organisation past its quota; answered 507 with the numbers. */
export class ImageQuotaFull extends Refusal {
  override name = 'ImageQuotaFull'
  readonly status = 507
  constructor(
    readonly usedBytes: number,
    readonly quotaBytes: number,
    readonly sizeBytes: number,
  ) {
    super(
      `the image (${byteSize(sizeBytes)}) does not fit in your organisation's image quota: ${byteSize(usedBytes)} of ${byteSize(quotaBytes)} are used; delete images no ad uses (Images page) or ask an operator to raise SVC_IMAGE_QUOTA_MB`,
    )
  }
}

/** The PostgreSQL advisory lock class that serialises uploads of one organisation (its second key is the organisation's id). */
const QUOTA_LOCK = 0x1ae6e5

/** An image as it is served. */
export interface StoredImage {
  sha256: string
  contentType: string
  bytes: Buffer
}

/**
 * Stores `bytes` (already known to be of `type`) unless the same bytes are
 * stored already; `created` says which. The organisation is recorded with
 * the first upload only.
 *
 * @example
 * const { sha256, created } = await storeImage(db, { bytes, type: IMAGE_TYPES.png, organisationId: org.id })
 */
export async function storeImage(
  db: Kysely<Database>,
  {
    bytes,
    type,
    organisationId,
    quotaBytes,
    now = new Date(),
  }: { bytes: Buffer; type: ImageType; organisationId: number | null; quotaBytes?: number; now?: Date },
): Promise<{ sha256: string; created: boolean }> {
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  // Asked first, so that uploading an image again does not send its bytes to the database again.
  if (await imageExists(db, sha256)) return { sha256, created: false }
  if (organisationId === null || quotaBytes === undefined) return insertImage(db, { sha256, bytes, type, organisationId, now })
  // The sum and the insert in one transaction that one organisation's uploads take in turn, so a
  // burst of uploads cannot each find room that only one of them has. SQLite's transactions
  // already take the write lock at their start (open-database.ts); PostgreSQL takes a lock per organisation.
  return db.transaction().execute(async (trx) => {
    if (isPostgres(db)) await sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, ${organisationId})`.execute(trx)
    const usedBytes = await organisationImageBytes(trx, organisationId)
    if (usedBytes + bytes.length > quotaBytes) throw new ImageQuotaFull(usedBytes, quotaBytes, bytes.length)
    return insertImage(trx, { sha256, bytes, type, organisationId, now })
  })
}

async function insertImage(
  db: Kysely<Database>,
  {
    sha256,
    bytes,
    type,
    organisationId,
    now,
  }: { sha256: string; bytes: Buffer; type: ImageType; organisationId: number | null; now: Date },
): Promise<{ sha256: string; created: boolean }> {
  const inserted = await db
    .insertInto('images')
    .values({
      sha256,
      content_type: type.mediaType,
      bytes,
      size: bytes.length,
      organisation_id: organisationId,
      created_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.column('sha256').doNothing())
    .executeTakeFirst()
  return { sha256, created: Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0 }
}

/**
 * The image named `sha256`, bytes included, or `undefined`.
 *
 * @example
 * const image = await imageBySha256(db, '9f86d0…')
 */
export async function imageBySha256(db: Kysely<Database>, sha256: string): Promise<StoredImage | undefined> {
  const row = await db.selectFrom('images').select(['sha256', 'content_type', 'bytes']).where('sha256', '=', sha256).executeTakeFirst()
  return row && { sha256: row.sha256, contentType: row.content_type, bytes: row.bytes }
}

async function imageExists(db: Kysely<Database>, sha256: string): Promise<boolean> {
  return (await db.selectFrom('images').select('sha256').where('sha256', '=', sha256).executeTakeFirst()) !== undefined
}

/**
 * The organisation that first uploaded the image named `sha256` (null for
 * none), or `undefined` when no such image is stored.
 *
 * @example
 * expect(await imageUploader(db, sha256)).toBe(org.id)
 */
export async function imageUploader(db: Kysely<Database>, sha256: string): Promise<number | null | undefined> {
  return (await db.selectFrom('images').select('organisation_id').where('sha256', '=', sha256).executeTakeFirst())?.organisation_id
}

/**
 * How many images are stored: what dedup is measured by.
 *
 * @example
 * expect(await storedImageCount(db)).toBe(1)
 */
export async function storedImageCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

/**
 * How many bytes of images `organisationId` holds (null: the images of no organisation).
 *
 * @example
 * const used = await organisationImageBytes(db, org.id)
 */
export async function organisationImageBytes(db: Kysely<Database>, organisationId: number | null): Promise<number> {
  const row = await db
    .selectFrom('images')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes')])
    .where('organisation_id', organisationId === null ? 'is' : '=', organisationId)
    .executeTakeFirst()
  return Number(row?.bytes ?? 0)
}

/** A stored image without its bytes, with the ads that show it. */
export interface ImageInUse {
  sha256: string
  contentType: string
  size: number
  createdAt: string
  /** The ads of the image's organisation that show it, by code and title. */
  usedBy: { code: string; title: string }[]
  /** How many ads of other organisations show it. */
  usedElsewhere: number
}

/**
 * An ad's image, gallery or description mentions the image's name. A name
 * is 64 hex digits, so it holds no LIKE wildcard and matches nothing else.
 */
const adShowsImage: Expression<SqlBool> = sql<SqlBool>`(${sql.ref('ads.image')} like '%' || ${sql.ref('images.sha256')} || '%' or ${sql.ref(
  'ads.images',
)} like '%' || ${sql.ref('images.sha256')} || '%' or ${sql.ref('ads.description')} like '%' || ${sql.ref('images.sha256')} || '%')`

/**
 * The newest `limit` images of `organisationId` (null: of no organisation),
 * with the ads that show them, and how many images and bytes it holds in all.
 *
 * @example
 * const { images, count, bytes } = await organisationImages(db, org.id, { limit: 500 })
 */
export async function organisationImages(
  db: Kysely<Database>,
  organisationId: number | null,
  { limit }: { limit: number },
): Promise<{ images: ImageInUse[]; count: number; bytes: number }> {
  const totals = await db
    .selectFrom('images')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes')])
    .where('organisation_id', organisationId === null ? 'is' : '=', organisationId)
    .executeTakeFirstOrThrow()
  const rows = await db
    .selectFrom('images')
    .select(['sha256', 'content_type', 'size', 'created_at'])
    .where('organisation_id', organisationId === null ? 'is' : '=', organisationId)
    .orderBy('created_at', 'desc')
    .orderBy('sha256')
    .limit(limit)
    .execute()
  const images = new Map<string, ImageInUse>(
    rows.map((row) => [
      row.sha256,
      { sha256: row.sha256, contentType: row.content_type, size: row.size, createdAt: row.created_at, usedBy: [], usedElsewhere: 0 },
    ]),
  )
  if (images.size > 0) {
    const uses = await db
      .selectFrom('images')
      .innerJoin('ads', (join) => join.on(adShowsImage))
      .select(['images.sha256', 'ads.code', 'ads.title', 'ads.organisation_id'])
      .where('images.sha256', 'in', [...images.keys()])
      .orderBy('ads.code')
      .execute()
    for (const use of uses) {
      const image = images.get(use.sha256)!
      if (use.organisation_id === organisationId) image.usedBy.push({ code: use.code, title: use.title })
      else image.usedElsewhere++
    }
  }
  return { images: [...images.values()], count: Number(totals.count), bytes: Number(totals.bytes) }
}

/**
 * Deletes the image named `sha256` of `organisationId` if no ad shows it.
 * Says `deleted`, `in use` (an ad shows it, so it stays), or `not found`
 * (no such image of that organisation).
 *
 * @example
 * if ((await deleteUnusedImage(db, sha256, org.id)) === 'in use') refuse()
 */
export async function deleteUnusedImage(
  db: Kysely<Database>,
  sha256: string,
  organisationId: number | null,
): Promise<'deleted' | 'in use' | 'not found'> {
  // One statement, so an ad saved a moment before is seen.
  const deleted = await db
    .deleteFrom('images')
    .where('sha256', '=', sha256)
    .where('organisation_id', organisationId === null ? 'is' : '=', organisationId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('ads').select(eb.lit(1).as('one')).where(adShowsImage))))
    .executeTakeFirst()
  if (Number(deleted.numDeletedRows) > 0) return 'deleted'
  const held = await db
    .selectFrom('images')
    .select('sha256')
    .where('sha256', '=', sha256)
    .where('organisation_id', organisationId === null ? 'is' : '=', organisationId)
    .executeTakeFirst()
  return held ? 'in use' : 'not found'
}

/**
 * Deletes every image no ad shows that was uploaded before `uploadedBefore`
 * (so an image uploaded for an ad still being written is kept), of one
 * organisation or of all; answers what went.
 *
 * @example
 * const gone = await pruneUnusedImages(db, { uploadedBefore: new Date(Date.now() - 86_400_000) })
 */
export async function pruneUnusedImages(
  db: Kysely<Database>,
  { organisationId, uploadedBefore }: { organisationId?: number; uploadedBefore: Date },
): Promise<{ sha256: string; size: number; organisationId: number | null }[]> {
  const gone = await db
    .deleteFrom('images')
    .where('created_at', '<', uploadedBefore.toISOString())
    .$if(organisationId !== undefined, (query) => query.where('organisation_id', '=', organisationId!))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('ads').select(eb.lit(1).as('one')).where(adShowsImage))))
    .returning(['sha256', 'size', 'organisation_id'])
    .execute()
  return gone.map((row) => ({ sha256: row.sha256, size: row.size, organisationId: row.organisation_id }))
}
