/**
 * @module Tests of scheduled ads through the listener production runs, on
 * a clock the test moves: only running ads are served, the in-process
 * cache and `max-age` never outlive a start or an end, and the ETag moves
 * with the answer.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Ad } from '../../shared/ads-wire.js'
import { InvalidInput } from '../invalid-input.js'
import { updateAd } from './ads-repository.js'
import { type ListeningBff, listeningBff, type Publisher, publisherFixture } from '../testing/publisher.js'

let publisher: Publisher
let app: ListeningBff
let clock = Date.parse('2030-01-01T12:00:00Z')

const iso = (ms: number) => new Date(ms).toISOString()
const get = (path: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers: { Authorization: `Bearer ${publisher.apiKey}`, ...headers } })
const codes = async (res: Response): Promise<string[]> => {
  const body = await res.json()
  return res.status === 200 ? [body.data].flat().map((ad: Ad) => ad.code) : []
}

beforeEach(async () => {
  clock = Date.parse('2030-01-01T12:00:00Z')
  publisher = await publisherFixture()
  app = await listeningBff({ db: publisher.db, now: () => new Date(clock) })
})
afterEach(() => app.close())

describe('scheduled ads', () => {
  it('serves an ad that starts in 30 s from its start, and no answer is cacheable past it', async () => {
    const soon = await publisher.addAd({ starts: iso(clock + 30_000) })
    const before = await get('/ads/home-slider-ads?limit=12&random=0')
    expect(before.status).toBe(404)
    expect(before.headers.get('Cache-Control')).toBe('public, max-age=30')

    clock += 29_500
    const almost = await get('/ads/home-slider-ads?limit=12&random=0')
    expect(almost.status).toBe(404)
    expect(almost.headers.get('Cache-Control')).toBe('public, max-age=0')

    clock += 500
    const started = await get('/ads/home-slider-ads?limit=12&random=0')
    expect(await codes(started)).toEqual([soon.code])
    expect(started.headers.get('Cache-Control')).toBe('public, max-age=60')
  })

  it('stops serving an ad at its end and changes the ETag, so a revalidation gets the new answer', async () => {
    const always = await publisher.addAd()
    const ending = await publisher.addAd({ starts: iso(clock - 60_000), ends: iso(clock + 10_000) })
    const running = await get('/ads/home-slider-ads?limit=12&random=0')
    expect(await codes(running)).toEqual([ending.code, always.code])
    expect(running.headers.get('Cache-Control')).toBe('public, max-age=10')
    const etag = running.headers.get('ETag')!
    expect((await get('/ads/home-slider-ads?limit=12&random=0', { 'If-None-Match': etag })).status).toBe(304)

    clock += 10_000
    const ended = await get('/ads/home-slider-ads?limit=12&random=0', { 'If-None-Match': etag })
    expect(ended.status).toBe(200)
    expect(ended.headers.get('ETag')).not.toBe(etag)
    expect(await codes(ended)).toEqual([always.code])
    expect(ended.headers.get('Cache-Control')).toBe('public, max-age=60')
  })

  it('keeps random=0 newest first among the running ads only, whatever their weights', async () => {
    const oldest = await publisher.addAd({ weight: 100 })
    await publisher.addAd({ starts: iso(clock + 3_600_000) })
    const middle = await publisher.addAd({ weight: 1, ends: iso(clock + 7_200_000) })
    await publisher.addAd({ ends: iso(clock) })
    const newest = await publisher.addAd({ weight: 50, starts: iso(clock - 1) })
    for (let i = 0; i < 5; i++)
      expect(await codes(await get('/ads/home-slider-ads?limit=12&random=0'))).toEqual([newest.code, middle.code, oldest.code])
    const single = await get('/ads/home-slider-ads?limit=1&random=0')
    expect(await codes(single)).toEqual([newest.code])
    expect(single.headers.get('Cache-Control')).toBe('public, max-age=60')
  })

  it('limits max-age by the slot asked for, not by other slots', async () => {
    await publisher.addAd({ display: 'Home' })
    await publisher.addAd({ display: 'Elsewhere', starts: iso(clock + 5_000) })
    expect((await get('/ads/home?limit=2')).headers.get('Cache-Control')).toBe('public, max-age=60')
    // Every slot at once includes the one about to start.
    expect((await get('/ads?limit=2')).headers.get('Cache-Control')).toBe('public, max-age=5')
  })

  it('draws random=1 from the running ads only, the heavier more often', async () => {
    const heavy = await publisher.addAd({ weight: 90 })
    const light = await publisher.addAd({ weight: 10 })
    await publisher.addAd({ weight: 100, ends: iso(clock - 1) })
    const key = await publisher.addKey({ rateLimit: 100_000 })
    const firsts = new Map<string, number>()
    for (let i = 0; i < 400; i++) {
      const res = await app.request('/ads/home-slider-ads?limit=2&random=1', { headers: { Authorization: `Bearer ${key}` } })
      const [first] = await codes(res)
      firsts.set(first!, (firsts.get(first!) ?? 0) + 1)
    }
    expect([...firsts.keys()].sort()).toEqual([heavy.code, light.code].sort())
    // 90 % expected to lead: 360 of 400, with a standard deviation of 6; 300 is ten deviations below.
    expect(firsts.get(heavy.code)!).toBeGreaterThan(300)
  })

  it('refuses a change to one end of the window that would put it before the other, as stored', async () => {
    const ad = await publisher.addAd({ starts: iso(clock + 60_000) })
    await expect(updateAd(publisher.db, ad.code, { ends: iso(clock) })).rejects.toThrow(
      new InvalidInput('ends', 'ends must be after starts'),
    )
    await expect(updateAd(publisher.db, ad.code, { ends: iso(clock + 120_000) })).resolves.toMatchObject({ ends_at: iso(clock + 120_000) })
    await expect(updateAd(publisher.db, ad.code, { starts: iso(clock + 120_000) })).rejects.toThrow('ends must be after starts')
  })
})
