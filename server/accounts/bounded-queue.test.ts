import { describe, expect, it } from 'vitest'
import { boundedQueue, QueueFull } from './bounded-queue.js'

describe('the bounded queue', () => {
  it('runs at most `concurrency` jobs at once, lines up `waiting` more in order, and refuses the rest at once', async () => {
    const queue = boundedQueue({ concurrency: 2, waiting: 1 })
    let running = 0
    let most = 0
    const order: number[] = []
    const releases: (() => void)[] = []
    const job = (n: number) => () =>
      new Promise<number>((resolve) => {
        running++
        most = Math.max(most, running)
        order.push(n)
        releases.push(() => {
          running--
          resolve(n)
        })
      })
    const jobs = [1, 2, 3].map((n) => queue.run(job(n)))
    await expect(queue.run(job(4))).rejects.toBeInstanceOf(QueueFull)
    while (releases.length) {
      releases.shift()!()
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(await Promise.all(jobs)).toEqual([1, 2, 3])
    expect(order).toEqual([1, 2, 3])
    expect(most).toBe(2)
    expect(await queue.run(async () => 'free again')).toBe('free again')
  })

  it('frees the place of a job that failed', async () => {
    const queue = boundedQueue({ concurrency: 1, waiting: 0 })
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await queue.run(async () => 'ok')).toBe('ok')
  })

  it('gives one caller at most its share of places, a short line behind them, and refuses the rest at once', async () => {
    const queue = boundedQueue({ concurrency: 1, waiting: 8, perCaller: { inQueue: 2, waiting: 1 } })
    const started: number[] = []
    const releases: (() => void)[] = []
    const job = (n: number) => () =>
      new Promise<number>((resolve) => {
        started.push(n)
        releases.push(() => resolve(n))
      })
    const mine = [1, 2, 3].map((n) => queue.run(job(n), { caller: '198.51.100.66' }))
    await expect(queue.run(job(4), { caller: '198.51.100.66' })).rejects.toBeInstanceOf(QueueFull)
    // Another caller still finds a place in the queue.
    const theirs = queue.run(job(5), { caller: '203.0.113.7' })
    for (let turn = 0; turn < 20; turn++) {
      releases.shift()?.()
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(await Promise.all([...mine, theirs])).toEqual([1, 2, 3, 5])
    // The third of the first caller's jobs waited outside the queue for one of its own, so the other caller's went first.
    expect(started).toEqual([1, 2, 5, 3])
    expect(await queue.run(async () => 'free again', { caller: '198.51.100.66' })).toBe('free again')
  })
})
