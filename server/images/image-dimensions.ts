/**
 * @module An uploaded image's width and height, read by walking the whole
 * file's structure as its format lays it out (PNG chunks with their CRCs,
 * JPEG marker segments, GIF blocks, WebP's RIFF chunks, AVIF's ISO boxes).
 * A file that starts like an image but is something else after its header
 * (a PNG signature followed by HTML, bytes after the image's end) is
 * refused: the first bytes alone would let a polyglot through, which a
 * browser or a proxy that sniffs could then run as a page.
 */
import { crc32 } from 'node:zlib'
import type { ImageType } from './image-type.js'

/** An image's size in pixels. */
export interface ImageDimensions {
  width: number
  height: number
}

/** The widest or tallest image taken, in pixels: larger ones are decompression bombs for the browsers that show them. */
export const MAX_IMAGE_SIDE = 16_384

/** Why a file is not the image its first bytes announce. */
export class MalformedImage extends Error {
  override name = 'MalformedImage'
}

const fail = (reason: string): never => {
  throw new MalformedImage(reason)
}
const ascii = (bytes: Uint8Array, start: number, end: number): string => String.fromCharCode(...bytes.subarray(start, end))
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8)
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!
const u32le = (b: Uint8Array, at: number) => b[at]! + (b[at + 1]! << 8) + (b[at + 2]! << 16) + ((b[at + 3]! << 24) >>> 0)

/**
 * The dimensions of `bytes`, an image of `type` (as `imageTypeOf` read
 * it); throws {@link MalformedImage} naming what is wrong when the file is
 * not a whole, well-formed image of that type.
 *
 * @example
 * imageDimensions(readFileSync('photo.png'), IMAGE_TYPES.png) // { width: 48, height: 48 }
 */
export function imageDimensions(bytes: Uint8Array, type: ImageType): ImageDimensions {
  const read = { png: pngDimensions, jpg: jpegDimensions, gif: gifDimensions, webp: webpDimensions, avif: avifDimensions }[type.extension]
  const { width, height } = read(bytes)
  if (width < 1 || height < 1) fail(`it says it is ${width} × ${height} pixels`)
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE)
    fail(`it is ${width} × ${height} pixels; svc takes images up to ${MAX_IMAGE_SIDE} pixels on each side`)
  return { width, height }
}

/** PNG (ISO 15948): the signature, then chunks (length, type, data, CRC) from IHDR to IEND, the file's last bytes. */
function pngDimensions(bytes: Uint8Array): ImageDimensions {
  let at = 8
  let size: ImageDimensions | undefined
  let imageData = false
  for (;;) {
    if (at + 12 > bytes.length) fail('its chunks stop before the end chunk (IEND)')
    const length = u32be(bytes, at)
    const type = ascii(bytes, at + 4, at + 8)
    const end = at + 12 + length
    if (length > 0x7fffffff || end > bytes.length) fail(`its ${JSON.stringify(type)} chunk runs past the end of the file`)
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== u32be(bytes, at + 8 + length))
      fail(`its ${JSON.stringify(type)} chunk does not match its checksum`)
    if (!size) {
      if (type !== 'IHDR' || length !== 13) fail('its first chunk is not a header (IHDR)')
      size = { width: u32be(bytes, at + 8), height: u32be(bytes, at + 12) }
    } else if (type === 'IDAT') imageData = true
    else if (type === 'IEND') {
      if (!imageData) fail('it holds no image data (IDAT)')
      if (end !== bytes.length) fail(`${bytes.length - end} bytes follow its end chunk (IEND)`)
      return size
    }
    at = end
  }
}

/** Start-of-frame markers (SOF0 to SOF15), which carry the size; C4, C8 and CC are other segments in the same range. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc

/** JPEG (ITU T.81): SOI, marker segments, a frame header, scans of entropy-coded data, and EOI as the file's last bytes. */
function jpegDimensions(bytes: Uint8Array): ImageDimensions {
  let at = 2
  let size: ImageDimensions | undefined
  let scanned = false
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) fail(`it has stray bytes where a marker belongs (at byte ${at})`)
    // Any number of 0xFF may pad before a marker (T.81 B.1.1.2).
    while (bytes[at] === 0xff && at < bytes.length) at++
    const marker = bytes[at++]
    if (marker === undefined) break
    if (marker === 0xd9) {
      if (!size || !scanned) fail('it ends before its image data')
      if (at !== bytes.length) fail(`${bytes.length - at} bytes follow its end marker (EOI)`)
      return size!
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue
    if (at + 2 > bytes.length) break
    const length = u16be(bytes, at)
    if (length < 2 || at + length > bytes.length) fail('a segment runs past the end of the file')
    if (isStartOfFrame(marker)) {
      if (length < 8) fail('its frame header is too short')
      size = { height: u16be(bytes, at + 3), width: u16be(bytes, at + 5) }
    }
    at += length
    if (marker === 0xda) {
      if (!size) fail('its image data comes before its frame header')
      scanned = true
      // Entropy-coded data: 0xFF is followed by 0x00 (a stuffed byte) or a restart marker; anything else is the next marker.
      while (at < bytes.length && !(bytes[at] === 0xff && bytes[at + 1] !== 0x00 && !(bytes[at + 1]! >= 0xd0 && bytes[at + 1]! <= 0xd7)))
        at++
    }
  }
  return fail('it stops before its end marker (EOI)')
}

/** GIF89a: header, screen descriptor, colour table, then extension and image blocks up to the trailer, the file's last byte. */
function gifDimensions(bytes: Uint8Array): ImageDimensions {
  if (bytes.length < 13) fail('it stops inside its header')
  const size = { width: u16le(bytes, 6), height: u16le(bytes, 8) }
  let at = 13 + colourTableBytes(bytes[10]!)
  let images = 0
  /** Skips data sub-blocks (a length byte, that many bytes) up to the zero-length one. */
  const skipSubBlocks = () => {
    for (;;) {
      if (at >= bytes.length) fail('a block runs past the end of the file')
      const length = bytes[at++]!
      if (length === 0) return
      at += length
    }
  }
  while (at < bytes.length) {
    const introducer = bytes[at++]
    if (introducer === 0x3b) {
      if (images === 0) fail('it holds no image')
      if (at !== bytes.length) fail(`${bytes.length - at} bytes follow its trailer`)
      return size
    }
    if (introducer === 0x21) {
      at++ // the extension's label
      skipSubBlocks()
    } else if (introducer === 0x2c) {
      if (at + 9 > bytes.length) fail('an image descriptor runs past the end of the file')
      at += 9 + colourTableBytes(bytes[at + 8]!)
      at++ // the LZW minimum code size
      skipSubBlocks()
      images++
    } else fail(`it has an unknown block (0x${(introducer ?? 0).toString(16)}) at byte ${at - 1}`)
  }
  return fail('it stops before its trailer')
}

const colourTableBytes = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0)

/** WebP: a RIFF container whose declared size is the file's, holding chunks that tile it; the size from VP8X, VP8 or VP8L. */
function webpDimensions(bytes: Uint8Array): ImageDimensions {
  const riffEnd = 8 + u32le(bytes, 4)
  if (riffEnd !== bytes.length) fail(`its container says ${riffEnd} bytes but the file has ${bytes.length}`)
  let at = 12
  let size: ImageDimensions | undefined
  let bitstream = false
  while (at < bytes.length) {
    if (at + 8 > bytes.length) fail('a chunk header runs past the end of the file')
    const type = ascii(bytes, at, at + 4)
    const length = u32le(bytes, at + 4)
    const data = at + 8
    if (data + length > bytes.length) fail(`its ${JSON.stringify(type)} chunk runs past the end of the file`)
    if (type === 'VP8X' && at === 12) {
      if (length < 10) fail('its extended header is too short')
      size = { width: u24le(bytes, data + 4) + 1, height: u24le(bytes, data + 7) + 1 }
    } else if (type === 'VP8 ') {
      if (length < 10 || bytes[data + 3] !== 0x9d || bytes[data + 4] !== 0x01 || bytes[data + 5] !== 0x2a)
        fail('its lossy bitstream has no frame start code')
      size ??= { width: u16le(bytes, data + 6) & 0x3fff, height: u16le(bytes, data + 8) & 0x3fff }
      bitstream = true
    } else if (type === 'VP8L') {
      if (length < 5 || bytes[data] !== 0x2f) fail('its lossless bitstream has no signature')
      const bits = u32le(bytes, data + 1)
      size ??= { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
      bitstream = true
    } else if (type === 'ANMF') bitstream = true
    // Chunks are padded to an even length.
    at = data + length + (length % 2)
  }
  if (at !== bytes.length) fail('its last chunk runs past the end of the file')
  if (!size || !bitstream) fail('it holds no image bitstream')
  return size!
}

/** AVIF (ISO BMFF): top-level boxes that tile the file exactly; the size from the `ispe` property in meta › iprp › ipco. */
function avifDimensions(bytes: Uint8Array): ImageDimensions {
  let size: ImageDimensions | undefined
  let mediaData = false
  /** The boxes between `start` and `end`, each as [type, content start, end]. */
  const boxes = (start: number, end: number): [string, number, number][] => {
    const found: [string, number, number][] = []
    let at = start
    while (at < end) {
      if (at + 8 > end) fail('a box header runs past its container')
      let length = u32be(bytes, at)
      let header = 8
      if (length === 1) {
        if (at + 16 > end) fail('a box header runs past its container')
        length = u32be(bytes, at + 8) * 2 ** 32 + u32be(bytes, at + 12)
        header = 16
      } else if (length === 0) length = end - at
      if (length < header || at + length > end) fail(`its box at byte ${at} runs past its container`)
      found.push([ascii(bytes, at + 4, at + 8), at + header, at + length])
      at += length
    }
    return found
  }
  for (const [type, start, end] of boxes(0, bytes.length)) {
    if (type === 'mdat') mediaData = true
    if (type !== 'meta') continue
    // `meta` and `ispe` are full boxes: a version and flags come first.
    for (const [inner, iStart, iEnd] of boxes(start + 4, end))
      if (inner === 'iprp')
        for (const [prop, pStart, pEnd] of boxes(iStart, iEnd))
          if (prop === 'ipco')
            for (const [item, itemStart, itemEnd] of boxes(pStart, pEnd))
              if (item === 'ispe' && !size) {
                if (itemEnd - itemStart < 12) fail('its image size property is too short')
                size = { width: u32be(bytes, itemStart + 4), height: u32be(bytes, itemStart + 8) }
              }
  }
  if (!size) fail('it states no image size (ispe)')
  if (!mediaData) fail('it holds no image data (mdat)')
  return size!
}
