/**
 * @module The mail a new account gets: confirm the address, which also
 * signs the visitor in and continues where they signed up.
 */
import type { OutgoingMail } from '../mail-outbox.js'
import { type MailLocale, type MailStrings, renderMail } from './render-mail.js'

const STRINGS: Record<MailLocale, MailStrings> = {
  en: {
    subject: 'Confirm your e-mail address for svc',
    paragraphs: ['Hello {name},', 'To finish creating your svc account, confirm that {email} is your address.'],
    action: 'Confirm e-mail address',
    after: [
      'The link works once, for 24 hours.',
      'If you did not create an account at svc, ignore this mail: nobody can use the address without this link.',
    ],
  },
}

/**
 * The verification mail, with its link.
 *
 * @example
 * await queueMail(trx, verifyEmailMail({ to: user.email, name: user.name, link }))
 */
export function verifyEmailMail({
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
