/**
 * @module The mail "Forgot password?" sends to an existing account: a link
 * to set a new password.
 */
import type { OutgoingMail } from '../mail-outbox.js'
import { type MailLocale, type MailStrings, renderMail } from './render-mail.js'

const STRINGS: Record<MailLocale, MailStrings> = {
  en: {
    subject: 'Reset your svc password',
    paragraphs: ['Hello {name},', 'Someone, perhaps you, asked to reset the password of the svc account {email}.'],
    action: 'Set a new password',
    after: [
      'The link works once, for 30 minutes. Setting a new password signs you out everywhere else.',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
  },
}

/**
 * The password-reset mail, with its link.
 *
 * @example
 * await queueMail(trx, resetPasswordMail({ to: user.email, name: user.name, link }))
 */
export function resetPasswordMail({
  to,
  name,
  link,
  locale = 'en',
}: {
  to: string
  name: string
  link: string
  locale?: MailLocale
}): OutgoingMail {
  return renderMail(to, STRINGS[locale], { name, email: to }, link)
}
