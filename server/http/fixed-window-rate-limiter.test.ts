import { describe, expect, it } from 'vitest'
import { fixedWindowRateLimiter } from './fixed-window-rate-limiter.js'

describe('fixedWindowRateLimiter', () => {
  it('allows the limit within a window, then refuses until the window ends', () => {
    let time = 60_000 * 1000 + 15_000
    const limiter = fixedWindowRateLimiter({ now: () => time })
    expect(limiter.hit('a', 2)).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 45 })
    expect(limiter.hit('a', 2)).toMatchObject({ allowed: true, remaining: 0 })
    expect(limiter.hit('a', 2)).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 45 })
    time += 44_500
    expect(limiter.hit('a', 2)).toMatchObject({ allowed: false, resetSeconds: 1 })
    time += 500
    expect(limiter.hit('a', 2)).toMatchObject({ allowed: true, remaining: 1, resetSeconds: 60 })
  })

  it('counts each bucket on its own', () => {
    const limiter = fixedWindowRateLimiter({ now: () => 0 })
    limiter.hit('a', 1)
    expect(limiter.hit('a', 1).allowed).toBe(false)
    expect(limiter.hit('b', 1).allowed).toBe(true)
  })
})
