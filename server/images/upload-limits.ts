/**
 * @module How much an image upload may hold, said once for the edge
 * (which refuses a larger declared body before reading it), the app's
 * server-wide limit (which leaves this route to its own) and the upload
 * route (which stops a body of no declared length at the same size); and
 * how much images may take in all: the organisation's quota and the
 * uploads one account may start a minute.
 */
import type { IncomingMessage } from 'node:http'
import type { LargeBodyRoute } from '../http/edge.js'

/** Where the console uploads images. */
export const IMAGE_UPLOAD_PATH = '/console/api/images'
/** Where the management API uploads images, with the same limits. */
export const API_IMAGE_UPLOAD_PATH = '/api/v1/images'

/** The largest image svc takes: 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024

/** What the refusal of a larger upload says. */
export const IMAGE_TOO_LARGE = `the image is over 5 MB (${MAX_IMAGE_BYTES} bytes); make it smaller (a 2000-pixel-wide JPEG or WebP is usually well under 1 MB) and upload it again`

/**
 * True for a request to an upload route (the console's or the management API's), by method and path (a query and a trailing slash allowed).
 *
 * @example
 * isImageUpload('POST', '/console/api/images') // true
 */
export function isImageUpload(method: string | undefined, url: string): boolean {
  if (method !== 'POST') return false
  const query = url.indexOf('?')
  const path = query < 0 ? url : url.slice(0, query)
  return [IMAGE_UPLOAD_PATH, API_IMAGE_UPLOAD_PATH].some((route) => path === route || path === `${route}/`)
}

/** The upload route, for the edge's table of routes that take larger bodies. */
export const imageUploadBodies: LargeBodyRoute = {
  matches: (req: IncomingMessage) => isImageUpload(req.method, req.url ?? ''),
  maxBytes: MAX_IMAGE_BYTES,
  tooLarge: IMAGE_TOO_LARGE,
}

/** Each organisation's images may take this much of the database by default (`SVC_IMAGE_QUOTA_MB`). */
export const DEFAULT_IMAGE_QUOTA_MB = 200

/** Uploads one account may start a minute: enough for a person filling a gallery, far from the 40 in 6 seconds that filled a disk. */
export const IMAGE_UPLOADS_PER_MINUTE = 20
