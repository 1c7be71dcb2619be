import { describe, expect, it } from 'vitest'
import { parseAdsRequest } from './ads-request.js'
import { InvalidParameter } from './errors.js'

const parse = (slug: string | undefined, query = '') => parseAdsRequest(slug, query)

describe('parseAdsRequest', () => {
  it('defaults to one random ad from any slot', () => {
    expect(parse(undefined)).toEqual({ displayKey: null, limit: 1, random: true, tags: [] })
  })

  it('reads the slug by the slug rule', () => {
    expect(parse('home-slider-ads').displayKey).toBe('home slider ads')
    expect(parse('Donation-Stories').displayKey).toBe('donation stories')
    expect(parse('home%20slider%20ads').displayKey).toBe('home slider ads')
    expect(parse('caf%C3%A9-ads').displayKey).toBe('café ads')
  })

  it('treats anywhere as no filter', () => {
    expect(parse('anywhere').displayKey).toBeNull()
    expect(parse('ANYWHERE').displayKey).toBeNull()
  })

  it('answers a repeated request alike', () => {
    expect(parse('home', 'limit=3')).toEqual(parse('home', 'limit=3'))
    expect(() => parse('home', 'limit=13')).toThrow(InvalidParameter)
    expect(() => parse('home', 'limit=13')).toThrow(InvalidParameter)
  })

  it('reads limit and random', () => {
    expect(parse(undefined, 'limit=12&random=0')).toEqual({ displayKey: null, limit: 12, random: false, tags: [] })
    expect(parse(undefined, 'limit=01')).toMatchObject({ limit: 1 })
  })

  it('reads tags as a set of trimmed, case-folded words', () => {
    expect(parse(undefined, 'tags=Winter,%20sale,,winter').tags).toEqual(['sale', 'winter'])
    expect(parse(undefined, 'tags=').tags).toEqual([])
  })

  it.each([
    ['limit=0', 'limit must be an integer from 1 to 12'],
    ['limit=13', 'limit must be an integer from 1 to 12'],
    ['limit=1.5', 'limit must be an integer from 1 to 12'],
    ['limit=abc', 'limit must be an integer from 1 to 12'],
    ['limit=', 'limit must be an integer from 1 to 12'],
    ['limit=-1', 'limit must be an integer from 1 to 12'],
    ['limit=1e1', 'limit must be an integer from 1 to 12'],
    ['limit=99999999999999999999', 'limit must be an integer from 1 to 12'],
    ['random=2', 'random must be 0 or 1'],
    ['random=true', 'random must be 0 or 1'],
    ['limit=1&limit=2', 'limit must be given once'],
    ['random=1&random=1', 'random must be given once'],
    ['tags=a&tags=b', 'tags must be given once, comma-separated'],
    [`tags=${Array.from({ length: 11 }, (_, i) => `t${i}`).join(',')}`, 'tags must list at most 10 tags'],
    [`tags=${'x'.repeat(51)}`, 'tags must be printable and at most 50 characters each'],
    ['tags=a%00b', 'tags must be printable and at most 50 characters each'],
  ])('refuses %s', (query, message) => {
    expect(() => parse(undefined, query)).toThrow(new InvalidParameter(message))
  })

  it.each([
    ['%FF', 'display must be valid UTF-8 when percent-decoded'],
    ['%C3%28', 'display must be valid UTF-8 when percent-decoded'],
    ['%', 'display must be valid UTF-8 when percent-decoded'],
    ['a'.repeat(101), 'display must be at most 100 characters'],
    ['home%00ads', 'display must not contain control characters'],
    ['---', 'display must name a slot, such as home-slider-ads'],
  ])('refuses the slug %s', (slug, message) => {
    expect(() => parse(slug)).toThrow(new InvalidParameter(message))
  })
})
