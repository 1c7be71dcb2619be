/**
 * @module scrypt away from everything else: worker threads that each run
 * `scryptSync` at a lower scheduling priority (nice 10, which on Linux is
 * the calling thread's own). scrypt is meant to burn CPU; in libuv's thread
 * pool it also took the threads id_token signing needs, and even one hash
 * at a time took a whole core from the event loop. Below it, the event loop
 * and signing get the CPU first and hashing takes what is left. Workers are
 * made on first use and hold the process open only while they work.
 */
import { Worker } from 'node:worker_threads'

/** Scheduling priority of the hashing threads: below the event loop (0), above idle (19). */
export const HASHING_NICENESS = 10

// Plain CommonJS, evaluated as the worker's script, so the bundle and the single executable need no extra file.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads')
const { scryptSync } = require('node:crypto')
// On Linux this lowers this thread only; elsewhere it would lower the whole process, so it is not tried.
if (process.platform === 'linux') { try { require('node:os').setPriority(${HASHING_NICENESS}) } catch {} }
parentPort.on('message', ({ password, salt, keyLength, options }) => {
  try {
    parentPort.postMessage({ key: scryptSync(password, salt, keyLength, options) })
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message) })
  }
})
`

export interface ScryptOptions {
  N: number
  r: number
  p: number
  maxmem: number
}

/**
 * Makes a pool that derives keys in worker threads; callers keep at most as
 * many jobs running as they want threads (the password queue does).
 *
 * @example
 * const workers = scryptWorkers()
 * const key = await workers.derive('password', salt, 32, { N: 16384, r: 8, p: 1, maxmem: 64 << 20 })
 */
export function scryptWorkers() {
  const idle: Worker[] = []
  return {
    derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
      const worker = idle.pop() ?? new Worker(WORKER_SOURCE, { eval: true })
      worker.ref()
      return new Promise((resolve, reject) => {
        const answered = (message: { key?: Uint8Array; error?: string }) => {
          worker.off('error', failed)
          worker.unref()
          idle.push(worker)
          if (message.key) resolve(Buffer.from(message.key))
          else reject(new Error(message.error))
        }
        // A worker that died is not put back.
        const failed = (error: Error) => {
          worker.off('message', answered)
          reject(error)
        }
        worker.once('message', answered)
        worker.once('error', failed)
        worker.postMessage({ password, salt, keyLength, options })
      })
    },
  }
}
