/**
 * @module Work a request hands off to run after its answer: a line of at
 * most `waiting` jobs, `concurrency` of them running at once, each started
 * no earlier than the next turn of the event loop, so never before the
 * response that queued it is written. A full line refuses at once (the
 * caller answers "busy"), so a flood cannot grow memory. "Forgot password?"
 * queues its look-up this way: the answer costs the same whether or not the
 * address has an account.
 */
import { log } from '../log.js'

export interface BackgroundQueue {
  /** Queues `job`; false, and nothing queued, when the line is full. */
  offer(job: () => Promise<void>): boolean
  /** Resolves once nothing waits or runs (tests, shutdown). */
  idle(): Promise<void>
}

/**
 * Makes a queue; a job that fails is logged with `what` and the line goes on.
 *
 * @example
 * const resets = backgroundQueue({ what: 'password reset request', concurrency: 1, waiting: 1000 })
 * if (!resets.offer(() => requestPasswordReset(ctx, email, null))) return busy()
 */
export function backgroundQueue({ what, concurrency, waiting }: { what: string; concurrency: number; waiting: number }): BackgroundQueue {
  const line: (() => Promise<void>)[] = []
  let running = 0
  let idleWaiters: (() => void)[] = []
  const settle = () => {
    if (running > 0 || line.length > 0) return
    const waiters = idleWaiters
    idleWaiters = []
    for (const resolve of waiters) resolve()
  }
  const pump = () => {
    while (running < concurrency && line.length > 0) {
      const job = line.shift()!
      running++
      job()
        .catch((error: unknown) => log('error', `${what} failed`, { error: error instanceof Error ? error.message : String(error) }))
        .finally(() => {
          running--
          pump()
          settle()
        })
    }
  }
  return {
    offer(job) {
      if (line.length >= waiting) return false
      line.push(job)
      setImmediate(pump)
      return true
    },
    idle: () => (running === 0 && line.length === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve))),
  }
}
