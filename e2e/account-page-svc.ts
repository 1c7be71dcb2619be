/**
 * @module The start-up the account page's browser tests share: svc on a
 * fresh SQLite file, sending its mails to a test SMTP receiver (so a test
 * follows the links a person would get), and a Chromium to drive it.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { type SmtpReceiver, startSmtpReceiver } from '../server/testing/smtp-receiver.js'
import { type RunningBff, startBff } from './bff-process.js'
import { lendChromium } from './chromium.js'

export interface AccountPageSvc {
  bff: RunningBff
  smtp: SmtpReceiver
  browser: Browser
  /** The SQLite file, for `svcBff(…, '--db', db)`. */
  db: string
  /** svc's address. */
  base: string
  /** Closes the browser, stops svc and the receiver. */
  stop(): Promise<void>
}

/**
 * Starts svc (with `args` after `--db`) mailing to a fresh receiver, and lends a Chromium.
 *
 * @example
 * beforeAll(async () => (svc = await startAccountPageSvc('svc-account-page-')), 60_000)
 * afterAll(() => svc?.stop())
 */
export async function startAccountPageSvc(prefix: string, args: string[] = []): Promise<AccountPageSvc> {
  const smtp = await startSmtpReceiver()
  const db = join(mkdtempSync(join(tmpdir(), prefix)), 'svc.db')
  const bff = await startBff(['--db', db, ...args], { SVC_SMTP_URL: smtp.url, SVC_MAIL_FROM: 'svc <no-reply@svc.example>' })
  const browser = await lendChromium()
  return {
    bff,
    smtp,
    browser,
    db,
    base: bff.started.url,
    stop: async () => {
      await browser.close()
      await bff.stop()
      await smtp.close()
    },
  }
}
