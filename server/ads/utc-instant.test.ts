/** @module Tests of reading ISO 8601 dates and times as UTC instants: what is taken, and the near misses refused. */
import { describe, expect, it } from 'vitest'
import { utcInstantOf } from './utc-instant.js'

describe('utcInstantOf', () => {
  it.each([
    ['2025-06-01T09:00:00Z', '2025-06-01T09:00:00.000Z'],
    ['2025-06-01T09:00Z', '2025-06-01T09:00:00.000Z'],
    ['2025-06-01T11:00:00+02:00', '2025-06-01T09:00:00.000Z'],
    ['2025-06-01T04:30:00-0430', '2025-06-01T09:00:00.000Z'],
    ['2025-06-01 09:00:00.1234Z', '2025-06-01T09:00:00.123Z'],
    ['2024-02-29T23:59:59+00:00', '2024-02-29T23:59:59.000Z'],
    ['2025-01-01T00:30:00+01:00', '2024-12-31T23:30:00.000Z'],
  ])('reads %s as %s', (text, utc) => {
    expect(utcInstantOf(text)).toBe(utc)
  })

  it.each([
    '2025-06-01',
    '2025-06-01T09:00:00',
    '2025-02-30T00:00:00Z',
    '2025-02-29T00:00:00Z',
    '2025-13-01T00:00:00Z',
    '2025-06-01T24:00:00Z',
    '2025-06-01T09:60:00Z',
    '2025-06-01T09:00:00+24:00',
    'next tuesday',
    '0000-01-01T00:00:00+01:00',
    '',
  ])('refuses %j', (text) => {
    expect(utcInstantOf(text)).toBeUndefined()
  })
})
