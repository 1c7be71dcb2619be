/**
 * @module Image upload in the console's JSON API: `POST
 * /console/api/images` takes an image's bytes (the request body, or the
 * field `file` of a multipart form) from whoever may edit ads, checks the
 * type from the bytes alone (PNG, JPEG, GIF, WebP, AVIF; SVG is refused,
 * since it can carry scripts), stores it once by its SHA-256 and answers
 * `{url}`, the image's absolute address at this issuer. At most 5 MB: the
 * edge refuses a larger declared body unread, and this route stops a body
 * of no declared length at the same size.
 */
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { imageUrl } from '../images/image-files.js'
import { imageTypeOf, looksLikeSvg } from '../images/image-type.js'
import { storeImage } from '../images/images-repository.js'
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from '../images/upload-limits.js'
import { uploadSlots } from '../images/upload-slots.js'
import { organisationWithCode } from '../orgs/organisations.js'
import { ServiceBusy } from '../refusal.js'
import type { ConsoleImageAnswer } from '../../shared/console-images-wire.js'
import { type ConsoleVariables, consoleError, consoleGuard } from './console-guard.js'
import type { ConsoleSessions } from './console-sessions.js'

/** The session, and the organisation the upload is recorded against (none for an operator's own). */
type UploadVariables = ConsoleVariables & { uploader: number | null }
type UploadContext = Context<{ Variables: UploadVariables }>

const NOT_AN_IMAGE = 'the file is not a PNG, JPEG, GIF, WebP or AVIF image (svc reads the type from the file itself, not from its name)'
const SVG_REFUSED = 'SVG images are not accepted, because they can carry scripts; export the picture as PNG or WebP and upload that'

/**
 * Builds the upload route, mounted at `/console/api/images`.
 *
 * @example
 * app.route('/api/images', consoleImagesApi(db, sessions, issuer))
 */
export function consoleImagesApi(db: Kysely<Database>, sessions: ConsoleSessions, issuer: string): Hono<{ Variables: UploadVariables }> {
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

  /** The organisation the upload is recorded against: the user's, or the one an operator names (none by default). */
  async function uploader(c: UploadContext): Promise<{ id: number | null } | Response> {
    const { roles } = c.get('session')
    const named = roles.operator ? (c.req.query('organisation') ?? roles.organisation) : roles.organisation
    if (named === undefined || named === '') return { id: null }
    const organisation = await organisationWithCode(db, named)
    if (organisation) return { id: organisation.id }
    return roles.operator
      ? consoleError(c, 422, `no organisation has the code ${named}`)
      : consoleError(c, 403, `your account's organisation ${named} does not exist; ask an operator`)
  }

  app.post('/', async (c, next) => {
    const found = await uploader(c)
    if (found instanceof Response) return found
    c.set('uploader', found.id)
    await next()
  })
  app.post('/', inSlot, limit, async (c) => {
    const bytes = await uploadedBytes(c)
    if (bytes === undefined) return consoleError(c, 400, 'send the image as the request body, or as the field "file" of a multipart form')
    if (bytes.length === 0) return consoleError(c, 400, 'the file is empty')
    const type = imageTypeOf(bytes)
    if (!type) return consoleError(c, 415, looksLikeSvg(bytes) ? SVG_REFUSED : NOT_AN_IMAGE)
    const { sha256, created } = await storeImage(db, { bytes, type, organisationId: c.get('uploader') })
    return c.json({ url: imageUrl(issuer, sha256, type.extension) } satisfies ConsoleImageAnswer, created ? 201 : 200, {
      'Cache-Control': 'no-store',
    })
  })
  return app
}

/** The uploaded bytes: the body, or a multipart form's `file`; `undefined` for a form without one. */
async function uploadedBytes(c: UploadContext): Promise<Buffer | undefined> {
  if (!/^multipart\/form-data\b/i.test(c.req.header('Content-Type') ?? '')) return Buffer.from(await c.req.arrayBuffer())
  const form = await c.req.parseBody().catch(() => undefined)
  const file = form?.['file']
  return file instanceof File ? Buffer.from(await file.arrayBuffer()) : undefined
}
