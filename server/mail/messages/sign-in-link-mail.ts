/**
 * @module The mail "Email me a sign-in link" sends to an account whose
 * owner the login throttle holds back: a link that signs in once.
 */
import type { OutgoingMail } from '../mail-outbox.js'
import type { Branding } from '../../branding.js'
import { type MailLocale, type MailStrings, renderMail } from './render-mail.js'

const STRINGS: Record<MailLocale, MailStrings> = {
  en: {
    subject: 'Your {product} sign-in link',
    paragraphs: ['Someone, perhaps you, asked for a link to sign in to the {product} account {email}.'],
    action: 'Sign in',
    after: [
      'The link works once, for 15 minutes.',
      'If you did not ask for it, ignore this mail: nobody can use the link without it. Many failed sign-ins may have been made at your account; a long password keeps it safe.',
    ],
  },
  de: {
    subject: 'Ihr Anmeldelink für {product}',
    paragraphs: ['jemand, vielleicht Sie, hat einen Link angefordert, um sich beim {product}-Konto {email} anzumelden.'],
    action: 'Anmelden',
    after: [
      'Der Link gilt einmal, 15 Minuten lang.',
      'Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese Mail: Ohne sie kann niemand den Link nutzen. Bei Ihrem Konto gab es vielleicht viele fehlgeschlagene Anmeldeversuche; ein langes Passwort schützt es.',
    ],
  },
  es: {
    subject: 'Tu enlace para iniciar sesión en {product}',
    paragraphs: ['Alguien, quizá tú, ha pedido un enlace para iniciar sesión en la cuenta de {product} {email}.'],
    action: 'Iniciar sesión',
    after: [
      'El enlace sirve una vez, durante 15 minutos.',
      'Si no lo has pedido tú, ignora este correo: nadie puede usar el enlace sin él. Puede que haya habido muchos intentos fallidos en tu cuenta; una contraseña larga la protege.',
    ],
  },
  fr: {
    subject: 'Votre lien de connexion à {product}',
    paragraphs: ['Quelqu’un, peut-être vous, a demandé un lien pour se connecter au compte {product} {email}.'],
    action: 'Se connecter',
    after: [
      'Le lien sert une fois, pendant 15 minutes.',
      'Si vous n’avez rien demandé, ignorez cet e-mail : personne ne peut utiliser le lien sans lui. Votre compte a peut-être subi de nombreuses tentatives de connexion ; un long mot de passe le protège.',
    ],
  },
  it: {
    subject: 'Il tuo link di accesso a {product}',
    paragraphs: ['qualcuno, forse tu, ha chiesto un link per accedere all’account {product} {email}.'],
    action: 'Accedi',
    after: [
      'Il link vale una volta, per 15 minuti.',
      'Se non l’hai chiesto tu, ignora questa e-mail: nessuno può usare il link senza di essa. Il tuo account potrebbe aver ricevuto molti tentativi di accesso falliti; una password lunga lo protegge.',
    ],
  },
  nl: {
    subject: 'Uw inloglink voor {product}',
    paragraphs: ['Iemand, misschien u, heeft een link gevraagd om in te loggen op het {product}-account {email}.'],
    action: 'Inloggen',
    after: [
      'De link werkt één keer, 15 minuten lang.',
      'Hebt u hier niet om gevraagd? Negeer dan deze mail: zonder deze mail kan niemand de link gebruiken. Op uw account zijn misschien veel mislukte inlogpogingen gedaan; een lang wachtwoord beschermt het.',
    ],
  },
  // Brazilian Portuguese (`pt`, `pt-BR`).
  pt: {
    subject: 'Seu link para entrar no {product}',
    paragraphs: ['Alguém, talvez você, pediu um link para entrar na conta {product} {email}.'],
    action: 'Entrar',
    after: [
      'O link funciona uma vez, por 15 minutos.',
      'Se você não fez esse pedido, ignore este e-mail: ninguém consegue usar o link sem ter acesso a ele. Sua conta pode ter recebido muitas tentativas de login; uma senha longa é a melhor proteção.',
    ],
  },
  // European Portuguese (Portugal and every other region).
  'pt-PT': {
    subject: 'O seu link para iniciar sessão no {product}',
    paragraphs: ['Recebemos um pedido de um link para iniciar sessão na conta {product} {email}.'],
    action: 'Iniciar sessão',
    after: [
      'O link funciona uma vez, durante 15 minutos.',
      'Se não fez este pedido, ignore este email: ninguém pode utilizar o link sem o receber. A sua conta pode ter sido alvo de muitas tentativas de início de sessão; uma palavra-passe longa é a melhor proteção.',
    ],
  },
}

/**
 * The sign-in link mail, with its link.
 *
 * @example
 * await queueMail(trx, signInLinkMail({ to: user.email, name: nameToGreet(user), link, branding }))
 */
export function signInLinkMail({
  to,
  name,
  link,
  locale = 'en',
  branding,
}: {
  to: string
  /** Greeted only when given: pass `nameToGreet(user)`. */
  name?: string
  link: string
  locale?: MailLocale
  /** The deployment's product name, logo and colour. */
  branding: Branding
}): OutgoingMail {
  return renderMail(to, STRINGS[locale], { name, email: to }, link, locale, branding)
}
