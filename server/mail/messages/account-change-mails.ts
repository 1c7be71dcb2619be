/**
 * @module The mails the account page's changes send: the password
 * changed (to the account's address); a change of address asked for (a
 * notice to the old address, and to the new one either the link that
 * confirms it or, when the new address has an account already, a mail
 * saying so, so the page answers the same either way).
 */
import type { OutgoingMail } from '../mail-outbox.js'
import { type MailLocale, type MailStrings, renderMail } from './render-mail.js'

type Kind = 'passwordChanged' | 'emailChangeNotice' | 'confirmNewEmail' | 'newEmailTaken'

const STRINGS: Record<MailLocale, Record<Kind, MailStrings>> = {
  en: {
    passwordChanged: {
      subject: 'Your svc password was changed',
      paragraphs: [
        'Hello {name},',
        'The password of the svc account {email} was just changed on its account page. Every other session was signed out.',
      ],
      action: 'Set a new password',
      after: [
        'If it was you, there is nothing to do.',
        'If it was not you, set a new password through this link at once; it works once, for 30 minutes.',
      ],
    },
    emailChangeNotice: {
      subject: 'Your svc account is changing its e-mail address',
      paragraphs: [
        'Hello {name},',
        'Someone signed in to the svc account {email} asked to change its address to {newEmail}. Nothing changes until that address confirms it.',
      ],
      action: 'Open your account page',
      after: [
        'If it was not you, change your password on your account page: the link sent to {newEmail} then still works, so also tell us.',
      ],
    },
    confirmNewEmail: {
      subject: 'Confirm your new e-mail address for svc',
      paragraphs: ['Hello {name},', 'To make {email} the address of your svc account, confirm it.'],
      action: 'Confirm e-mail address',
      after: [
        'The link works once, for 24 hours. Until then your account keeps its old address.',
        'If you did not ask for this, ignore this mail.',
      ],
    },
    newEmailTaken: {
      subject: 'You already have an svc account',
      paragraphs: [
        'Hello,',
        'Someone, perhaps you, asked to move another svc account to {email}. You already have an account with this address, so nothing changed.',
      ],
      action: 'Sign in',
      after: ['If it was not you, ignore this mail: your account is unchanged.'],
    },
  },
}

/**
 * The "your password was changed" mail; `link` is where to reset it.
 *
 * @example
 * await queueMail(trx, passwordChangedMail({ to: user.email, name: user.name, link: `${issuer}/forgot-password` }), now)
 */
export const passwordChangedMail = ({
  to,
  name,
  link,
  locale = 'en',
}: {
  to: string
  name: string
  link: string
  locale?: MailLocale
}): OutgoingMail => renderMail(to, STRINGS[locale].passwordChanged, { name, email: to }, link)

/**
 * The notice to the old address that a change to `newEmail` was asked for; `link` opens the account page.
 *
 * @example
 * await queueMail(trx, emailChangeNoticeMail({ to: user.email, name: user.name, newEmail, link }), now)
 */
export const emailChangeNoticeMail = ({
  to,
  name,
  newEmail,
  link,
  locale = 'en',
}: {
  to: string
  name: string
  newEmail: string
  link: string
  locale?: MailLocale
}): OutgoingMail => renderMail(to, STRINGS[locale].emailChangeNotice, { name, email: to, newEmail }, link)

/**
 * The link that makes `to` the account's address.
 *
 * @example
 * await queueMail(trx, confirmNewEmailMail({ to: newEmail, name: user.name, link }), now)
 */
export const confirmNewEmailMail = ({
  to,
  name,
  link,
  locale = 'en',
}: {
  to: string
  name: string
  link: string
  locale?: MailLocale
}): OutgoingMail => renderMail(to, STRINGS[locale].confirmNewEmail, { name, email: to }, link)

/**
 * Sent instead of the link when `to` has an account already.
 *
 * @example
 * await queueMail(trx, newEmailTakenMail({ to: newEmail, link: `${issuer}/login` }), now)
 */
export const newEmailTakenMail = ({ to, link, locale = 'en' }: { to: string; link: string; locale?: MailLocale }): OutgoingMail =>
  renderMail(to, STRINGS[locale].newEmailTaken, { email: to }, link)
