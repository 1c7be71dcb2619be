/**
 * @module Images in the console's JSON API, for whoever may edit ads.
 * `POST /console/api/images` takes an image's bytes (the request body, or
 * the field `file` of a multipart form), checks them as every upload is
 * checked (`images/accepted-image.ts`: PNG, JPEG, GIF, WebP or AVIF by
 * the bytes alone, SVG refused, the whole file an image), stores it once by its SHA-256 within the
 * organisation's quota (507 past it) and answers `{url}`, the image's
 * absolute address at this issuer. At most 5 MB: the edge refuses a larger
 * declared body unread, and this route stops a body of no declared length
 * at the same size; and at most {@link IMAGE_UPLOADS_PER_MINUTE} uploads a
 * minute per account (429 with `Retry-After`). `GET` lists the
 * organisation's images with their size, the ads that show them and the
 * quota; `DELETE /console/api/images/<sha256>` deletes one no ad shows.
 */
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { imageUrl } from '../images/image-files.js'
import { IMAGE_TYPES, type ImageType } from '../images/image-type.js'
import { acceptedImageType, UnacceptableImage, uploadedImageBytes } from '../images/accepted-image.js'
import { deleteUnusedImage, ImageQuotaFull, organisationImages, storeImage } from '../images/images-repository.js'
import { DEFAULT_IMAGE_QUOTA_MB, IMAGE_TOO_LARGE, IMAGE_UPLOADS_PER_MINUTE, MAX_IMAGE_BYTES } from '../images/upload-limits.js'
import { uploadSlots } from '../images/upload-slots.js'
import type { RateLimiter } from '../http/fixed-window-rate-limiter.js'
import { organisationWithCode } from '../orgs/organisations.js'
import { ServiceBusy } from '../refusal.js'
import { type ConsoleImageAnswer, type ConsoleImageList, MAX_LISTED_IMAGES } from '../../shared/console-images-wire.js'
import { type ConsoleVariables, consoleError, consoleGuard } from './console-guard.js'
import type { ConsoleSessions } from './console-sessions.js'

/** The session, and the organisation the upload is recorded against (none for an operator's own). */
type UploadVariables = ConsoleVariables & { uploader: number | null; uploaderCode: string | null }
type UploadContext = Context<{ Variables: UploadVariables }>

export interface ConsoleImagesOptions {
  /** Counts each account's uploads. */
  limiter: RateLimiter
  /** The bytes each organisation's images may take (`SVC_IMAGE_QUOTA_MB`); 200 MB by default. */
  quotaBytes?: number
  /** Uploads one account may start a minute. */
  uploadsPerMinute?: number
  /** Stops this process serving a deleted image from memory. */
  forgetImage?: (sha256: string) => void
}

/**
 * Builds the image routes, mounted at `/console/api/images`.
 *
 * @example
 * app.route('/api/images', consoleImagesApi(db, sessions, issuer, { limiter }))
 */
export function consoleImagesApi(
  db: Kysely<Database>,
  sessions: ConsoleSessions,
  issuer: string,
  {
    limiter,
    quotaBytes = DEFAULT_IMAGE_QUOTA_MB * 1024 * 1024,
    uploadsPerMinute = IMAGE_UPLOADS_PER_MINUTE,
    forgetImage = () => {},
  }: ConsoleImagesOptions,
): Hono<{ Variables: UploadVariables }> {
  const app = new Hono<{ Variables: UploadVariables }>()
  const slots = uploadSlots()
  app.use('*', consoleGuard(sessions, 'ads'))

  const inSlot: MiddlewareHandler<{ Variables: UploadVariables }> = async (c, next) => {
    try {
      await slots.run(next)
    } catch (error) {
      if (!(error instanceof ServiceBusy)) throw error
      return consoleError(c, 503, error.message, {}, error.headers)
    }
  }
  const limit = bodyLimit({ maxSize: MAX_IMAGE_BYTES, onError: (c) => consoleError(c, 413, IMAGE_TOO_LARGE, {}, { Connection: 'close' }) })

  /** The organisation the images are recorded against: the user's, or the one an operator names (none by default). */
  async function uploader(c: UploadContext): Promise<{ id: number | null; code: string | null } | Response> {
    const { roles } = c.get('session')
    const named = roles.operator ? (c.req.query('organisation') ?? roles.organisation) : roles.organisation
    if (named === undefined || named === '') return { id: null, code: null }
    const organisation = await organisationWithCode(db, named)
    if (organisation) return { id: organisation.id, code: organisation.code }
    return roles.operator
      ? consoleError(c, 422, `no organisation has the code ${named}`)
      : consoleError(c, 403, `your account's organisation ${named} does not exist; ask an operator`)
  }

  // Counted before the body is read, so a refused upload costs no more than its head.
  const uploadRate: MiddlewareHandler<{ Variables: UploadVariables }> = async (c, next) => {
    const decision = await limiter.hit(`image-upload:${c.get('session').sub}`, uploadsPerMinute)
    if (!decision.allowed)
      return consoleError(
        c,
        429,
        `you have started ${uploadsPerMinute} image uploads this minute, the most svc takes from one account; try again in ${decision.resetSeconds} seconds`,
        {},
        { 'Retry-After': String(decision.resetSeconds), Connection: 'close' },
      )
    await next()
  }
  const withUploader: MiddlewareHandler<{ Variables: UploadVariables }> = async (c, next) => {
    const found = await uploader(c)
    if (found instanceof Response) return found
    c.set('uploader', found.id)
    c.set('uploaderCode', found.code)
    await next()
  }

  app.post('/', uploadRate, withUploader, inSlot, limit, async (c) => {
    let bytes: Buffer, type: ImageType
    try {
      bytes = await uploadedImageBytes(c.req)
      type = acceptedImageType(bytes)
    } catch (error) {
      if (!(error instanceof UnacceptableImage)) throw error
      return consoleError(c, error.status, error.message)
    }
    try {
      const { sha256, created } = await storeImage(db, { bytes, type, organisationId: c.get('uploader'), quotaBytes })
      return c.json({ url: imageUrl(issuer, sha256, type.extension) } satisfies ConsoleImageAnswer, created ? 201 : 200, {
        'Cache-Control': 'no-store',
      })
    } catch (error) {
      if (!(error instanceof ImageQuotaFull)) throw error
      return consoleError(c, 507, error.message, {
        used_bytes: error.usedBytes,
        quota_bytes: error.quotaBytes,
        size_bytes: error.sizeBytes,
      })
    }
  })

  app.get('/', withUploader, async (c) => {
    const organisationId = c.get('uploader')
    const { images, count, bytes } = await organisationImages(db, organisationId, { limit: MAX_LISTED_IMAGES })
    const list: ConsoleImageList = {
      organisation: c.get('uploaderCode'),
      images: images.map((image) => ({
        sha256: image.sha256,
        url: imageUrl(issuer, image.sha256, extensionOf(image.contentType)),
        content_type: image.contentType,
        size_bytes: image.size,
        uploaded_at: image.createdAt,
        used_by: image.usedBy,
        used_elsewhere: image.usedElsewhere,
      })),
      image_count: count,
      used_bytes: bytes,
      quota_bytes: organisationId === null ? null : quotaBytes,
    }
    return c.json(list, 200, { 'Cache-Control': 'no-store' })
  })

  app.delete('/:sha256', withUploader, async (c) => {
    const sha256 = c.req.param('sha256')
    if (!/^[0-9a-f]{64}$/.test(sha256))
      return consoleError(c, 400, "an image's name is the SHA-256 of its bytes in 64 lowercase hex digits")
    const outcome = await deleteUnusedImage(db, sha256, c.get('uploader'))
    if (outcome === 'not found') return consoleError(c, 404, `your organisation has no image ${sha256}`)
    if (outcome === 'in use') return consoleError(c, 409, 'an ad shows this image; take it off the ad (or delete the ad) first')
    forgetImage(sha256)
    return c.body(null, 204, { 'Cache-Control': 'no-store' })
  })
  return app
}

/** The URL extension of a stored image's type. */
const extensionOf = (mediaType: string): string =>
  Object.values(IMAGE_TYPES).find((type) => type.mediaType === mediaType)?.extension ?? 'png'
