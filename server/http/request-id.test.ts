import { describe, expect, it } from 'vitest'
import { newRequestId, requestIdFor } from './request-id.js'

describe('request ids', () => {
  it('are fresh each time, past a refill of the random pool', () => {
    const ids = Array.from({ length: 1000 }, newRequestId)
    expect(new Set(ids).size).toBe(1000)
    for (const id of ids) expect(id).toMatch(/^req_[0-9a-f]{32}$/)
  })

  it("keep the caller's id when it is safe to echo, and replace it otherwise", () => {
    expect(requestIdFor('trace-42')).toBe('trace-42')
    expect(requestIdFor('a b')).toMatch(/^req_[0-9a-f]{32}$/)
    expect(requestIdFor('x'.repeat(256))).toMatch(/^req_[0-9a-f]{32}$/)
    expect(requestIdFor(undefined)).toMatch(/^req_[0-9a-f]{32}$/)
  })
})
