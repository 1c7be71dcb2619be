/**
 * @module The images repository: storing an uploaded image under the
 * SHA-256 of its bytes (the same bytes twice make one row) and reading it
 * back by that name; the one module that reads and writes the `images` table.
 */
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import type { ImageType } from './image-type.js'

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
  { bytes, type, organisationId, now = new Date() }: { bytes: Buffer; type: ImageType; organisationId: number | null; now?: Date },
): Promise<{ sha256: string; created: boolean }> {
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  // Asked first, so that uploading an image again does not send its bytes to the database again.
  if (await imageExists(db, sha256)) return { sha256, created: false }
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
