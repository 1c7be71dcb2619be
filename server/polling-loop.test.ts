import { afterEach, describe, expect, it } from 'vitest'
import { pollingLoop } from './polling-loop.js'

const loops: ReturnType<typeof pollingLoop>[] = []
afterEach(async () => {
  await Promise.all(loops.splice(0).map((loop) => loop.stop()))
})

/** A loop whose steps are counted and can be held open; it pauses an hour between steps unless woken. */
function sleepyLoop() {
  const steps = { count: 0, done: 0, release: undefined as (() => void) | undefined, held: false }
  const waiters: { count: number; resolve: () => void }[] = []
  /** Resolves once `count` steps have finished. */
  const finished = (count: number) =>
    new Promise<void>((resolve) => (steps.done >= count ? resolve() : waiters.push({ count, resolve })))
  let subscribed = 0
  const loop = pollingLoop(
    'test loop',
    async () => {
      steps.count++
      if (steps.held) await new Promise<void>((resolve) => (steps.release = resolve))
      steps.done++
      for (const waiter of waiters.filter((waiting) => waiting.count <= steps.done)) waiter.resolve()
    },
    3_600_000,
    {
      watch: () => {
        subscribed++
        return () => subscribed--
      },
    },
  )
  loops.push(loop)
  return { loop, steps, finished, subscribed: () => subscribed }
}

describe('pollingLoop', () => {
  it('ends its pause when woken', async () => {
    const { loop, steps, finished } = sleepyLoop()
    loop.start()
    await finished(1)
    loop.wake()
    await finished(2)
    expect(steps.count).toBe(2)
  })

  it('runs one more step after a step during which it was woken, however often', async () => {
    const { loop, steps, finished } = sleepyLoop()
    steps.held = true
    loop.start()
    loop.wake()
    loop.wake()
    steps.held = false
    steps.release!()
    await finished(2)
    expect(steps.count).toBe(2)
  })

  it('watches only while running', async () => {
    const { loop, subscribed } = sleepyLoop()
    loop.start()
    expect(subscribed()).toBe(1)
    await loop.stop()
    expect(subscribed()).toBe(0)
    loop.wake()
    expect(loop.running).toBe(false)
  })
})
