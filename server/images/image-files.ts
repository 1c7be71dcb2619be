/**
 * @module Serves uploaded images at `/images/<sha256>.<ext>`, to anyone:
 * partner pages on other origins show them. The name is the hash of the
 * bytes, so an answer never changes: cached for a year as immutable, with
 * the hash as a strong ETag (304 for `If-None-Match`), the type read from
 * the bytes at upload, `nosniff`, and `Cross-Origin-Resource-Policy:
 * cross-origin` so pages that isolate themselves (COEP) may still show it.
 * Opened on its own, an image is a sandboxed document that may load and
 * run nothing (`Content-Security-Policy: default-src 'none'; sandbox`),
 * shown inline: should bytes ever be read as a page, by a browser that
 * sniffs or a proxy that drops `nosniff`, they run no script on svc's origin.
 * A malformed name is a 400, an unknown one a 404; the bytes come through
 * a bounded cache (see `image-cache.ts`).
 */
import { type Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { matchesIfNoneMatch } from '../http/if-none-match.js'
import { type ImageCache, imageCache } from './image-cache.js'
import { IMAGE_TYPES } from './image-type.js'
import { imageBySha256 } from './images-repository.js'

/** How much of the images served is kept in memory (a process's share; each replica has its own). */
export const CACHED_IMAGE_BYTES = 64 * 1024 * 1024

const IMAGE_NAME = /^([0-9a-f]{64})\.(png|jpg|gif|webp|avif)$/

const refuse = (c: Context, code: 400 | 404, message: string) =>
  c.json({ status: 'error', code, message }, code, { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' })

/**
 * The absolute URL of an image, as ads store it (partner pages on other origins load it).
 *
 * @example
 * imageUrl('https://svc.example', sha256, 'png') // 'https://svc.example/images/9f86….png'
 */
export const imageUrl = (issuer: string, sha256: string, extension: string): string => `${issuer}/images/${sha256}.${extension}`

/**
 * Builds the image routes, mounted at `/images`; `images` is the cache
 * they serve from (pass one to be able to forget a deleted image).
 *
 * @example
 * app.route('/images', imageFiles(db))
 */
export function imageFiles(
  db: Kysely<Database>,
  { images = imageCache((sha256) => imageBySha256(db, sha256), { maxBytes: CACHED_IMAGE_BYTES }) }: { images?: ImageCache } = {},
): Hono {
  const app = new Hono()
  // GET also answers HEAD (Hono drops the body).
  app.get('/:name{.+}', async (c) => {
    const name = c.req.param('name')
    const parts = IMAGE_NAME.exec(name)
    if (!parts)
      return refuse(
        c,
        400,
        "an image's name is the SHA-256 of its bytes in 64 lowercase hex digits and its type's extension (png, jpg, gif, webp or avif), as the upload answered it",
      )
    const [, sha256, extension] = parts as unknown as [string, string, keyof typeof IMAGE_TYPES]
    const image = await images.get(sha256)
    // The same bytes under another type's extension are not this URL's image.
    if (!image || image.contentType !== IMAGE_TYPES[extension].mediaType) return refuse(c, 404, `no image ${name}`)
    const etag = `"${sha256}"`
    const headers = {
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Content-Disposition': 'inline',
    }
    if (matchesIfNoneMatch(c.req.header('If-None-Match'), etag)) return c.body(null, 304, headers)
    // The database drivers' Buffers are never over shared memory.
    return c.body(image.bytes as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Type': image.contentType })
  })
  return app
}
