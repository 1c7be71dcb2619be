import type { Transaction } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { pendingMails, queueMail } from '../mail/mail-outbox.js'
import { settledBatches } from './settled-batches.js'

const mail = (subject: string) => ({ to: 'ada@example.com', subject, text: 'Hi', html: '<p>Hi</p>' })
const dbs: Awaited<ReturnType<typeof openTestDatabase>>[] = []

afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.destroy()))
})

describe('settled batches (group commit of the worker bookkeeping)', () => {
  it('writes what is given in the same turn in one transaction, and answers each caller with its own result', async () => {
    const db = await openTestDatabase()
    dbs.push(db)
    let commits = 0
    const inBatch = settledBatches(db, () => commits++)
    const seen: Transaction<Database>[] = []
    const ids = await Promise.all(
      ['one', 'two', 'three'].map((subject) =>
        inBatch(async (trx) => {
          seen.push(trx)
          return queueMail(trx, mail(subject))
        }),
      ),
    )
    expect(new Set(seen).size).toBe(1)
    expect(commits).toBe(1)
    expect(new Set(ids).size).toBe(3)
    expect((await pendingMails(db)).map((row) => row.subject).sort()).toEqual(['one', 'three', 'two'])
  })

  it('keeps the neighbours of a write that fails, and gives its caller the error', async () => {
    const db = await openTestDatabase()
    dbs.push(db)
    const inBatch = settledBatches(db)
    const results = await Promise.allSettled([
      inBatch((trx) => queueMail(trx, mail('kept before'))),
      inBatch(async (trx) => {
        await queueMail(trx, mail('undone'))
        throw new Error('the write failed')
      }),
      inBatch((trx) => queueMail(trx, mail('kept after'))),
    ])
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('the write failed'))
    expect((await pendingMails(db)).map((row) => row.subject).sort()).toEqual(['kept after', 'kept before'])
  })
})
