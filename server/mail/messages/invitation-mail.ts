/**
 * @module The mail an invitation sends: who invited the person, and a
 * link to choose a password for the account made for them.
 */
import type { OutgoingMail } from '../mail-outbox.js'
import { type MailLocale, type MailStrings, renderMail } from './render-mail.js'

const STRINGS: Record<MailLocale, MailStrings> = {
  en: {
    subject: 'You are invited to svc',
    paragraphs: ['Hello {name},', '{inviter} invited you to svc. Your account is {email}; choose a password to start using it.'],
    action: 'Choose your password',
    after: [
      'The link works once, for 7 days. Choosing a password confirms your e-mail address and signs you in.',
      'If you did not expect this invitation, ignore this mail: nobody can use the account without the link.',
    ],
  },
}

/**
 * The invitation mail, with its link.
 *
 * @example
 * await queueMail(trx, invitationMail({ to: user.email, name: user.name, inviter: 'An operator', link }))
 */
export function invitationMail({
  to,
  name,
  inviter,
  link,
  locale = 'en',
}: {
  to: string
  name: string
  inviter: string
  link: string
  locale?: MailLocale
}): OutgoingMail {
  return renderMail(to, STRINGS[locale], { name, email: to, inviter }, link)
}
