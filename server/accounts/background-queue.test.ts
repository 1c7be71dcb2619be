/** @module Tests of the background queue: after the caller's turn, bounded, one failure does not stop the line. */
import { describe, expect, it } from 'vitest'
import { backgroundQueue } from './background-queue.js'

describe('a background queue', () => {
  it('starts a job only after the turn that queued it, in order, one at a time', async () => {
    const queue = backgroundQueue({ what: 'test job', concurrency: 1, waiting: 10 })
    const seen: string[] = []
    let running = 0
    const job = (name: string) => async () => {
      running++
      expect(running).toBe(1)
      seen.push(name)
      await new Promise((resolve) => setTimeout(resolve, 5))
      running--
    }
    expect(queue.offer(job('a'))).toBe(true)
    expect(queue.offer(job('b'))).toBe(true)
    await Promise.resolve()
    expect(seen).toEqual([])
    await queue.idle()
    expect(seen).toEqual(['a', 'b'])
  })

  it('refuses a job once `waiting` jobs wait, and takes more once they ran', async () => {
    const queue = backgroundQueue({ what: 'test job', concurrency: 1, waiting: 2 })
    const done: number[] = []
    const job = (n: number) => async () => void done.push(n)
    expect([queue.offer(job(1)), queue.offer(job(2)), queue.offer(job(3))]).toEqual([true, true, false])
    await queue.idle()
    expect(done).toEqual([1, 2])
    expect(queue.offer(job(4))).toBe(true)
    await queue.idle()
    expect(done).toEqual([1, 2, 4])
  })

  it('goes on after a job that fails', async () => {
    const queue = backgroundQueue({ what: 'test job', concurrency: 1, waiting: 5 })
    let ran = false
    queue.offer(async () => {
      throw new Error('database gone')
    })
    queue.offer(async () => void (ran = true))
    await queue.idle()
    expect(ran).toBe(true)
  })
})
