/**
 * @module Group commit of the webhook worker's bookkeeping: the attempts
 * that finish while one write transaction is under way are written
 * together in the next one, so a burst of 64 settled attempts costs one
 * transaction (one commit, one write lock on SQLite) instead of 64. Each
 * caller's promise settles once its write has committed, so a delivery is
 * still marked delivered only after its attempt, and a crash before the
 * commit leaves the lease to run out and the delivery to be sent again
 * (at least once, as before). A batch that fails is written again one
 * write a transaction, so one bad write cannot undo its neighbours'.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.js'

type Write<T> = (trx: Transaction<Database>) => Promise<T>

interface Queued {
  write: Write<unknown>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/**
 * Makes a writer that runs each given write in a shared transaction with
 * the others waiting at the time; `afterCommit` runs after each batch (the
 * worker claims again then, as slots have come free).
 *
 * @example
 * const inBatch = settledBatches(db, () => refill())
 * const state = await inBatch((trx) => settleDelivery(trx, settled))
 */
export function settledBatches(db: Kysely<Database>, afterCommit: () => void = () => undefined) {
  let waiting: Queued[] = []
  let writing = false

  async function writeBatch(batch: Queued[]): Promise<void> {
    try {
      const values = await db.transaction().execute(async (trx) => {
        const results: unknown[] = []
        for (const { write } of batch) results.push(await write(trx))
        return results
      })
      batch.forEach(({ resolve }, index) => resolve(values[index]))
    } catch {
      for (const { write, resolve, reject } of batch) await db.transaction().execute(write).then(resolve, reject)
    }
  }

  async function drain(): Promise<void> {
    writing = true
    while (waiting.length > 0) {
      const batch = waiting
      waiting = []
      await writeBatch(batch)
      afterCommit()
    }
    writing = false
  }

  return function inBatch<T>(write: Write<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      waiting.push({ write, resolve: resolve as (value: unknown) => void, reject })
      // The first write of a quiet moment starts the batch on the next turn, so attempts finishing together share it.
      if (!writing) {
        writing = true
        setImmediate(() => void drain())
      }
    })
  }
}
