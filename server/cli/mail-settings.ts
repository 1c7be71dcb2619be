/**
 * @module Reads where mail goes from the environment: `SVC_SMTP_URL`
 * (`smtp://` or `smtps://`, credentials in the URL) and `SVC_MAIL_FROM`;
 * without an SMTP URL, mail is written under the data folder.
 */
import { dirname, join } from 'node:path'
import type { MailTransportOptions } from '../mail/mail-transport.js'
import { UsageError } from './cli-error.js'
import { mailboxFromSetting } from '../../shared/email-address.js'

const DEFAULT_FROM = 'svc <no-reply@localhost>'

/**
 * The transport options the settings ask for; a malformed setting stops the command with its name.
 *
 * @example
 * mailSettingsFrom({ SVC_SMTP_URL: 'smtps://user:pass@mail.example:465' }, './data/svc.db')
 */
export function mailSettingsFrom(env: Record<string, string | undefined>, sqlitePath: string | undefined): MailTransportOptions {
  const smtpUrl = env.SVC_SMTP_URL || undefined
  if (smtpUrl !== undefined) {
    let protocol: string
    try {
      protocol = new URL(smtpUrl).protocol
    } catch {
      throw new UsageError('SVC_SMTP_URL must be a URL such as smtps://user:password@mail.example.com:465')
    }
    if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new UsageError('SVC_SMTP_URL must start with smtp:// or smtps://')
  }
  const from = env.SVC_MAIL_FROM || DEFAULT_FROM
  if (!mailboxFromSetting(from)) throw new UsageError('SVC_MAIL_FROM must be an address such as "Shop <no-reply@shop.example>"')
  const dataFolder = sqlitePath && sqlitePath !== ':memory:' ? dirname(sqlitePath) : 'data'
  return { smtpUrl, from, folder: join(dataFolder, 'mail') }
}
