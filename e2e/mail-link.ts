/**
 * @module Reads the svc link out of a mail the test SMTP server received,
 * as a person clicking it in their mail reader would get it.
 */
import type { SmtpReceiver } from '../server/testing/smtp-receiver.js'

/**
 * The `path?token=…` link of mail number `seen` (waiting up to 15 s for it), quoted-printable undone.
 *
 * @example
 * await page.goto(await nextLink(smtp, 0, '/verify-email'))
 */
export async function nextLink(smtp: SmtpReceiver, seen: number, path: string): Promise<string> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    const mail = smtp.received[seen]
    if (mail) {
      const text = mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      const link = new RegExp(`https?://[^\\s"<>]+${path}\\?token=[\\w-]+`).exec(text)?.[0]
      if (!link) throw new Error(`no ${path} link in the mail: ${text.slice(0, 500)}`)
      return link
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('no mail arrived')
}
