/**
 * @module The checks every image upload passes, whoever sends it (the
 * console, the management API): the bytes read from the request body or
 * a multipart form's `file`, the type read from the bytes alone (PNG,
 * JPEG, GIF, WebP, AVIF; SVG refused, since it can carry scripts), and the
 * whole file an image of that type with its stated dimensions. Said once,
 * so both surfaces refuse the same files with the same words.
 */
import type { HonoRequest } from 'hono'
import { Refusal } from '../refusal.js'
import { imageDimensions, MalformedImage } from './image-dimensions.js'
import { type ImageType, imageTypeOf, looksLikeSvg } from './image-type.js'

/** An upload that is not an image svc accepts; 400 for a missing or empty file, 415 for the wrong kind. */
export class UnacceptableImage extends Refusal {
  override name = 'UnacceptableImage'
  constructor(
    readonly status: 400 | 415,
    message: string,
  ) {
    super(message)
  }
}

const NOT_AN_IMAGE = 'the file is not a PNG, JPEG, GIF, WebP or AVIF image (svc reads the type from the file itself, not from its name)'
const SVG_REFUSED = 'SVG images are not accepted, because they can carry scripts; export the picture as PNG or WebP and upload that'
const NO_FILE = 'send the image as the request body, or as the field "file" of a multipart form'
const FORMAT_NAMES = { png: 'PNG', jpg: 'JPEG', gif: 'GIF', webp: 'WebP', avif: 'AVIF' } as const

/**
 * The uploaded bytes: the body, or a multipart form's `file`; throws for a form without one.
 *
 * @example
 * const bytes = await uploadedImageBytes(c.req)
 */
export async function uploadedImageBytes(request: HonoRequest): Promise<Buffer> {
  if (!/^multipart\/form-data\b/i.test(request.header('Content-Type') ?? '')) return Buffer.from(await request.arrayBuffer())
  const form = await request.parseBody().catch(() => undefined)
  const file = form?.['file']
  if (!(file instanceof File)) throw new UnacceptableImage(400, NO_FILE)
  return Buffer.from(await file.arrayBuffer())
}

/**
 * The type of an image svc accepts, or {@link UnacceptableImage} saying why not.
 *
 * @example
 * const type = acceptedImageType(bytes) // IMAGE_TYPES.png
 */
export function acceptedImageType(bytes: Buffer): ImageType {
  if (bytes.length === 0) throw new UnacceptableImage(400, 'the file is empty')
  const type = imageTypeOf(bytes)
  if (!type) throw new UnacceptableImage(415, looksLikeSvg(bytes) ? SVG_REFUSED : NOT_AN_IMAGE)
  try {
    imageDimensions(bytes, type)
  } catch (error) {
    if (!(error instanceof MalformedImage)) throw error
    throw new UnacceptableImage(415, `the file starts like a ${FORMAT_NAMES[type.extension]} image but is not one: ${error.message}`)
  }
  return type
}
