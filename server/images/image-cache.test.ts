import { describe, expect, it } from 'vitest'
import { imageCache } from './image-cache.js'
import type { StoredImage } from './images-repository.js'

const image = (sha256: string, size: number): StoredImage => ({ sha256, contentType: 'image/png', bytes: Buffer.alloc(size) })

describe('imageCache', () => {
  it('loads an image once for callers who ask at the same time, and hands each the same bytes', async () => {
    const loads: string[] = []
    const cache = imageCache(async (sha256) => (loads.push(sha256), image(sha256, 10)), { maxBytes: 100 })
    const answers = await Promise.all([cache.get('a'), cache.get('a'), cache.get('a')])
    expect(loads).toEqual(['a'])
    expect(answers[1]!.bytes).toBe(answers[0]!.bytes)
    expect((await cache.get('a'))!.bytes).toBe(answers[0]!.bytes)
    expect(loads).toEqual(['a'])
  })

  it('forgets the least recently served image once it holds more than its bytes, and never remembers a miss', async () => {
    const loads: string[] = []
    const cache = imageCache(async (sha256) => (loads.push(sha256), sha256 === 'missing' ? undefined : image(sha256, 40)), {
      maxBytes: 100,
    })
    await cache.get('a')
    await cache.get('b')
    await cache.get('a') // a is now the most recent
    await cache.get('c') // 120 bytes: b goes
    await cache.get('a')
    await cache.get('b')
    expect(loads).toEqual(['a', 'b', 'c', 'b'])
    expect(await cache.get('missing')).toBeUndefined()
    expect(await cache.get('missing')).toBeUndefined()
    expect(loads.filter((sha256) => sha256 === 'missing')).toHaveLength(2)
  })

  it('serves an image larger than the whole cache without keeping it', async () => {
    const loads: string[] = []
    const cache = imageCache(async (sha256) => (loads.push(sha256), image(sha256, 500)), { maxBytes: 100 })
    expect((await cache.get('big'))!.bytes.length).toBe(500)
    await cache.get('big')
    expect(loads).toEqual(['big', 'big'])
  })

  it('forgets an image it is told was deleted, and loads it again if asked', async () => {
    const loads: string[] = []
    const cache = imageCache(async (sha256) => (loads.push(sha256), image(sha256, 40)), { maxBytes: 100 })
    await cache.get('a')
    await cache.get('b')
    cache.forget('a')
    await cache.get('a')
    // a (again) and c are the most recent; b went to make room, and a is still held.
    await cache.get('c')
    await cache.get('a')
    expect(loads).toEqual(['a', 'b', 'a', 'c'])
  })
})
