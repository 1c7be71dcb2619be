import type { Transaction } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { pendingMails, queueMail } from '../mail/mail-outbox.js'
import { type BatchStart, groupCommit } from './group-commit.js'
import type { Database } from './schema.js'
import { openTestDatabase } from './test-database.js'

const mail = (subject: string) => ({ to: 'ada@example.com', subject, text: 'Hi', html: '<p>Hi</p>' })
const dbs: Awaited<ReturnType<typeof openTestDatabase>>[] = []
const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.destroy()))
})

async function testDatabase() {
  const db = await openTestDatabase()
  dbs.push(db)
  return db
}

const subjects = async (db: Awaited<ReturnType<typeof openTestDatabase>>) => (await pendingMails(db)).map((row) => row.subject).sort()

describe.each<BatchStart>(['next-turn', 'after-running-commit'])('group commit, a batch starting %s', (start) => {
  it('writes what is given in the same turn in one transaction, and answers each caller with its own result', async () => {
    const db = await testDatabase()
    let commits = 0
    const inBatch = groupCommit(db, { start, afterCommit: () => commits++ })
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
    expect(await subjects(db)).toEqual(['one', 'three', 'two'])
  })

  it('keeps the neighbours of a write that fails, and gives its caller the error', async () => {
    const db = await testDatabase()
    const inBatch = groupCommit(db, { start })
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
    expect(await subjects(db)).toEqual(['kept after', 'kept before'])
  })

  it('runs a lone write that fails once, rolled back, and gives its caller the error', async () => {
    const db = await testDatabase()
    const inBatch = groupCommit(db, { start })
    let runs = 0
    const failing = inBatch(async (trx) => {
      runs++
      await queueMail(trx, mail('undone'))
      throw new Error('the write failed')
    })
    await expect(failing).rejects.toThrow('the write failed')
    expect(runs).toBe(1)
    expect(await subjects(db)).toEqual([])
  })
})

describe('group commit: when the next batch starts', () => {
  /** Gives a second and a third write on two turns while the first write's batch is still open; the transactions each ran in. */
  async function writesDuringABatch(start: BatchStart) {
    const db = await testDatabase()
    let commits = 0
    const inBatch = groupCommit(db, { start, afterCommit: () => commits++ })
    const seen: Record<string, Transaction<Database>> = {}
    const write = (subject: string) =>
      inBatch(async (trx) => {
        seen[subject] = trx
        return queueMail(trx, mail(subject))
      })
    const later: Promise<number>[] = []
    await inBatch(async (trx) => {
      seen.first = trx
      later.push(write('second'))
      await nextTurn()
      await nextTurn()
      later.push(write('third'))
      return queueMail(trx, mail('first'))
    })
    await Promise.all(later)
    expect(await subjects(db)).toEqual(['first', 'second', 'third'])
    return { seen, commits }
  }

  it('after the running commit: what arrives meanwhile, over several turns, is one batch', async () => {
    const { seen, commits } = await writesDuringABatch('after-running-commit')
    expect(seen.second).not.toBe(seen.first)
    expect(seen.third).toBe(seen.second)
    expect(commits).toBe(2)
  })

  it('on the next turn: each turn’s writes are a batch of their own, even while another commits', async () => {
    const { seen, commits } = await writesDuringABatch('next-turn')
    expect(new Set([seen.first, seen.second, seen.third]).size).toBe(3)
    expect(commits).toBe(3)
  })
})
