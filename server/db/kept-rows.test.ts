import { describe, expect, it } from 'vitest'
import { keptPerRow } from './kept-rows.js'

describe('values kept per row', () => {
  it('are worked out once per row object and variant, and afresh for a new row object', () => {
    let derived = 0
    const greeting = keptPerRow((row: { name: string }, punctuation: string) => {
      derived++
      return `hello ${row.name}${punctuation}`
    })
    const row = { name: 'Ada' }
    expect([greeting(row, '!'), greeting(row, '!'), greeting(row, '?')]).toEqual(['hello Ada!', 'hello Ada!', 'hello Ada?'])
    expect(derived).toBe(2)
    expect(greeting({ name: 'Grace' }, '!')).toBe('hello Grace!')
    expect(derived).toBe(3)
  })

  it('keep a bounded number of variants of one row', () => {
    let derived = 0
    const echo = keptPerRow((_row: object, variant: number) => ++derived && variant)
    const row = {}
    for (let i = 0; i < 1000; i++) echo(row, i)
    expect(echo(row, 999)).toBe(999)
    expect(derived).toBe(1000)
    // The first variants were let go to bound the memory, so asking again works them out again.
    expect(echo(row, 0)).toBe(0)
    expect(derived).toBe(1001)
  })
})
