/**
 * @module The mail worker inside the BFF: claims due mails from the outbox
 * with a lease (so a crashed worker's claims come back and replicas share
 * the table), hands each to the transport, and marks it sent or schedules
 * another try. A mail is never given up: an SMTP server that stays down
 * delays mail, retried every hour at the longest.
 */
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { idleOutbox } from '../db/idle-outbox.js'
import { isPostgres } from '../db/open-database.js'
import type { Database } from '../db/schema.js'
import { log } from '../log.js'
import { pollingLoop } from '../polling-loop.js'
import { type ClaimedMail, claimDueMails, settleMail } from './mail-outbox.js'
import type { MailTransport } from './mail-transport.js'
import type { SvcMetrics } from '../metrics/svc-metrics.js'

const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000]

/**
 * The wait before trying a mail again after `attemptsMade` failures.
 *
 * @example
 * mailRetryDelay(1) // 30000
 */
export const mailRetryDelay = (attemptsMade: number): number => RETRY_DELAYS_MS[Math.min(attemptsMade, RETRY_DELAYS_MS.length) - 1]!

export interface MailWorkerOptions {
  db: Kysely<Database>
  transport: MailTransport
  /** The clock; injectable so tests check the schedule without waiting. */
  now?: () => Date
  /** How long a claim holds; longer than the transport's time-outs. */
  leaseMs?: number
  concurrency?: number
  pollMs?: number
  /**
   * Idle on SQLite, the longest the worker sleeps with no notice of a write (a safety net). Tests of
   * the notices set it past their own time limit, so that a mail sent by the net alone fails them.
   */
  maxIdleSleepMs?: number
  /** Where mails are counted (first taken from the outbox, sent, failed), when metrics are on. */
  metrics?: SvcMetrics
}

/**
 * Makes a worker; `start()` polls, `runOnce()` sends what is due now.
 *
 * @example
 * const worker = mailWorker({ db, transport })
 * worker.start()
 * process.on('SIGTERM', () => worker.stop())
 */
export function mailWorker({
  db,
  transport,
  now = () => new Date(),
  leaseMs = 120_000,
  concurrency = 4,
  pollMs = 1000,
  maxIdleSleepMs,
  metrics,
}: MailWorkerOptions) {
  const owner = randomUUID()
  const postgres = isPostgres(db)

  async function deliver(mail: ClaimedMail): Promise<void> {
    let error: string | null = null
    try {
      await transport.send(mail)
    } catch (failure) {
      error = (failure as Error).message.slice(0, 500)
      log('warn', `mail ${mail.id} to ${mail.to} not sent, will retry: ${error}`)
    }
    metrics?.mail(error === null ? 'sent' : 'failed')
    const attempts = mail.attempts + 1
    const at = now()
    await settleMail(db, {
      id: mail.id,
      owner,
      attempts,
      sentAt: error === null ? at.toISOString() : null,
      error,
      nextAttemptAt: error === null ? at.getTime() : at.getTime() + mailRetryDelay(attempts),
    })
  }

  const outbox = idleOutbox(
    db,
    'mail_outbox',
    (time, limit) => db.transaction().execute((trx) => claimDueMails(trx, { owner, time, leaseMs, limit, skipLocked: postgres })),
    maxIdleSleepMs,
  )
  const claimDue = outbox.claim

  async function sendDue(): Promise<number> {
    const claimed = await claimDue(now().getTime(), concurrency)
    // Mails are queued inside the transactions of many modules (and by the CLI, in another process);
    // the worker sees each one once, at its first claim, in whichever replica claims it.
    if (metrics) metrics.mail('queued', claimed.filter((mail) => mail.attempts === 0).length)
    await Promise.all(claimed.map(deliver))
    return claimed.length
  }

  // Each turn sends until nothing is due, so a burst of mail does not wait a pause per batch. Idle on
  // SQLite, it sleeps until a mail is queued (which wakes it, so a mail leaves at once rather than at the next turn).
  const loop = pollingLoop(
    'mail worker',
    async () => {
      while (loop.running && (await sendDue()) > 0);
    },
    pollMs,
    { pauseMs: () => outbox.pauseMs(now().getTime(), pollMs), watch: outbox.watch },
  )

  return {
    start: () => loop.start(),
    /** Stops claiming and waits for the mails being sent. */
    stop: () => loop.stop(),
    /** Sends everything due now; for tests and the CLI. */
    async runOnce(): Promise<number> {
      let total = 0
      for (let sent = await sendDue(); sent > 0; sent = await sendDue()) total += sent
      return total
    },
  }
}

export type MailWorker = ReturnType<typeof mailWorker>
