import { describe, expect, it } from 'vitest'
import { recentBatches } from './recent-batches.js'

describe('recent batches', () => {
  it('refuses an id seen before, and forgets the oldest ids first once full', () => {
    const recent = recentBatches(3)
    expect(['a', 'b', 'a', 'c'].map((id) => recent.firstTime(id))).toEqual([true, true, false, true])
    expect(recent.firstTime('d')).toBe(true) // 'a' is forgotten
    expect(recent.firstTime('b')).toBe(false)
    expect(recent.firstTime('a')).toBe(true) // counted again, 'b' forgotten now
    expect(recent.firstTime('e')).toBe(true) // 'c' forgotten
    expect(['d', 'a', 'e'].map((id) => recent.firstTime(id))).toEqual([false, false, false])
    expect(['b', 'c'].map((id) => recent.firstTime(id))).toEqual([true, true])
  })
})
