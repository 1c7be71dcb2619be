/**
 * @module The loop a background worker runs in each replica (the webhook
 * sender, the mail sender): one step, then a pause, until stopped; a
 * failed step is logged and the loop goes on. The pause may be longer
 * while the worker knows it has nothing to do, and a wake (a row queued,
 * another process's commit) ends it at once.
 */
import { log } from './log.js'

export interface PollingLoopOptions {
  /** The pause after a step, in ms, when it may differ from `pollMs` (a worker with nothing due sleeps until its next row). */
  pauseMs?: () => number | undefined
  /** Subscribes the loop's wake to whatever may give it work; returns how to unsubscribe. Called at start, undone at stop. */
  watch?: (wake: () => void) => () => void
}

/**
 * Makes a loop that runs `step` every `pollMs` once started (or after
 * `pauseMs()`), and at once when woken; a wake during a step runs one more
 * step after it, so work queued while a step was looking is not left for the next pause.
 *
 * @example
 * const loop = pollingLoop('mail worker', sendDue, 1000)
 * loop.start()
 * loop.wake() // a mail was queued
 * await loop.stop() // waits for the step under way
 */
export function pollingLoop(name: string, step: () => Promise<unknown>, pollMs: number, { pauseMs, watch }: PollingLoopOptions = {}) {
  let running = false
  let timer: NodeJS.Timeout | undefined
  let polling: Promise<void> | undefined
  let stepping = false
  let again = false
  /** A wake's timer is set: further wakes until it fires change nothing. */
  let woken = false
  let unwatch: (() => void) | undefined

  const next = () => {
    woken = false
    polling = poll()
  }

  async function poll(): Promise<void> {
    if (!running) return
    stepping = true
    do {
      again = false
      try {
        await step()
      } catch (error) {
        log('error', `${name}: ${(error as Error).message}`)
      }
    } while (running && again)
    stepping = false
    // poll() never rejects (a failed step is logged above); stop() awaits it through `polling`.
    if (running) timer = setTimeout(next, pauseMs?.() ?? pollMs)
  }

  function wake(): void {
    if (!running || woken) return
    if (stepping) {
      again = true
      return
    }
    // Never the step itself here: a wake may come from inside a statement being prepared.
    woken = true
    clearTimeout(timer)
    timer = setTimeout(next, 0)
  }

  return {
    get running(): boolean {
      return running
    },
    start(): void {
      if (running) return
      running = true
      unwatch = watch?.(wake)
      polling = poll()
    },
    /** Ends the pause: the next step runs at once, or after the one under way. */
    wake,
    /** Stops polling and waits for the step under way. */
    async stop(): Promise<void> {
      running = false
      unwatch?.()
      unwatch = undefined
      clearTimeout(timer)
      woken = false
      await polling
    },
  }
}
