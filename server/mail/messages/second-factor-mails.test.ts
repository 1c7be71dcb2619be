/**
 * @module The second-factor mails' advice must be one a person can
 * follow: after an authenticator app they did not set up, the account
 * page cannot remove it (that asks for a code only the intruder's app
 * shows), so the mail sends them to the administrator, in every language.
 */
import { describe, expect, it } from 'vitest'
import { DEFAULT_BRANDING as branding } from '../../branding.js'
import type { MailLocale } from './render-mail.js'
import { secondFactorMail } from './second-factor-mails.js'

const LOCALES: MailLocale[] = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pt-PT']

describe('the mail of an authenticator app set up', () => {
  it.each(LOCALES)(
    'in %s, says to reset the password and have the administrator remove the app, by People or the command line',
    (locale) => {
      const mail = secondFactorMail({
        change: 'authenticatorAdded',
        to: 'ana@example.com',
        link: 'https://id.example/console/account',
        locale,
        branding,
      })
      expect(mail.text).toContain('svc-bff user second-factor remove')
      expect(mail.text).toContain('People')
      expect(mail.text).toContain(branding.name)
      expect(mail.text).not.toContain('{product}')
    },
  )

  it('no longer tells a person to remove the app on their account page, which needs the app’s code', () => {
    const mail = secondFactorMail({
      change: 'authenticatorAdded',
      to: 'ana@example.com',
      link: 'https://id.example/console/account',
      branding,
    })
    expect(mail.text).toMatch(/reset your password now \(that signs everyone out\), and ask the administrator of .+ to remove the app/)
    expect(mail.text).not.toMatch(/remove the app on your account page/)
  })
})
