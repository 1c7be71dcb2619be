import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { imageTypeOf, looksLikeSvg } from './image-type.js'

// Real images, each made by Chromium's canvas (PNG, JPEG, WebP) or avifenc (AVIF) and decoded by Chromium.
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url))

describe('imageTypeOf', () => {
  it.each([
    ['two-colours.png', 'image/png', 'png'],
    ['two-colours.jpg', 'image/jpeg', 'jpg'],
    ['one-pixel.gif', 'image/gif', 'gif'],
    ['two-colours.webp', 'image/webp', 'webp'],
    ['two-colours.avif', 'image/avif', 'avif'],
  ])('reads %s as %s from its bytes', (name, mediaType, extension) => {
    expect(imageTypeOf(fixture(name))).toEqual({ mediaType, extension })
  })

  it('takes none of the formats for bytes that only start like one', () => {
    const png = fixture('two-colours.png')
    expect(imageTypeOf(png.subarray(0, 8))).toBeUndefined()
    expect(imageTypeOf(Buffer.from([0xff, 0xd8]))).toBeUndefined()
    expect(imageTypeOf(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined()
    // An MP4 video is an ISO media file too, of other brands.
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom\0\0\0\0isommp41')])
    expect(imageTypeOf(mp4)).toBeUndefined()
  })

  it('is not fooled by text, HTML or an empty file', () => {
    expect(imageTypeOf(Buffer.from('<html><script>alert(1)</script></html>'))).toBeUndefined()
    expect(imageTypeOf(Buffer.from('GIF8'))).toBeUndefined()
    expect(imageTypeOf(Buffer.alloc(0))).toBeUndefined()
  })
})

describe('looksLikeSvg', () => {
  it('recognises SVG documents however they begin', () => {
    expect(looksLikeSvg(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBe(true)
    expect(looksLikeSvg(Buffer.from('\uFEFF  <?xml version="1.0"?>\n<!-- drawn by hand -->\n<svg width="1"/>'))).toBe(true)
    expect(looksLikeSvg(Buffer.from('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x"><svg/>'))).toBe(true)
  })

  it('leaves other files alone', () => {
    expect(looksLikeSvg(fixture('two-colours.png'))).toBe(false)
    expect(looksLikeSvg(Buffer.from('<html><body>svg</body></html>'))).toBe(false)
  })
})
