import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Kysely } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { recordAuditEvent } from '../audit/audit-events.js'
import { queueMail } from '../mail/mail-outbox.js'
import { idleOutbox } from './idle-outbox.js'
import { claimDueRows } from './lease-claim.js'
import { openDatabase } from './open-database.js'
import type { Database } from './schema.js'
import { openTestDatabase, testingOnPostgres } from './test-database.js'

const T0 = Date.parse('2026-11-26T12:00:00Z')
const mail = { to: 'ada@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' }
const opened: Kysely<Database>[] = []

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()))
})

/** A mail outbox claim through the idle skip, counting the claims that reached the database. */
function countedClaims(db: Kysely<Database>, leaseMs = 60_000) {
  const counted = { claims: 0 }
  const claim = idleOutbox(db, 'mail_outbox', (time, limit) => {
    counted.claims++
    return db.transaction().execute((trx) => claimDueRows(trx, 'mail_outbox', { owner: 'test', time, leaseMs, limit, skipLocked: false }))
  }).claim
  return Object.assign(counted, { claim: (time: number) => claim(time, 10) })
}

async function database(): Promise<Kysely<Database>> {
  const db = await openTestDatabase()
  opened.push(db)
  return db
}

describe.skipIf(testingOnPostgres)('skipping outbox claims while idle (SQLite)', () => {
  it('claims once while nothing changes, and again at once when a row is queued', async () => {
    const db = await database()
    const outbox = countedClaims(db)
    for (let i = 0; i < 5; i++) expect(await outbox.claim(T0 + i * 20)).toEqual([])
    expect(outbox.claims).toBe(1)
    const id = await queueMail(db, mail, new Date(T0))
    expect(await outbox.claim(T0 + 100)).toEqual([id])
  })

  it('stays idle while this process writes other tables, as a busy server does', async () => {
    const db = await database()
    const outbox = countedClaims(db)
    expect(await outbox.claim(T0)).toEqual([])
    const audit = { actor: { kind: 'system' }, action: 'client.created', target: { kind: 'client', code: 'cli_x' } } as const
    for (let i = 1; i <= 3; i++) {
      await recordAuditEvent(db, audit)
      expect(await outbox.claim(T0 + i * 20)).toEqual([])
    }
    expect(outbox.claims).toBe(1)
    const id = await queueMail(db, mail, new Date(T0))
    expect(await outbox.claim(T0 + 100)).toEqual([id])
  })

  it('claims a row queued for later when it comes due, without a write in between', async () => {
    const db = await database()
    const outbox = countedClaims(db)
    const id = await queueMail(db, mail, new Date(T0 + 5_000))
    expect(await outbox.claim(T0)).toEqual([])
    expect(await outbox.claim(T0 + 4_999)).toEqual([])
    expect(outbox.claims).toBe(1)
    expect(await outbox.claim(T0 + 5_000)).toEqual([id])
  })

  it('claims a row again when the lease of a worker that stopped runs out', async () => {
    const db = await database()
    const crashed = countedClaims(db, 30_000)
    const id = await queueMail(db, mail, new Date(T0))
    expect(await crashed.claim(T0)).toEqual([id])
    const outbox = countedClaims(db)
    expect(await outbox.claim(T0 + 1_000)).toEqual([])
    expect(await outbox.claim(T0 + 30_000)).toEqual([])
    expect(outbox.claims).toBe(1)
    expect(await outbox.claim(T0 + 30_001)).toEqual([id])
  })

  it('sees a row another connection of this process queued, at once', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'svc-idle-')), 'svc.db')
    const db = await openDatabase({ sqlitePath: path })
    const other = await openDatabase({ sqlitePath: path })
    opened.push(db, other)
    const outbox = countedClaims(db)
    expect(await outbox.claim(T0)).toEqual([])
    const id = await queueMail(other, mail, new Date(T0))
    expect(await outbox.claim(T0 + 20)).toEqual([id])
  })

  it('sees a row another process queued in the same file', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'svc-idle-')), 'svc.db')
    const db = await openDatabase({ sqlitePath: path })
    opened.push(db)
    const outbox = countedClaims(db)
    expect(await outbox.claim(T0)).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 2))
    expect(await outbox.claim(T0 + 20)).toEqual([])
    expect(outbox.claims).toBe(1)
    const insert = `new (require('better-sqlite3'))(process.argv[1]).prepare("insert into mail_outbox (recipient, subject, text, html, state, attempts, next_attempt_at, created_at) values ('ada@example.com', 'Hello', 'Hi', '<p>Hi</p>', 'pending', 0, ${T0}, '')").run()`
    const inserted = spawnSync(process.execPath, ['-e', insert, path], { encoding: 'utf8' })
    expect(inserted.stderr).toBe('')
    // Another process's commits show from the next millisecond.
    await new Promise((resolve) => setTimeout(resolve, 2))
    expect(await outbox.claim(T0 + 40)).toHaveLength(1)
  })
})

describe.runIf(testingOnPostgres)('skipping outbox claims while idle (PostgreSQL)', () => {
  it('claims every time, since other replicas write unseen', async () => {
    const db = await database()
    const outbox = countedClaims(db)
    for (let i = 0; i < 3; i++) expect(await outbox.claim(T0 + i * 20)).toEqual([])
    expect(outbox.claims).toBe(3)
  })
})
