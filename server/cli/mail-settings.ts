/**
 * @module Where mail goes, from the settings `SVC_SMTP_URL` (`smtp://` or
 * `smtps://`, credentials in the URL) and `SVC_MAIL_FROM`, checked in
 * settings.ts; without an SMTP URL, mail is written under the data folder.
 */
import { dirname, join } from 'node:path'
import type { MailTransportOptions } from '../mail/mail-transport.js'
import type { Settings } from '../settings.js'

/** The settings the mail transport is made of. */
export const MAIL_SETTINGS = ['smtpUrl', 'mailFrom'] as const

/**
 * The transport options the settings ask for.
 *
 * @example
 * mailSettingsFrom(readSettings({}, { SVC_SMTP_URL: 'smtps://user:pass@mail.example:465' }))
 */
export function mailSettingsFrom({
  smtpUrl,
  mailFrom,
  databaseUrl,
  sqlitePath,
}: Pick<Settings, (typeof MAIL_SETTINGS)[number] | 'databaseUrl' | 'sqlitePath'>): MailTransportOptions {
  // Beside the SQLite file; on PostgreSQL, or a database kept in memory, under ./data.
  const dataFolder = databaseUrl === undefined && sqlitePath !== ':memory:' ? dirname(sqlitePath) : 'data'
  return { smtpUrl, from: mailFrom, folder: join(dataFolder, 'mail') }
}
