/**
 * @module A queue in front of scarce work: at most `concurrency` jobs run
 * at once, at most `waiting` more wait their turn in order, and beyond
 * that a job is refused at once rather than piling up. Password hashing
 * sits behind one, so a sign-in flood cannot fill Node's thread pool,
 * which id_token signing needs too.
 */

/** Raised when a job finds every running place taken and the waiting line full. */
export class QueueFull extends Error {
  override name = 'QueueFull'
}

export interface BoundedQueue {
  /**
   * Runs `job` when a place is free; rejects with {@link QueueFull} when its
   * line is full. `priority` jobs have a line of their own, served first.
   */
  run<T>(job: () => Promise<T>, options?: { priority?: boolean }): Promise<T>
}

/**
 * Makes a queue. A priority line (as long as the ordinary one) lets the
 * callers who matter most (people signing in from a browser they used
 * before) through even while strangers keep the ordinary line full.
 *
 * @example
 * const scryptWork = boundedQueue({ concurrency: 1, waiting: 8 })
 * const key = await scryptWork.run(() => derive(password, salt), { priority: knownDevice })
 */
export function boundedQueue({ concurrency, waiting }: { concurrency: number; waiting: number }): BoundedQueue {
  let running = 0
  const line: (() => void)[] = []
  const priorityLine: (() => void)[] = []
  return {
    async run(job, { priority = false } = {}) {
      const mine = priority ? priorityLine : line
      if (running < concurrency) running++
      else if (mine.length < waiting) await new Promise<void>((resolve) => mine.push(resolve))
      else throw new QueueFull(`${running} jobs running and ${mine.length} waiting`)
      try {
        return await job()
      } finally {
        // The place passes straight to the next in line, priority first, or is freed.
        const next = priorityLine.shift() ?? line.shift()
        if (next) next()
        else running--
      }
    },
  }
}
