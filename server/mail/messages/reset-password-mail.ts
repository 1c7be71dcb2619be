/**
 * @module The mail "Forgot password?" sends to an existing account: a link
 * to set a new password.
 */
import type { OutgoingMail } from '../mail-outbox.js'
import type { Branding } from '../../branding.js'
import { type MailLocale, type MailStrings, renderMail } from './render-mail.js'

const STRINGS: Record<MailLocale, MailStrings> = {
  en: {
    subject: 'Reset your {product} password',
    paragraphs: ['Someone, perhaps you, asked to reset the password of the {product} account {email}.'],
    action: 'Set a new password',
    after: [
      'The link works once, for 30 minutes. Setting a new password signs you out everywhere else.',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
  },
  de: {
    subject: 'Setzen Sie Ihr {product}-Passwort zurück',
    paragraphs: ['jemand, vielleicht Sie, möchte das Passwort des {product}-Kontos {email} zurücksetzen.'],
    action: 'Neues Passwort festlegen',
    after: [
      'Der Link gilt einmal, 30 Minuten lang. Ein neues Passwort meldet Sie überall sonst ab.',
      'Wenn Sie das nicht angefordert haben, ignorieren Sie diese Mail: Ihr Passwort bleibt, wie es ist.',
    ],
  },
  es: {
    subject: 'Restablece tu contraseña de {product}',
    paragraphs: ['Alguien, quizá tú, ha pedido restablecer la contraseña de la cuenta de {product} {email}.'],
    action: 'Establecer una contraseña nueva',
    after: [
      'El enlace sirve una vez, durante 30 minutos. Al establecer una contraseña nueva se cerrarán tus demás sesiones.',
      'Si no lo has pedido tú, ignora este correo: tu contraseña sigue como está.',
    ],
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe {product}',
    paragraphs: ['Quelqu’un, peut-être vous, a demandé à réinitialiser le mot de passe du compte {product} {email}.'],
    action: 'Définir un nouveau mot de passe',
    after: [
      'Le lien sert une fois, pendant 30 minutes. Définir un nouveau mot de passe vous déconnecte partout ailleurs.',
      'Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste tel quel.',
    ],
  },
  it: {
    subject: 'Reimposta la tua password di {product}',
    paragraphs: ['qualcuno, forse tu, ha chiesto di reimpostare la password dell’account {product} {email}.'],
    action: 'Imposta una nuova password',
    after: [
      'Il link vale una volta, per 30 minuti. Impostare una nuova password ti disconnette ovunque altrove.',
      'Se non l’hai chiesto tu, ignora questa e-mail: la tua password resta com’è.',
    ],
  },
  nl: {
    subject: 'Stel uw {product}-wachtwoord opnieuw in',
    paragraphs: ['Iemand, misschien u, heeft gevraagd het wachtwoord van het {product}-account {email} opnieuw in te stellen.'],
    action: 'Nieuw wachtwoord instellen',
    after: [
      'De link werkt één keer, 30 minuten lang. Met een nieuw wachtwoord wordt u overal elders uitgelogd.',
      'Hebt u hier niet om gevraagd? Negeer dan deze mail: uw wachtwoord blijft zoals het is.',
    ],
  },
  // Brazilian Portuguese (`pt`, `pt-BR`).
  pt: {
    subject: 'Redefina sua senha do {product}',
    paragraphs: ['Alguém, talvez você, pediu para redefinir a senha da conta {product} {email}.'],
    action: 'Criar uma nova senha',
    after: [
      'O link funciona uma vez, por 30 minutos. Ao criar uma nova senha, você sai de todos os outros lugares onde entrou.',
      'Se você não fez esse pedido, ignore este e-mail: sua senha continua a mesma.',
    ],
  },
  // European Portuguese (Portugal and every other region).
  'pt-PT': {
    subject: 'Reponha a sua palavra-passe do {product}',
    paragraphs: ['Recebemos um pedido para repor a palavra-passe da conta {product} {email}.'],
    action: 'Definir uma nova palavra-passe',
    after: [
      'O link funciona uma vez, durante 30 minutos. Definir uma nova palavra-passe termina a sessão em todos os outros locais.',
      'Se não fez este pedido, ignore este email: a sua palavra-passe fica como está.',
    ],
  },
}

/**
 * The password-reset mail, with its link.
 *
 * @example
 * await queueMail(trx, resetPasswordMail({ to: user.email, name: nameToGreet(user), link, branding }))
 */
export function resetPasswordMail({
  to,
  name,
  link,
  locale = 'en',
  branding,
}: {
  to: string
  /** Greeted only when given: pass `nameToGreet(user)`, which gives none to an address never confirmed. */
  name?: string | undefined
  link: string
  locale?: MailLocale
  /** The deployment's product name, logo and colour. */
  branding: Branding
}): OutgoingMail {
  return renderMail(to, STRINGS[locale], { name, email: to }, link, locale, branding)
}
