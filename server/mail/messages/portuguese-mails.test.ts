/**
 * @module The Portuguese mails read as their own in Portugal and Brazil
 * alike: one `pt` table serves both (pt-BR reads pt), so no mail may use a
 * word only one side uses where the two differ.
 */
import { describe, expect, it } from 'vitest'
import { DEFAULT_BRANDING as branding } from '../../branding.js'
import { confirmNewEmailMail, emailChangeNoticeMail, newEmailTakenMail, passwordChangedMail } from './account-change-mails.js'
import { accountExistsMail } from './account-exists-mail.js'
import { invitationMail } from './invitation-mail.js'
import { resetPasswordMail } from './reset-password-mail.js'
import { signInLinkMail } from './sign-in-link-mail.js'
import { verifyEmailMail } from './verify-email-mail.js'

const to = 'ana@example.com'
const link = 'https://id.example/x?token=t'
const locale = 'pt' as const
/** Words (and forms) only one of the two uses: Portugal's first, then Brazil's. */
const ONE_SIDE_ONLY =
  /palavras?-passe|ligaç(ão|ões)|enviámos|\brepo(r|nha)\b|reposição|equipa\b|sítios|\bo próprio\b|convidou-o|-lhe\b|\bcar[aá]ter\b|\bequipe\b|\bcadastr|\bvocê\b|\bprecisa fazer\b/i

describe('the Portuguese mails', () => {
  it.each([
    ['reset', resetPasswordMail({ to, link, locale, branding })],
    ['sign-in link', signInLinkMail({ to, link, locale, branding })],
    ['confirmation', verifyEmailMail({ to, link, locale, branding })],
    ['account exists', accountExistsMail({ to, resetLink: link, signInLink: link, locale, branding })],
    ['invitation', invitationMail({ to, link, locale, branding })],
    [
      'invitation as a role',
      invitationMail({ to, link, locale, branding, inviter: 'Rui', invitedAs: { role: 'marketer', organisation: 'Loja' } }),
    ],
    ['password changed', passwordChangedMail({ to, link, locale, branding })],
    ['address change notice', emailChangeNoticeMail({ to, newEmail: 'ana@new.example', link, locale, branding })],
    ['new address', confirmNewEmailMail({ to, link, locale, branding })],
    ['new address taken', newEmailTakenMail({ to, link, locale, branding })],
  ])('%s uses words both Portugal and Brazil read as their own', (_, mail) => {
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(ONE_SIDE_ONLY)
  })

  it('says "senha" for the password', () => {
    const mail = resetPasswordMail({ to, link, locale, branding })
    expect(mail.subject).toBe('Redefina a sua senha do svc')
    expect(mail.text).toContain('Definir uma nova senha')
  })
})
