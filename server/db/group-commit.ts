/**
 * @module Group commit: the writes that arrive while a batch is gathering
 * run together in one transaction, so a burst of them costs one commit
 * (one WAL write and one write lock on SQLite) instead of one each. Each
 * caller's promise settles once its own write has committed, with its own
 * result. A batch that fails is run again one write a transaction, so one
 * bad write cannot undo its neighbours'. Used by the webhook worker's
 * settled attempts (`webhooks/worker.ts`) and refresh-token rotation
 * (`grants/refresh-rotation.ts`), which differ only in when a batch starts.
 */
import type { Kysely, Transaction } from 'kysely'

/** One caller's write, given the batch's transaction. */
export type GroupedWrite<DB, T> = (trx: Transaction<DB>) => Promise<T>

/**
 * When a batch starts:
 * - `next-turn`: on the turn after its first write, whether or not another
 *   batch is still committing (the writes ready in one turn share it);
 * - `after-running-commit`: on the next turn when none is committing, else
 *   as soon as the running one has committed, with everything that arrived
 *   meanwhile (one batch at a time; the longer a commit, the larger the next).
 */
export type BatchStart = 'next-turn' | 'after-running-commit'

/** Runs a write in its batch's transaction; resolves with the write's result once the batch has committed. */
export type InBatch<DB, Result = unknown> = <T extends Result>(write: GroupedWrite<DB, T>) => Promise<T>

export interface GroupCommitOptions<DB, Result> {
  start?: BatchStart
  /**
   * Runs in each batch's transaction after its writes, given their results:
   * what they share is written there in one statement instead of one each.
   */
  beforeCommit?: (trx: Transaction<DB>, results: Result[]) => Promise<void>
  /** Runs after each batch has committed and its callers' promises have been settled. */
  afterCommit?: () => void
}

interface Queued<DB> {
  write: GroupedWrite<DB, unknown>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/**
 * Makes a writer that runs each given write in a transaction shared with
 * the others of its batch.
 *
 * @example
 * const inBatch = groupCommit(db, { start: 'after-running-commit', afterCommit: refill })
 * const state = await inBatch((trx) => settleDelivery(trx, settled))
 */
export function groupCommit<DB, Result = unknown>(
  db: Kysely<DB>,
  { start = 'next-turn', beforeCommit, afterCommit = () => undefined }: GroupCommitOptions<DB, Result> = {},
): InBatch<DB, Result> {
  const transact = (writes: GroupedWrite<DB, unknown>[]) =>
    db.transaction().execute(async (trx) => {
      const results: unknown[] = []
      for (const write of writes) results.push(await write(trx))
      await beforeCommit?.(trx, results as Result[])
      return results
    })

  let gathering: Queued<DB>[] | undefined
  let committing = false

  async function commitAndNotify(batch: Queued<DB>[]): Promise<void> {
    await commitBatch(transact, batch)
    afterCommit()
  }

  /** One batch at a time: what arrived during a commit is the next batch. */
  async function drain(): Promise<void> {
    committing = true
    while (gathering) {
      const batch = gathering
      gathering = undefined
      await commitAndNotify(batch)
    }
    committing = false
  }

  function startBatch(): void {
    if (start === 'after-running-commit') {
      if (!committing) {
        committing = true
        setImmediate(() => void drain())
      }
      return
    }
    // After this turn's I/O callbacks: the writes that became ready together commit together.
    setImmediate(() => {
      const batch = gathering!
      gathering = undefined
      void commitAndNotify(batch)
    })
  }

  return function inBatch<T extends Result>(write: GroupedWrite<DB, T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (!gathering) {
        gathering = []
        startBatch()
      }
      gathering.push({ write, resolve: resolve as (value: unknown) => void, reject })
    })
  }
}

/** Runs the batch in one transaction; when that fails and the batch had several writes, each again alone. */
async function commitBatch<DB>(transact: (writes: GroupedWrite<DB, unknown>[]) => Promise<unknown[]>, batch: Queued<DB>[]): Promise<void> {
  let results: unknown[]
  try {
    results = await transact(batch.map(({ write }) => write))
  } catch (error) {
    // A lone write has no neighbours to keep: running it again alone would be the same transaction.
    if (batch.length === 1) return batch[0]!.reject(error)
    for (const { write, resolve, reject } of batch) await transact([write]).then(([result]) => resolve(result), reject)
    return
  }
  batch.forEach(({ resolve }, index) => resolve(results[index]))
}
