/**
 * @module The mail outbox repository, the one module that reads and writes
 * the `mail_outbox` table: queue a mail (inside the caller's transaction),
 * claim due mails with a lease, and settle each attempt.
 */
import type { Kysely } from 'kysely'
import { claimDueRows, type LeaseClaim } from '../db/lease-claim.js'
import type { Database } from '../db/schema.js'
import { isPlainEmailAddress } from '../../shared/email-address.js'

/** A mail as svc writes it: one recipient (a plain address, see `accounts/email-address.ts`), a subject, a text part and an HTML part. */
export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
}

export interface ClaimedMail extends OutgoingMail {
  id: number
  attempts: number
}

/**
 * Queues a mail to be sent as soon as a worker gets to it.
 *
 * @example
 * await db.transaction().execute(async (trx) => { await createUser(trx, input); await queueMail(trx, welcome) })
 */
export async function queueMail(db: Kysely<Database>, mail: OutgoingMail, now = new Date()): Promise<number> {
  // The transport would refuse it anyway; refusing here undoes what the mail was to announce.
  if (!isPlainEmailAddress(mail.to)) throw new Error(`a mail's recipient must be one plain e-mail address, not ${JSON.stringify(mail.to)}`)
  const row = await db
    .insertInto('mail_outbox')
    .values({
      recipient: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      state: 'pending',
      attempts: 0,
      next_attempt_at: now.getTime(),
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * Leases up to `limit` due mails to `owner` until `time + leaseMs`; run it in a transaction.
 *
 * @example
 * const mails = await db.transaction().execute((trx) => claimDueMails(trx, { owner, time: Date.now(), leaseMs: 60_000, limit: 8, skipLocked: false }))
 */
export async function claimDueMails(db: Kysely<Database>, claim: LeaseClaim): Promise<ClaimedMail[]> {
  const ids = await claimDueRows(db, 'mail_outbox', claim)
  if (ids.length === 0) return []
  const claimed = await db
    .selectFrom('mail_outbox')
    .select(['id', 'recipient', 'subject', 'text', 'html', 'attempts'])
    .where('id', 'in', ids)
    .execute()
  return claimed.map(({ recipient, ...mail }) => ({ ...mail, to: recipient }))
}

/**
 * Records an attempt on a mail `owner` still holds and releases the lease:
 * sent, or pending again at `nextAttemptAt` with the error. A sent mail
 * keeps its recipient and subject for the record but not its body: the
 * body carries live links (resets, verifications) whose tokens are
 * otherwise stored only hashed.
 *
 * @example
 * await settleMail(db, { id, owner, attempts: 1, sentAt: new Date().toISOString(), error: null, nextAttemptAt: Date.now() })
 */
export async function settleMail(
  db: Kysely<Database>,
  {
    id,
    owner,
    attempts,
    sentAt,
    error,
    nextAttemptAt,
  }: { id: number; owner: string; attempts: number; sentAt: string | null; error: string | null; nextAttemptAt: number },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      attempts,
      state: sentAt ? 'sent' : 'pending',
      ...(sentAt ? { text: '', html: '' } : {}),
      sent_at: sentAt,
      last_error: error,
      next_attempt_at: nextAttemptAt,
      lease_owner: null,
      lease_expires_at: null,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .execute()
}

/**
 * Mails not yet sent, oldest first: what an operator checks when mail seems stuck.
 *
 * @example
 * const waiting = await pendingMails(db)
 */
export async function pendingMails(db: Kysely<Database>) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'recipient', 'subject', 'attempts', 'last_error', 'created_at', 'next_attempt_at'])
    .where('state', '=', 'pending')
    .orderBy('id')
    .limit(1000)
    .execute()
}
