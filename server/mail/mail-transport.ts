/**
 * @module How a mail leaves svc: over SMTP (nodemailer, from
 * `SVC_SMTP_URL`), or, with no SMTP server configured, as an `.eml` file in
 * the data folder with its links in the log, so `npm start` works offline
 * (as Authelia's filesystem notifier does). nodemailer is handed the
 * sender and the recipient as `{ name, address }` objects, never strings:
 * it parses a string as an address list, so a stored `x,victim@mail.example`
 * would reach a second mailbox.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Transporter } from 'nodemailer'
import { log } from '../log.js'
import { loadedOnFirstUse } from '../loaded-on-first-use.js'
import type { OutgoingMail } from './mail-outbox.js'
import { isPlainEmailAddress, type Mailbox, mailboxFromSetting } from '../../shared/email-address.js'

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

// Loaded by the first mail, not at start: most starts send none.
const nodemailer = loadedOnFirstUse('nodemailer', 'sending mail', async () => (await import('nodemailer')).default)

/**
 * Makes the transport the settings ask for.
 *
 * @example
 * const transport = mailTransport({ smtpUrl: settings.smtpUrl, from: 'svc <no-reply@example.com>', folder: './data/mail' })
 */
export function mailTransport({ smtpUrl, from, folder }: MailTransportOptions): MailTransport {
  const sender = mailboxFromSetting(from)
  if (!sender) throw new Error(`the sender must be one mailbox such as "Shop <no-reply@shop.example>", not ${JSON.stringify(from)}`)
  if (smtpUrl) {
    const url = new URL(smtpUrl)
    let smtp: Transporter | undefined
    return {
      destination: `${url.protocol}//${url.host}`,
      async send(mail) {
        smtp ??= (await nodemailer()).createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS })
        await smtp.sendMail(message(sender, mail))
      },
      close: () => smtp?.close(),
    }
  }
  let stream: Transporter | undefined
  return {
    destination: folder,
    async send(mail) {
      stream ??= (await nodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
      const { message: eml } = (await stream.sendMail(message(sender, mail))) as { message: Buffer }
      mkdirSync(folder, { recursive: true, mode: 0o700 })
      const path = join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`)
      // Mails carry sign-in links: readable by svc's user only.
      writeFileSync(path, eml, { mode: 0o600, flag: 'wx' })
      log('info', `mail to ${mail.to} written to ${path}`, { subject: mail.subject, links: linksIn(mail.text) })
    },
    close: () => undefined,
  }
}

/** What nodemailer sends: addresses as objects, and a recipient checked again (rows older than the rule exist). */
function message(sender: Mailbox, { to, subject, text, html }: OutgoingMail) {
  if (!isPlainEmailAddress(to)) throw new Error(`not sent: the recipient ${JSON.stringify(to)} is not one plain e-mail address`)
  return { from: sender, to: { name: '', address: to }, subject, text, html }
}

/** The http(s) links of a text, so an operator without SMTP can follow them from the log. */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? []
}
