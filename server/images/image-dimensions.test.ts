import { readFileSync } from 'node:fs'
import { crc32 } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { imageDimensions, MalformedImage } from './image-dimensions.js'
import { IMAGE_TYPES, imageTypeOf } from './image-type.js'

// Real images, each made by Chromium's canvas (PNG, JPEG, WebP) or avifenc (AVIF) and decoded by Chromium at 48 × 24.
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url))
const HTML = Buffer.from('<html><body><script>alert(document.domain)</script></body></html>')

/** What `imageDimensions` says of `bytes`: the size, or the refusal's reason. */
const read = (bytes: Buffer) => {
  try {
    return imageDimensions(bytes, imageTypeOf(bytes)!)
  } catch (error) {
    if (error instanceof MalformedImage) return error.message
    throw error
  }
}

/** A PNG chunk with its length and a correct CRC. */
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  return Buffer.concat([length, body, crc])
}

describe('imageDimensions', () => {
  it.each([
    ['two-colours.png', 48, 24],
    ['two-colours.jpg', 48, 24],
    ['one-pixel.gif', 1, 1],
    ['two-colours.webp', 48, 24],
    ['two-colours.avif', 48, 24],
  ])('reads %s as %i × %i pixels, as Chromium shows it', (name, width, height) => {
    expect(read(fixture(name))).toEqual({ width, height })
  })

  it('refuses each format followed by HTML, naming the bytes after the image', () => {
    expect(read(Buffer.concat([fixture('two-colours.png'), HTML]))).toBe(`${HTML.length} bytes follow its end chunk (IEND)`)
    expect(read(Buffer.concat([fixture('two-colours.jpg'), HTML]))).toBe(`${HTML.length} bytes follow its end marker (EOI)`)
    expect(read(Buffer.concat([fixture('one-pixel.gif'), HTML]))).toBe(`${HTML.length} bytes follow its trailer`)
    expect(read(Buffer.concat([fixture('two-colours.webp'), HTML]))).toMatch(/^its container says 580 bytes but the file has/)
    expect(read(Buffer.concat([fixture('two-colours.avif'), HTML]))).toMatch(/runs past its container/)
  })

  it('refuses a valid PNG header followed by HTML instead of image data', () => {
    const header = fixture('two-colours.png').subarray(0, 33) // signature and IHDR, CRC included
    expect(read(Buffer.concat([header, HTML]))).toMatch(/chunk (runs past the end of the file|does not match its checksum)/)
    // Even when the HTML is wrapped in well-formed chunks, a PNG with no image data is no image.
    expect(read(Buffer.concat([header, chunk('tEXt', HTML), chunk('IEND', Buffer.alloc(0))]))).toBe('it holds no image data (IDAT)')
  })

  it('refuses headers of the other formats followed by HTML', () => {
    // JPEG: start of image, then text where the next marker belongs.
    expect(read(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00]), HTML]))).toMatch(
      /stray bytes where a marker belongs/,
    )
    const gif = fixture('one-pixel.gif')
    expect(read(Buffer.concat([gif.subarray(0, 13 + 6), HTML]))).toMatch(/unknown block/)
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), HTML])
    webp.writeUInt32LE(webp.length - 8, 4)
    expect(read(webp)).toMatch(/runs past the end of the file|no frame start code/)
    const avif = fixture('two-colours.avif')
    const ftyp = avif.readUInt32BE(0)
    expect(read(Buffer.concat([avif.subarray(0, ftyp), HTML]))).toMatch(/runs past its container/)
  })

  it('refuses a truncated image, a broken checksum and an image of no pixels', () => {
    const png = fixture('two-colours.png')
    expect(read(png.subarray(0, png.length - 12))).toBe('its chunks stop before the end chunk (IEND)')
    const flipped = Buffer.from(png)
    flipped[40] = flipped[40]! ^ 0xff
    expect(read(flipped)).toMatch(/does not match its checksum/)
    const jpg = fixture('two-colours.jpg')
    expect(read(jpg.subarray(0, jpg.length - 2))).toMatch(/stops before its end marker/)
    const empty = Buffer.concat([png.subarray(0, 8), chunk('IHDR', Buffer.from([0, 0, 0, 0, 0, 0, 0, 1, 8, 2, 0, 0, 0])), png.subarray(33)])
    expect(read(empty)).toBe('it says it is 0 × 1 pixels')
  })

  it('refuses an image wider than 16384 pixels, which would cost a browser gigabytes to show', () => {
    const png = fixture('two-colours.png')
    const wide = Buffer.concat([png.subarray(0, 8), chunk('IHDR', Buffer.from([0, 1, 0, 0, 0, 0, 0, 1, 8, 2, 0, 0, 0])), png.subarray(33)])
    expect(read(wide)).toBe('it is 65536 × 1 pixels; svc takes images up to 16384 pixels on each side')
  })

  it('is never thrown off by bytes that claim lengths past the end', () => {
    for (const name of ['two-colours.png', 'two-colours.jpg', 'one-pixel.gif', 'two-colours.webp', 'two-colours.avif']) {
      const bytes = fixture(name)
      for (let cut = 1; cut < bytes.length; cut += 7) {
        const damaged = Buffer.from(bytes.subarray(0, cut))
        const type = imageTypeOf(damaged)
        if (type) expect(() => imageDimensions(damaged, type), `${name} cut at ${cut}`).toThrow(MalformedImage)
      }
    }
    expect(() => imageDimensions(Buffer.from('GIF89a'), IMAGE_TYPES.gif)).toThrow(MalformedImage)
  })
})
