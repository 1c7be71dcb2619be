/**
 * @module Real PNG files of a chosen size in bytes, each different, for
 * tests of what many or large uploads do: random pixels stored without
 * compression, so the file is as large as its pixels, and every chunk
 * well-formed (Chromium decodes them, and the upload's checks take them).
 */
import { randomBytes } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'

const chunk = (type: string, data: Buffer): Buffer => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const framed = Buffer.alloc(body.length + 8)
  framed.writeUInt32BE(data.length, 0)
  body.copy(framed, 4)
  framed.writeUInt32BE(crc32(body), body.length + 4)
  return framed
}

/**
 * A PNG of random grey pixels about `bytes` long (a little more: the rows' filter bytes and the chunks).
 *
 * @example
 * const upload = noisePng(1024 * 1024) // about 1 MB, 1024 pixels wide
 */
export function noisePng(bytes: number, width = 1024): Buffer<ArrayBuffer> {
  const height = Math.max(1, Math.ceil(bytes / (width + 1)))
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 0, 0, 0, 0], 8) // 8-bit grey, deflate, adaptive filtering, no interlace
  const rows = randomBytes(height * (width + 1))
  for (let row = 0; row < height; row++) rows[row * (width + 1)] = 0 // filter: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
