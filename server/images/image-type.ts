/**
 * @module What kind of image a file is, read from its first bytes (the
 * "magic numbers" of each format's specification), never from its name or
 * the type its sender declared: PNG, JPEG, GIF, WebP and AVIF are
 * accepted; SVG is recognised only so that its refusal can say why.
 */

/** An accepted image format: its media type and the extension its URL ends with. */
export interface ImageType {
  mediaType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/avif'
  extension: 'png' | 'jpg' | 'gif' | 'webp' | 'avif'
}

/** Every accepted format, by extension. */
export const IMAGE_TYPES: Record<ImageType['extension'], ImageType> = {
  png: { mediaType: 'image/png', extension: 'png' },
  jpg: { mediaType: 'image/jpeg', extension: 'jpg' },
  gif: { mediaType: 'image/gif', extension: 'gif' },
  webp: { mediaType: 'image/webp', extension: 'webp' },
  avif: { mediaType: 'image/avif', extension: 'avif' },
}

const ascii = (bytes: Uint8Array, start: number, end: number): string => String.fromCharCode(...bytes.subarray(start, end))
const startsWith = (bytes: Uint8Array, signature: number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte)

/**
 * The accepted format `bytes` are in, or `undefined` when they are none of them.
 *
 * @example
 * imageTypeOf(readFileSync('photo.png')) // { mediaType: 'image/png', extension: 'png' }
 */
export function imageTypeOf(bytes: Uint8Array): ImageType | undefined {
  // PNG: the 8-byte signature, then the IHDR chunk that must come first (PNG §5.2, §11.2.2).
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && ascii(bytes, 12, 16) === 'IHDR') return IMAGE_TYPES.png
  // JPEG: start of image, then the first marker (JFIF, Exif, a table…).
  if (startsWith(bytes, [0xff, 0xd8, 0xff]) && bytes.length > 3 && bytes[3]! >= 0xc0 && bytes[3]! !== 0xff) return IMAGE_TYPES.jpg
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return IMAGE_TYPES.gif
  // WebP: a RIFF container of form type WEBP with a VP8, VP8L or VP8X chunk.
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP' && /^VP8[ LX]$/.test(ascii(bytes, 12, 16))) return IMAGE_TYPES.webp
  if (isAvif(bytes)) return IMAGE_TYPES.avif
  return undefined
}

/**
 * AVIF is an ISO base media file: a `ftyp` box first whose major brand or
 * one of whose compatible brands is `avif` (a still image) or `avis` (a
 * sequence) (AV1 Image File Format §9.1).
 */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false
  const boxSize = ((bytes[0]! << 24) >>> 0) + (bytes[1]! << 16) + (bytes[2]! << 8) + bytes[3]!
  if (boxSize < 16 || boxSize > bytes.length) return false
  const brands = [ascii(bytes, 8, 12)]
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, at + 4))
  return brands.some((brand) => brand === 'avif' || brand === 'avis')
}

/**
 * True when `bytes` look like an SVG document (an XML declaration, a
 * doctype, a comment or the `<svg` element near the start), so the refusal
 * can name the format instead of calling it "not an image".
 *
 * @example
 * looksLikeSvg(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')) // true
 */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart()
  return /^<(\?xml|!doctype svg|!--|svg[\s>/])/i.test(head) && /<svg[\s>/]/i.test(head)
}
