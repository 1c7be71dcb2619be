/**
 * @module The loop a background worker runs in each replica (the webhook
 * sender, the mail sender): one step, then a pause, until stopped; a
 * failed step is logged and the loop goes on.
 */
import { log } from './log.js'

/**
 * Makes a loop that runs `step` every `pollMs` once started.
 *
 * @example
 * const loop = pollingLoop('mail worker', sendDue, 1000)
 * loop.start()
 * await loop.stop() // waits for the step under way
 */
export function pollingLoop(name: string, step: () => Promise<unknown>, pollMs: number) {
  let running = false
  let timer: NodeJS.Timeout | undefined
  let polling: Promise<void> | undefined

  async function poll(): Promise<void> {
    if (!running) return
    try {
      await step()
    } catch (error) {
      log('error', `${name}: ${(error as Error).message}`)
    }
    // poll() never rejects (a failed step is logged above); stop() awaits it through `polling`.
    if (running) timer = setTimeout(() => void (polling = poll()), pollMs)
  }

  return {
    get running(): boolean {
      return running
    },
    start(): void {
      if (running) return
      running = true
      polling = poll()
    },
    /** Stops polling and waits for the step under way. */
    async stop(): Promise<void> {
      running = false
      clearTimeout(timer)
      await polling
    },
  }
}
