import { describe, expect, it } from 'vitest'
import { forgettingOrder } from './forgetting-order.js'

describe('forgettingOrder', () => {
  it('forgets nothing until full, then the oldest key each time, round and round', () => {
    const order = forgettingOrder<string>(3)
    expect(['a', 'b', 'c'].map((key) => order.add(key))).toEqual([undefined, undefined, undefined])
    expect(['d', 'e', 'f', 'g'].map((key) => order.add(key))).toEqual(['a', 'b', 'c', 'd'])
  })
})
