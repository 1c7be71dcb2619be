/**
 * @module The wire types of the console's images (`/console/api/images`):
 * the upload's answer, the list of an organisation's images with their
 * size and the ads that use them, and the quota they count against.
 */

/** An image stored: its absolute URL at the issuer, to put on an ad. */
export interface ConsoleImageAnswer {
  url: string
}

/** An ad that shows an image (as its main image, in its gallery or in its description). */
export interface ImageUse {
  code: string
  title: string
}

/** One stored image of an organisation, as the Images page lists it. */
export interface ConsoleImage {
  sha256: string
  url: string
  content_type: string
  size_bytes: number
  /** ISO 8601, UTC. */
  uploaded_at: string
  /** The organisation's ads that show it. */
  used_by: ImageUse[]
  /** How many ads of other organisations show it too (they may reuse an image by its URL). */
  used_elsewhere: number
}

/** `GET /console/api/images`: an organisation's images, newest first, and its quota. */
export interface ConsoleImageList {
  /** The organisation's code, or null for images an operator uploaded on no organisation's behalf. */
  organisation: string | null
  images: ConsoleImage[]
  /** How many images the organisation holds (the list shows at most the newest {@link MAX_LISTED_IMAGES}). */
  image_count: number
  used_bytes: number
  /** Null where no quota applies (an operator's own uploads). */
  quota_bytes: number | null
}

/** The most images one answer lists. */
export const MAX_LISTED_IMAGES = 500

/**
 * A number of bytes as people read it: bytes under a kilobyte, kB under a
 * megabyte, else MB, with one decimal (binary units, as
 * `SVC_IMAGE_QUOTA_MB` counts them).
 *
 * @example
 * byteSize(5 * 1024 * 1024) // '5.0 MB'
 * byteSize(1536) // '1.5 kB'
 * byteSize(42) // '42 bytes'
 */
export const byteSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} bytes`
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
