/**
 * @module `POST /api/v1/images`: an image for ads, as the console uploads
 * one: the same checks (`images/accepted-image.ts`), the same 5 MB limit,
 * quota (507 past it), concurrent-upload slots and uploads a minute (per
 * token here, per account there). Answers `{url, sha256}`, 201 for a new
 * image and 200 for bytes stored already.
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Kysely } from 'kysely'
import { recordAuditEvent } from '../audit/audit-events.js'
import type { Database } from '../db/schema.js'
import type { RateLimiter } from '../http/fixed-window-rate-limiter.js'
import { acceptedImageType, uploadedImageBytes } from '../images/accepted-image.js'
import { imageUrl } from '../images/image-files.js'
import { storeImage } from '../images/images-repository.js'
import { DEFAULT_IMAGE_QUOTA_MB, IMAGE_TOO_LARGE, IMAGE_UPLOADS_PER_MINUTE, MAX_IMAGE_BYTES } from '../images/upload-limits.js'
import { uploadSlots } from '../images/upload-slots.js'
import { Refusal } from '../refusal.js'
import { API_BASE, problemResponses } from './api-document.js'
import { type ApiVariables, requireScope, workingOrganisation } from './bearer-token.js'
import { problemResponse } from './problem-details.js'

export interface ImagesRouteOptions {
  issuer: string
  limiter: RateLimiter
  quotaBytes?: number | undefined
  uploadsPerMinute?: number | undefined
  now: () => Date
}

/** Too many uploads this minute from one token. */
class TooManyUploads extends Refusal {
  override name = 'TooManyUploads'
  readonly status = 429
  constructor(perMinute: number, resetSeconds: number) {
    super(`this token has started ${perMinute} image uploads this minute, the most svc takes; try again in ${resetSeconds} seconds`)
    this.headers = { 'Retry-After': String(resetSeconds), Connection: 'close' }
  }
}

const ImageSchema = z
  .object({
    url: z.string().openapi({ description: "The image's address at svc, for an ad's `image` or `images`." }),
    sha256: z.string().openapi({ description: 'The SHA-256 of its bytes, its name.' }),
  })
  .openapi('Image')

/**
 * Adds the image upload to the management API.
 *
 * @example
 * imagesRoutes(api, db, { issuer, limiter, now })
 */
export function imagesRoutes(
  api: OpenAPIHono<{ Variables: ApiVariables }>,
  db: Kysely<Database>,
  {
    issuer,
    limiter,
    quotaBytes = DEFAULT_IMAGE_QUOTA_MB * 1024 * 1024,
    uploadsPerMinute = IMAGE_UPLOADS_PER_MINUTE,
    now,
  }: ImagesRouteOptions,
): void {
  const slots = uploadSlots()
  const write = requireScope(db, 'images:write', { now })
  // Counted before the body is read, so a refused upload costs no more than its head.
  const uploadRate: MiddlewareHandler<{ Variables: ApiVariables }> = async (c, next) => {
    const decision = await limiter.hit(`image-upload:token:${c.get('caller').token.id}`, uploadsPerMinute)
    if (!decision.allowed) throw new TooManyUploads(uploadsPerMinute, decision.resetSeconds)
    await next()
  }
  const inSlot: MiddlewareHandler<{ Variables: ApiVariables }> = (c, next) => slots.run(next)
  const limit = bodyLimit({
    maxSize: MAX_IMAGE_BYTES,
    onError: (c) => problemResponse(413, IMAGE_TOO_LARGE, { requestId: c.get('requestId'), headers: { Connection: 'close' } }),
  })
  const binary = { schema: z.string().openapi({ type: 'string', format: 'binary' }) }

  api.openapi(
    createRoute({
      method: 'post',
      path: `${API_BASE}/images`,
      tags: ['Images'],
      summary: 'Upload an image',
      description:
        'Scope `images:write`. The bytes as the body (any image Content-Type), or the field `file` of a multipart form. PNG, JPEG, GIF, WebP or AVIF, read from the bytes; SVG is refused. At most 5 MB.',
      security: [{ managementToken: [] }],
      middleware: [write, uploadRate, inSlot, limit] as const,
      request: {
        query: z.object({
          organisation: z
            .string()
            .max(40)
            .optional()
            .openapi({ description: 'Only for an operator-wide token: the organisation whose quota the image counts against.' }),
        }),
        body: {
          content: {
            'image/png': binary,
            'image/jpeg': binary,
            'image/gif': binary,
            'image/webp': binary,
            'image/avif': binary,
            'application/octet-stream': binary,
            'multipart/form-data': { schema: z.object({ file: z.any().openapi({ type: 'string', format: 'binary' }) }) },
          },
        },
      },
      responses: {
        201: { description: 'Stored.', content: { 'application/json': { schema: ImageSchema } } },
        200: { description: 'These bytes were stored already.', content: { 'application/json': { schema: ImageSchema } } },
        ...problemResponses(400, 401, 403, 404, 413, 415, 429, 503, 507),
      },
    }),
    async (c) => {
      const asked = c.req.valid('query').organisation
      // An operator-wide token's image belongs to no organisation unless it names one, as an operator's own upload in the console.
      const organisation = c.get('caller').organisation || asked !== undefined ? await workingOrganisation(db, c, asked) : null
      const bytes = await uploadedImageBytes(c.req)
      const type = acceptedImageType(bytes)
      const { sha256, created } = await storeImage(db, { bytes, type, organisationId: organisation?.id ?? null, quotaBytes })
      const url = imageUrl(issuer, sha256, type.extension)
      if (created)
        await recordAuditEvent(
          db,
          {
            actor: c.get('caller').actor,
            action: 'image.uploaded',
            target: { kind: 'image', code: sha256, name: url },
            organisation: organisation?.code ?? null,
            detail: { content_type: type.mediaType, size_bytes: bytes.length },
          },
          now(),
        )
      return c.json({ url, sha256 }, created ? 201 : 200, { 'Cache-Control': 'no-store' })
    },
  )
}
