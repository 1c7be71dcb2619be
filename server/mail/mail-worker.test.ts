import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/open-database.js'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { type SmtpReceiver, startSmtpReceiver } from '../testing/smtp-receiver.js'
import { claimDueMails, pendingMails, queueMail } from './mail-outbox.js'
import { linksIn, mailTransport } from './mail-transport.js'
import { mailWorker } from './mail-worker.js'

const FROM = 'svc <no-reply@svc.example>'
const MAIL = {
  to: 'ada@example.com',
  subject: 'Confirm your e-mail address',
  text: 'Follow this link: http://localhost:8787/verify?token=abc',
  html: '<p>Follow <a href="http://localhost:8787/verify?token=abc">this link</a></p>',
}

let db: Kysely<Database>
let time: number
const now = () => new Date(time)
const rows = () => db.selectFrom('mail_outbox').selectAll().execute()

beforeEach(async () => {
  db = await openTestDatabase()
  time = Date.parse('2026-11-26T12:00:00Z')
})
afterEach(() => db.destroy())

describe('the mail outbox', () => {
  let smtp: SmtpReceiver | undefined
  afterEach(() => smtp?.close())

  it('sends a queued mail over SMTP with its text and HTML parts', async () => {
    smtp = await startSmtpReceiver()
    await queueMail(db, MAIL, now())
    const worker = mailWorker({ db, now, transport: mailTransport({ smtpUrl: smtp.url, from: FROM, folder: '' }) })
    expect(await worker.runOnce()).toBe(1)
    expect(smtp.received).toHaveLength(1)
    const [mail] = smtp.received
    expect(mail!.to).toEqual(['ada@example.com'])
    expect(mail!.from).toBe('no-reply@svc.example')
    expect(mail!.raw).toContain('Subject: Confirm your e-mail address')
    expect(mail!.raw).toContain('Content-Type: text/plain')
    expect(mail!.raw).toContain('Content-Type: text/html')
    expect(await rows()).toMatchObject([{ state: 'sent', attempts: 1, last_error: null, text: '', html: '' }])
    expect(await worker.runOnce()).toBe(0)
  })

  it('keeps a mail while the SMTP server is down and sends it once it is back', async () => {
    const port = await startSmtpReceiver().then(async (first) => (await first.close(), first.port))
    await queueMail(db, MAIL, now())
    const worker = mailWorker({ db, now, transport: mailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, folder: '' }) })
    expect(await worker.runOnce()).toBe(1)
    const [failed] = await rows()
    expect(failed).toMatchObject({ state: 'pending', attempts: 1 })
    expect(failed!.last_error).toMatch(/ECONNREFUSED|connect/)
    expect(Number(failed!.next_attempt_at)).toBe(time + 30_000)
    expect(await pendingMails(db)).toHaveLength(1)

    smtp = await startSmtpReceiver(port)
    expect(await worker.runOnce()).toBe(0)
    time += 30_000
    expect(await worker.runOnce()).toBe(1)
    expect(smtp.received).toHaveLength(1)
    expect(await rows()).toMatchObject([{ state: 'sent', attempts: 2 }])
  })

  it('gives a crashed worker’s claim to another once its lease runs out', async () => {
    await queueMail(db, MAIL, now())
    const claim = (owner: string, at: number) =>
      db.transaction().execute((trx) => claimDueMails(trx, { owner, time: at, leaseMs: 120_000, limit: 4, skipLocked: false }))
    expect(await claim('crashed', time)).toHaveLength(1)
    expect(await claim('other', time + 60_000)).toHaveLength(0)
    expect(await claim('other', time + 120_001)).toMatchObject([{ to: 'ada@example.com', attempts: 0 }])
  })

  it('writes an .eml file only svc can read, and logs its links, when no SMTP server is set', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'svc-mail-')), 'mail')
    await queueMail(db, MAIL, now())
    await mailWorker({ db, now, transport: mailTransport({ from: FROM, folder }) }).runOnce()
    const [name] = readdirSync(folder)
    expect(name).toMatch(/\.eml$/)
    expect(statSync(join(folder, name!)).mode & 0o777).toBe(0o600)
    const eml = readFileSync(join(folder, name!), 'utf8')
    expect(eml).toContain('To: ada@example.com')
    expect(eml).toContain('Subject: Confirm your e-mail address')
    expect(linksIn(MAIL.text)).toEqual(['http://localhost:8787/verify?token=abc'])
  })
})

/** Resolves when `handed` does, or fails after 10 s: far more than a notice takes on a busy machine, far less than the sleep without one. */
async function withinNoticeTime(handed: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the sleeping worker was not woken: no mail handed over within 10 s')), 10_000)
  })
  try {
    await Promise.race([handed, late])
  } finally {
    clearTimeout(timer)
  }
}

describe('the mail worker while idle on a SQLite file', () => {
  const opened: Kysely<Database>[] = []
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.destroy()))
  })

  /**
   * A worker on a new file polling every 20 ms, whose real transport (.eml files) reports each mail
   * handed to it. Its safety net (a look at least once a second while asleep) is turned off, so only
   * a notice of the write can wake it in time.
   */
  async function idleWorkerOnFile() {
    const folder = mkdtempSync(join(tmpdir(), 'svc-mail-idle-'))
    const path = join(folder, 'svc.db')
    const file = await openDatabase({ sqlitePath: path })
    opened.push(file)
    const files = mailTransport({ from: FROM, folder: join(folder, 'mail') })
    const handed: string[] = []
    let told: (() => void) | undefined
    const transport = {
      ...files,
      async send(mail: Parameters<typeof files.send>[0]) {
        await files.send(mail)
        handed.push(mail.to)
        told?.()
      },
    }
    const worker = mailWorker({ db: file, transport, pollMs: 20, maxIdleSleepMs: 600_000 })
    const nextHanded = () => new Promise<void>((resolve) => (told = resolve))
    return { path, file, worker, handed, nextHanded }
  }

  it('sends a mail this process queues while the worker sleeps', async () => {
    const { file, worker, handed, nextHanded } = await idleWorkerOnFile()
    worker.start()
    await new Promise((resolve) => setTimeout(resolve, 100))
    const handedOver = nextHanded()
    await queueMail(file, MAIL)
    await withinNoticeTime(handedOver)
    await worker.stop()
    expect(handed).toEqual(['ada@example.com'])
  })

  it('sends a mail another process queues in the same file (as the CLI does) while the worker sleeps', async () => {
    const { path, worker, handed, nextHanded } = await idleWorkerOnFile()
    worker.start()
    await new Promise((resolve) => setTimeout(resolve, 100))
    const handedOver = nextHanded()
    const insert = `new (require('better-sqlite3'))(process.argv[1]).prepare("insert into mail_outbox (recipient, subject, text, html, state, attempts, next_attempt_at, created_at) values ('grace@example.com', 'Hello', 'Hi', '<p>Hi</p>', 'pending', 0, ${Date.now()}, '')").run()`
    const inserted = spawnSync(process.execPath, ['-e', insert, path], { encoding: 'utf8' })
    expect(inserted.stderr).toBe('')
    await withinNoticeTime(handedOver)
    await worker.stop()
    expect(handed).toEqual(['grace@example.com'])
  })
})
