/**
 * @module The mail sent instead of a second account when someone signs up
 * with an address that has one: it says so and offers a password reset,
 * so the sign-up page can answer the same whether the address is taken.
 */
import type { OutgoingMail } from '../mail-outbox.js'
import { type MailLocale, type MailStrings, renderMail } from './render-mail.js'

const STRINGS: Record<MailLocale, MailStrings> = {
  en: {
    subject: 'You already have an svc account',
    paragraphs: [
      'Hello,',
      'Someone, perhaps you, tried to create an svc account with {email}. You already have one, so no new account was made.',
      'If you forgot your password, set a new one here; this also confirms your address:',
    ],
    action: 'Set a new password',
    after: [
      'The link works once, for 30 minutes. Otherwise, sign in as usual at {signin}.',
      'If it was not you, ignore this mail: your account is unchanged.',
    ],
  },
}

/**
 * The "you already have an account" mail, with a password-reset link.
 *
 * @example
 * await queueMail(trx, accountExistsMail({ to: user.email, resetLink, signInLink: `${issuer}/login` }))
 */
export function accountExistsMail({
  to,
  resetLink,
  signInLink,
  locale = 'en',
}: {
  to: string
  resetLink: string
  signInLink: string
  locale?: MailLocale
}): OutgoingMail {
  return renderMail(to, STRINGS[locale], { email: to, signin: signInLink }, resetLink)
}
