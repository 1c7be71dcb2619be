import { describe, expect, it } from 'vitest'
import { keptUnderStamp } from './kept-under-stamp.js'

describe('keptUnderStamp', () => {
  it('gives an entry back only at the stamp it was kept at', () => {
    const kept = keptUnderStamp<{ stamp: string; value: number }>(10)
    kept.keep('a', { stamp: '1:0', value: 7 })
    expect(kept.get('a', '1:0')).toEqual({ stamp: '1:0', value: 7 })
    expect(kept.get('a', '1:1')).toBeUndefined()
    expect(kept.get('b', '1:0')).toBeUndefined()
  })

  it('forgets its oldest key once full, and a key kept again keeps its place', () => {
    const kept = keptUnderStamp<{ stamp: string }>(2)
    kept.keep('a', { stamp: 's' })
    kept.keep('b', { stamp: 's' })
    kept.keep('a', { stamp: 't' })
    expect(kept.size).toBe(2)
    kept.keep('c', { stamp: 's' })
    expect(kept.size).toBe(2)
    expect(kept.get('a', 't')).toBeUndefined()
    expect(kept.get('b', 's')).toBeDefined()
    expect(kept.get('c', 's')).toBeDefined()
  })
})
