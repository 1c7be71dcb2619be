import { describe, expect, it } from 'vitest'
import { pooledRandomText } from './random-pool.js'

describe('pooled random values', () => {
  it('never hand out the same bytes twice, across refills and mixed sizes', () => {
    // 3,000 values of 16 and 32 bytes draw the 4 KiB pool about 18 times over.
    const values = Array.from({ length: 3000 }, (_, i) => pooledRandomText(i % 3 === 0 ? 16 : 32, 'hex'))
    const chunks = values.flatMap((value) => value.match(/.{32}/g)!)
    expect(new Set(chunks).size).toBe(chunks.length)
  })

  it('are as long as asked, in the encoding asked', () => {
    expect(pooledRandomText(32, 'base64url')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(pooledRandomText(16, 'hex')).toMatch(/^[0-9a-f]{32}$/)
    expect(pooledRandomText(4096, 'hex')).toHaveLength(8192)
  })

  it('refuse sizes the pool cannot give', () => {
    expect(() => pooledRandomText(4097, 'hex')).toThrow(RangeError)
    expect(() => pooledRandomText(0, 'hex')).toThrow(RangeError)
  })
})
