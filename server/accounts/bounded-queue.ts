/**
 * @module A queue in front of scarce work: at most `concurrency` jobs run
 * at once, at most `waiting` more wait their turn in order, and beyond
 * that a job is refused at once rather than piling up. Password hashing
 * sits behind one, so a sign-in flood cannot fill Node's thread pool,
 * which id_token signing needs too. A job may name its caller (an
 * address): one caller holds at most `perCaller.inQueue` places in the
 * queue, and its further jobs wait in a short line of the caller's own
 * (`perCaller.waiting`) outside it, so that no single caller can fill the
 * queue everyone shares.
 */

/** Raised when a job finds every running place taken and the waiting line full, or its caller's line full. */
export class QueueFull extends Error {
  override name = 'QueueFull'
}

export interface BoundedQueue {
  /**
   * Runs `job` when a place is free; rejects with {@link QueueFull} when its
   * line is full. `priority` jobs have a line of their own, served first;
   * a `caller`'s jobs take at most its share of places.
   */
  run<T>(job: () => Promise<T>, options?: { priority?: boolean; caller?: string }): Promise<T>
}

interface CallerShare {
  /** The caller's jobs in the queue (running or in its lines). */
  inQueue: number
  /** The caller's jobs waiting for one of those to finish. */
  line: (() => void)[]
}

/**
 * Makes a queue. A priority line (as long as the ordinary one) lets the
 * callers who matter most (people signing in from a browser they used
 * before) through even while strangers keep the ordinary line full.
 *
 * @example
 * const scryptWork = boundedQueue({ concurrency: 1, waiting: 8, perCaller: { inQueue: 2, waiting: 4 } })
 * const key = await scryptWork.run(() => derive(password, salt), { priority: knownDevice, caller: '203.0.113.9' })
 */
export function boundedQueue({
  concurrency,
  waiting,
  perCaller = { inQueue: Infinity, waiting: 0 },
}: {
  concurrency: number
  waiting: number
  perCaller?: { inQueue: number; waiting: number }
}): BoundedQueue {
  let running = 0
  const line: (() => void)[] = []
  const priorityLine: (() => void)[] = []
  // Only callers with a job in the queue or their line have an entry, so its size is bounded by theirs.
  const shares = new Map<string, CallerShare>()

  async function callersTurn(caller: string): Promise<void> {
    const share = shares.get(caller) ?? { inQueue: 0, line: [] }
    shares.set(caller, share)
    if (share.inQueue < perCaller.inQueue) share.inQueue++
    else if (share.line.length < perCaller.waiting) await new Promise<void>((resolve) => share.line.push(resolve))
    else throw new QueueFull(`this caller has ${share.inQueue} jobs in the queue and ${share.line.length} waiting`)
  }
  function callerDone(caller: string): void {
    const share = shares.get(caller)!
    // The caller's place passes to its next job, or is freed.
    const next = share.line.shift()
    if (next) next()
    else if (--share.inQueue === 0) shares.delete(caller)
  }

  async function inQueue<T>(job: () => Promise<T>, priority: boolean): Promise<T> {
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
  }

  return {
    async run(job, { priority = false, caller } = {}) {
      if (caller === undefined) return inQueue(job, priority)
      await callersTurn(caller)
      try {
        return await inQueue(job, priority)
      } finally {
        callerDone(caller)
      }
    },
  }
}
