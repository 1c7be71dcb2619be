import { describe, expect, it } from 'vitest'
import { matchesIfNoneMatch } from './if-none-match.js'

describe('matchesIfNoneMatch', () => {
  it.each([
    ['"a"', true],
    ['W/"a"', true],
    ['"x", "a"', true],
    ['*', true],
    ['"b"', false],
    ['', false],
    [undefined, false],
  ])('%j against "a" is %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, '"a"')).toBe(expected)
  })
})
