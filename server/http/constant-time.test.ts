import { describe, expect, it } from 'vitest'
import { sameSecret } from './constant-time.js'

describe('sameSecret', () => {
  it('matches only the same string', () => {
    expect(sameSecret('abc', 'abc')).toBe(true)
    expect(sameSecret('abd', 'abc')).toBe(false)
    expect(sameSecret('', 'abc')).toBe(false)
  })

  it('refuses, without throwing, a string of the same length but more bytes', () => {
    expect(sameSecret('aé', 'aa')).toBe(false)
    expect(sameSecret('aa', 'aé')).toBe(false)
  })
})
