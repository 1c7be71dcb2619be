/**
 * @module The images being served, kept in memory up to a number of bytes
 * (the least recently served go first). An image's bytes never change
 * under its name, so nothing is ever stale; and every request for an image
 * shares one copy of its bytes, including requests that arrive while it is
 * being read from the database, so a crowd of callers asking for a large
 * image (or slow readers holding its answer) costs its size once, not
 * once each.
 */
import type { StoredImage } from './images-repository.js'

export interface ImageCache {
  /** The image named `sha256`, from memory or loaded once; `undefined` when there is none (not remembered: it may be uploaded next). */
  get(sha256: string): Promise<StoredImage | undefined>
  /** Drops the image named `sha256`, once it is deleted, so this process stops serving it. */
  forget(sha256: string): void
}

/**
 * A cache in front of `load`, holding at most `maxBytes` of images.
 *
 * @example
 * const images = imageCache((sha256) => imageBySha256(db, sha256), { maxBytes: 64 * 1024 * 1024 })
 */
export function imageCache(load: (sha256: string) => Promise<StoredImage | undefined>, { maxBytes }: { maxBytes: number }): ImageCache {
  // A Map keeps insertion order: re-inserting on every hit makes its first entry the least recently served.
  const kept = new Map<string, StoredImage>()
  const loading = new Map<string, Promise<StoredImage | undefined>>()
  let keptBytes = 0

  function keep(image: StoredImage): void {
    if (image.bytes.length > maxBytes || kept.has(image.sha256)) return
    kept.set(image.sha256, image)
    keptBytes += image.bytes.length
    for (const [sha256, oldest] of kept) {
      if (keptBytes <= maxBytes) break
      kept.delete(sha256)
      keptBytes -= oldest.bytes.length
    }
  }

  return {
    forget(sha256) {
      const held = kept.get(sha256)
      if (held) keptBytes -= held.bytes.length
      kept.delete(sha256)
    },
    get(sha256) {
      const hit = kept.get(sha256)
      if (hit) {
        kept.delete(sha256)
        kept.set(sha256, hit)
        return Promise.resolve(hit)
      }
      const pending = loading.get(sha256)
      if (pending) return pending
      const loaded = load(sha256)
        .then((image) => {
          if (image) keep(image)
          return image
        })
        .finally(() => loading.delete(sha256))
      loading.set(sha256, loaded)
      return loaded
    },
  }
}
