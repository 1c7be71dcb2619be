/**
 * @module The mail a new account gets: confirm the address, which also
 * signs the visitor in and continues where they signed up. It greets no
 * one by name: the address is not proven, and whoever typed it typed the
 * name too.
 */
import type { OutgoingMail } from '../mail-outbox.js'
import type { Branding } from '../../branding.js'
import { type MailLocale, type MailStrings, renderMail } from './render-mail.js'

const STRINGS: Record<MailLocale, MailStrings> = {
  en: {
    subject: 'Confirm your e-mail address for {product}',
    paragraphs: ['To finish creating your {product} account, confirm that {email} is your address.'],
    action: 'Confirm e-mail address',
    after: [
      'The link works once, for 24 hours.',
      'If you did not create an account at {product}, ignore this mail: nobody can use the address without this link.',
    ],
  },
  de: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse für {product}',
    paragraphs: ['um Ihr {product}-Konto fertig anzulegen, bestätigen Sie, dass {email} Ihre Adresse ist.'],
    action: 'E-Mail-Adresse bestätigen',
    after: [
      'Der Link gilt einmal, 24 Stunden lang.',
      'Wenn Sie kein Konto bei {product} angelegt haben, ignorieren Sie diese Mail: Ohne diesen Link kann niemand die Adresse verwenden.',
    ],
  },
  es: {
    subject: 'Confirma tu dirección de correo para {product}',
    paragraphs: ['Para terminar de crear tu cuenta de {product}, confirma que {email} es tu dirección.'],
    action: 'Confirmar dirección de correo',
    after: [
      'El enlace sirve una vez, durante 24 horas.',
      'Si no has creado una cuenta en {product}, ignora este correo: nadie puede usar la dirección sin este enlace.',
    ],
  },
  fr: {
    subject: 'Confirmez votre adresse e-mail pour {product}',
    paragraphs: ['Pour terminer la création de votre compte {product}, confirmez que {email} est bien votre adresse.'],
    action: 'Confirmer l’adresse e-mail',
    after: [
      'Le lien sert une fois, pendant 24 heures.',
      'Si vous n’avez pas créé de compte sur {product}, ignorez cet e-mail : personne ne peut utiliser l’adresse sans ce lien.',
    ],
  },
  it: {
    subject: 'Conferma il tuo indirizzo e-mail per {product}',
    paragraphs: ['per completare la creazione del tuo account {product}, conferma che {email} è il tuo indirizzo.'],
    action: 'Conferma indirizzo e-mail',
    after: [
      'Il link vale una volta, per 24 ore.',
      'Se non hai creato un account su {product}, ignora questa e-mail: nessuno può usare l’indirizzo senza questo link.',
    ],
  },
  nl: {
    subject: 'Bevestig uw e-mailadres voor {product}',
    paragraphs: ['Bevestig dat {email} uw adres is om uw {product}-account af te maken.'],
    action: 'E-mailadres bevestigen',
    after: [
      'De link werkt één keer, 24 uur lang.',
      'Hebt u geen account bij {product} gemaakt? Negeer dan deze mail: zonder deze link kan niemand het adres gebruiken.',
    ],
  },
  // Brazilian Portuguese (`pt`, `pt-BR`).
  pt: {
    subject: 'Confirme seu e-mail no {product}',
    paragraphs: ['Para terminar de criar sua conta no {product}, confirme que {email} é o seu e-mail.'],
    action: 'Confirmar e-mail',
    after: [
      'O link funciona uma vez, por 24 horas.',
      'Se você não criou uma conta no {product}, ignore este e-mail: ninguém consegue usar o endereço sem este link.',
    ],
  },
  // European Portuguese (Portugal and every other region).
  'pt-PT': {
    subject: 'Confirme o seu endereço de email para o {product}',
    paragraphs: ['Para concluir a criação da sua conta {product}, confirme que {email} é o seu endereço.'],
    action: 'Confirmar endereço de email',
    after: [
      'O link funciona uma vez, durante 24 horas.',
      'Se não criou uma conta no {product}, ignore este email: ninguém pode utilizar o endereço sem este link.',
    ],
  },
}

/**
 * The verification mail, with its link.
 *
 * @example
 * await queueMail(trx, verifyEmailMail({ to: user.email, link, branding }))
 */
export function verifyEmailMail({
  to,
  link,
  locale = 'en',
  branding,
}: {
  to: string
  link: string
  locale?: MailLocale
  /** The deployment's product name, logo and colour. */
  branding: Branding
}): OutgoingMail {
  return renderMail(to, STRINGS[locale], { email: to }, link, locale, branding)
}
