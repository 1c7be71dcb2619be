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
  /** Runs `job` when a place is free; rejects with {@link QueueFull} when the line is full. */
  run<T>(job: () => Promise<T>): Promise<T>
}

/**
 * Makes a queue.
 *
 * @example
 * const scryptWork = boundedQueue({ concurrency: 1, waiting: 8 })
 * const key = await scryptWork.run(() => derive(password, salt))
 */
export function boundedQueue({ concurrency, waiting }: { concurrency: number; waiting: number }): BoundedQueue {
  let running = 0
  const line: (() => void)[] = []
  return {
    async run(job) {
      if (running < concurrency) running++
      else if (line.length < waiting) await new Promise<void>((resolve) => line.push(resolve))
      else throw new QueueFull(`${running} jobs running and ${line.length} waiting`)
      try {
        return await job()
      } finally {
        // The place passes straight to the next in line, or is freed.
        const next = line.shift()
        if (next) next()
        else running--
      }
    },
  }
}
