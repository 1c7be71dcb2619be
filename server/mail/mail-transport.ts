/**
 * @module How a mail leaves svc: over SMTP (nodemailer, from
 * `SVC_SMTP_URL`), or, with no SMTP server configured, as an `.eml` file in
 * the data folder with its links in the log, so `npm start` works offline
 * (as Authelia's filesystem notifier does).
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import { log } from '../log.js'
import type { OutgoingMail } from './mail-outbox.js'

export interface MailTransport {
  /** Hands one mail over; rejects when it was not accepted, so the outbox tries again. */
  send(mail: OutgoingMail): Promise<void>
  /** Where mail goes, for the start-up banner: `smtp://host:port` or the folder. */
  destination: string
  close(): void
}

export interface MailTransportOptions {
  /** `smtp://user:pass@host:587` or `smtps://…:465`; without it, mail is written to `folder`. */
  smtpUrl?: string
  /** The From header, e.g. `svc <no-reply@example.com>`. */
  from: string
  /** Where `.eml` files go when there is no SMTP server. */
  folder: string
}

// A stalled server must not hold a worker slot for long: the outbox retries.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }

/**
 * Makes the transport the settings ask for.
 *
 * @example
 * const transport = mailTransport({ smtpUrl: process.env.SVC_SMTP_URL, from: 'svc <no-reply@example.com>', folder: './data/mail' })
 */
export function mailTransport({ smtpUrl, from, folder }: MailTransportOptions): MailTransport {
  if (smtpUrl) {
    const url = new URL(smtpUrl)
    const smtp = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS })
    return {
      destination: `${url.protocol}//${url.host}`,
      async send(mail) {
        await smtp.sendMail({ from, ...mail })
      },
      close: () => smtp.close(),
    }
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    destination: folder,
    async send(mail) {
      const { message } = (await stream.sendMail({ from, ...mail })) as { message: Buffer }
      mkdirSync(folder, { recursive: true, mode: 0o700 })
      const path = join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`)
      // Mails carry sign-in links: readable by svc's user only.
      writeFileSync(path, message, { mode: 0o600, flag: 'wx' })
      log('info', `mail to ${mail.to} written to ${path}`, { subject: mail.subject, links: linksIn(mail.text) })
    },
    close: () => undefined,
  }
}

/** The http(s) links of a text, so an operator without SMTP can follow them from the log. */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? []
}
