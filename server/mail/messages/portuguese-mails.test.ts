/**
 * @module The Portuguese mails come in two variants, as the pages do:
 * Brazil's (`pt`, which `pt-BR` and a bare `pt` read) and Portugal's
 * (`pt-PT`, which every other region reads). Neither may use a word only
 * the other writes.
 */
import { describe, expect, it } from 'vitest'
import { DEFAULT_BRANDING as branding } from '../../branding.js'
import { BRAZIL_ONLY, PORTUGAL_ONLY } from '../../i18n/portuguese-variants.js'
import type { MailLocale } from './render-mail.js'
import { confirmNewEmailMail, emailChangeNoticeMail, newEmailTakenMail, passwordChangedMail } from './account-change-mails.js'
import { accountExistsMail } from './account-exists-mail.js'
import { invitationMail } from './invitation-mail.js'
import { resetPasswordMail } from './reset-password-mail.js'
import { signInLinkMail } from './sign-in-link-mail.js'
import { verifyEmailMail } from './verify-email-mail.js'
import { secondFactorMail } from './second-factor-mails.js'
import { endpointDisabledMail } from './endpoint-disabled-mail.js'

const to = 'ana@example.com'
const link = 'https://id.example/x?token=t'

/** Every mail svc sends, in `locale`, greeting Ana by name. */
const everyMail = (locale: MailLocale) => [
  resetPasswordMail({ to, name: 'Ana', link, locale, branding }),
  signInLinkMail({ to, name: 'Ana', link, locale, branding }),
  verifyEmailMail({ to, link, locale, branding }),
  accountExistsMail({ to, resetLink: link, signInLink: link, locale, branding }),
  invitationMail({ to, link, locale, branding }),
  invitationMail({ to, link, locale, branding, inviter: 'Rui', invitedAs: { role: 'marketer', organisation: 'Loja' } }),
  passwordChangedMail({ to, name: 'Ana', link, locale, branding }),
  emailChangeNoticeMail({ to, name: 'Ana', newEmail: 'ana@new.example', link, locale, branding }),
  confirmNewEmailMail({ to, link, locale, branding }),
  newEmailTakenMail({ to, link, locale, branding }),
  ...(
    ['authenticatorAdded', 'authenticatorRemoved', 'authenticatorRemovedByAdmin', 'recoveryCodesRenewed', 'recoveryCodeUsed'] as const
  ).map((change) => secondFactorMail({ change, to, name: 'Ana', link, left: 7, total: 10, locale, branding })),
  endpointDisabledMail({
    to,
    endpoint: { id: 'ep_1', url: 'https://loja.example/hooks', failing_since: '2026-11-20T08:00:00.000Z', disabled_at: '2026-11-25T08:00:00.000Z', recover_from: '2026-11-20T07:59:00.000Z' },
    client: 'Loja',
    window: '5 days',
    link,
    locale,
    branding,
  }),
]

describe('the Portuguese mails', () => {
  it('are Brazilian for pt: none says what only Portugal writes', () => {
    for (const mail of everyMail('pt')) {
      expect(`${mail.subject}\n${mail.text}`).not.toMatch(PORTUGAL_ONLY)
      expect(mail.html).toContain('<html lang="pt">')
    }
  })

  it('are European for pt-PT: none says what only Brazil writes', () => {
    for (const mail of everyMail('pt-PT')) {
      expect(`${mail.subject}\n${mail.text}`).not.toMatch(BRAZIL_ONLY)
      expect(mail.html).toContain('<html lang="pt-PT">')
    }
  })

  it('says "senha" to Brazil and "palavra-passe" to Portugal', () => {
    const brazil = resetPasswordMail({ to, link, locale: 'pt', branding })
    expect(brazil.subject).toBe('Redefina sua senha do svc')
    expect(brazil.text).toContain('Criar uma nova senha:')
    const portugal = resetPasswordMail({ to, link, locale: 'pt-PT', branding })
    expect(portugal.subject).toBe('Reponha a sua palavra-passe do svc')
    expect(portugal.text).toContain('Definir uma nova palavra-passe:')
  })
})
