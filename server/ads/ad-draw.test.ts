/** @module Tests of the window rule, the next edge, and the weighted draw's distribution. */
import { describe, expect, it } from 'vitest'
import { isRunning, nextEdgeAfter, scheduleOf, weightedOrder } from './ad-draw.js'

const at = Date.parse('2030-01-01T12:00:00Z')

describe('the window', () => {
  it('runs from the start inclusive to the end exclusive', () => {
    const ad = scheduleOf({ starts_at: '2030-01-01T12:00:00.000Z', ends_at: '2030-01-01T13:00:00.000Z', weight: 10 })
    expect(isRunning(ad, at - 1)).toBe(false)
    expect(isRunning(ad, at)).toBe(true)
    expect(isRunning(ad, at + 3_600_000 - 1)).toBe(true)
    expect(isRunning(ad, at + 3_600_000)).toBe(false)
    expect(isRunning(scheduleOf({ starts_at: null, ends_at: null, weight: 10 }), at)).toBe(true)
  })

  it('knows the next start or end after now, and none when nothing is ahead', () => {
    const ads = [
      scheduleOf({ starts_at: '2030-01-01T11:00:00.000Z', ends_at: '2030-01-01T12:10:00.000Z', weight: 10 }),
      scheduleOf({ starts_at: '2030-01-01T12:00:30.000Z', ends_at: null, weight: 10 }),
      scheduleOf({ starts_at: '2030-01-01T12:00:00.000Z', ends_at: null, weight: 10 }),
    ]
    expect(nextEdgeAfter(ads, at)).toBe(at + 30_000)
    expect(nextEdgeAfter(ads, at + 30_000)).toBe(at + 600_000)
    expect(nextEdgeAfter(ads, at + 600_000)).toBe(Infinity)
  })
})

describe('weightedOrder', () => {
  it('gives distinct indices, as many as asked or as there are', () => {
    const items = [1, 5, 100, 10, 10, 3].map((weight) => ({ weight }))
    for (let i = 0; i < 200; i++) {
      const order = weightedOrder(items, 4, Math.random)
      expect(order).toHaveLength(4)
      expect(new Set(order).size).toBe(4)
      expect(weightedOrder(items, 12, Math.random).sort()).toEqual([0, 1, 2, 3, 4, 5])
    }
    expect(weightedOrder([], 3, Math.random)).toEqual([])
  })

  // Chi-square goodness of fit of which ad leads, against weight / total weight.
  // Thresholds are the 0.999 quantiles: a correct draw fails one run in a thousand at most.
  it.each([
    ['first place follows the weights', 1, 0],
    ['second place follows the weights among the ads left', 2, 1],
  ])('%s', (_name, limit, place) => {
    const weights = [1, 9, 20, 30, 40]
    const items = weights.map((weight) => ({ weight }))
    const draws = 40_000
    const seen = weights.map(() => 0)
    for (let i = 0; i < draws; i++) seen[weightedOrder(items, limit, Math.random)[place]!]! += 1
    const total = weights.reduce((sum, weight) => sum + weight, 0)
    // P(i second) = Σ_j≠i P(j first) · w_i / (total − w_j)
    const expectedShare = (i: number) =>
      place === 0
        ? weights[i]! / total
        : weights.reduce((sum, wj, j) => (j === i ? sum : sum + (wj / total) * (weights[i]! / (total - wj))), 0)
    const chiSquare = seen.reduce((sum, count, i) => sum + (count - draws * expectedShare(i)) ** 2 / (draws * expectedShare(i)), 0)
    // 4 degrees of freedom: P(χ² > 18.47) = 0.001.
    expect(chiSquare).toBeLessThan(18.47)
    // And not merely uniform: the heaviest ad leads far more often than the lightest.
    if (place === 0) expect(seen[4]!).toBeGreaterThan(30 * seen[0]!)
  })
})
