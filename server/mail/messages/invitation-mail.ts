/**
 * @module The mail an invitation sends: who invited the person, as what
 * and into which organisation, and a link to choose a password for the
 * account made for them. It greets no
 * one by name: the invitee's name was typed by the inviter, and the address
 * is not proven yet. The inviter is an operator or an organisation admin,
 * accounts an operator trusted, so their name is shown.
 */
import type { OutgoingMail } from '../mail-outbox.js'
import type { Branding } from '../../branding.js'
import { type MailLocale, type MailStrings, renderMail } from './render-mail.js'

const STRINGS: Record<MailLocale, MailStrings> = {
  en: {
    subject: 'You are invited to {product}',
    paragraphs: ['{inviter} invited you to {product}. Your account is {email}; choose a password to start using it.'],
    action: 'Choose your password',
    after: [
      'The link works once, for 7 days. Choosing a password confirms your e-mail address and signs you in.',
      'If you did not expect this invitation, ignore this mail: nobody can use the account without the link.',
    ],
  },
  de: {
    subject: 'Sie sind zu {product} eingeladen',
    paragraphs: ['{inviter} hat Sie zu {product} eingeladen. Ihr Konto ist {email}; wählen Sie ein Passwort, um es zu nutzen.'],
    action: 'Passwort wählen',
    after: [
      'Der Link gilt einmal, 7 Tage lang. Mit dem Passwort bestätigen Sie Ihre E-Mail-Adresse und werden angemeldet.',
      'Wenn Sie diese Einladung nicht erwartet haben, ignorieren Sie diese Mail: Ohne den Link kann niemand das Konto nutzen.',
    ],
  },
  es: {
    subject: 'Te han invitado a {product}',
    paragraphs: ['{inviter} te ha invitado a {product}. Tu cuenta es {email}; elige una contraseña para empezar a usarla.'],
    action: 'Elegir tu contraseña',
    after: [
      'El enlace sirve una vez, durante 7 días. Al elegir una contraseña confirmas tu dirección de correo e inicias sesión.',
      'Si no esperabas esta invitación, ignora este correo: nadie puede usar la cuenta sin el enlace.',
    ],
  },
  fr: {
    subject: 'Vous êtes invité sur {product}',
    paragraphs: [
      '{inviter} vous a invité sur {product}. Votre compte est {email} ; choisissez un mot de passe pour commencer à l’utiliser.',
    ],
    action: 'Choisir votre mot de passe',
    after: [
      'Le lien sert une fois, pendant 7 jours. Choisir un mot de passe confirme votre adresse e-mail et vous connecte.',
      'Si vous n’attendiez pas cette invitation, ignorez cet e-mail : personne ne peut utiliser le compte sans le lien.',
    ],
  },
  it: {
    subject: 'Sei invitato su {product}',
    paragraphs: ['{inviter} ti ha invitato su {product}. Il tuo account è {email}; scegli una password per iniziare a usarlo.'],
    action: 'Scegli la tua password',
    after: [
      'Il link vale una volta, per 7 giorni. Scegliere una password conferma il tuo indirizzo e-mail e ti fa accedere.',
      'Se non aspettavi questo invito, ignora questa e-mail: nessuno può usare l’account senza il link.',
    ],
  },
  nl: {
    subject: 'U bent uitgenodigd voor {product}',
    paragraphs: ['{inviter} heeft u uitgenodigd voor {product}. Uw account is {email}; kies een wachtwoord om het te gaan gebruiken.'],
    action: 'Kies uw wachtwoord',
    after: [
      'De link werkt één keer, 7 dagen lang. Met een wachtwoord bevestigt u uw e-mailadres en wordt u ingelogd.',
      'Verwachtte u deze uitnodiging niet? Negeer dan deze mail: zonder de link kan niemand het account gebruiken.',
    ],
  },
  // Brazilian Portuguese (`pt`, `pt-BR`).
  pt: {
    subject: 'Convite para o {product}',
    paragraphs: ['{inviter} convidou você para o {product}. Sua conta é {email}; escolha uma senha para começar a usá-la.'],
    action: 'Escolher sua senha',
    after: [
      'O link funciona uma vez, por 7 dias. Ao escolher uma senha, você confirma seu e-mail e já entra na conta.',
      'Se você não esperava este convite, ignore este e-mail: ninguém consegue usar a conta sem o link.',
    ],
  },
  // European Portuguese (Portugal and every other region).
  'pt-PT': {
    subject: 'Convite para o {product}',
    paragraphs: [
      '{inviter} enviou-lhe um convite para o {product}. A sua conta é {email}; escolha uma palavra-passe para começar a utilizá-la.',
    ],
    action: 'Escolher a sua palavra-passe',
    after: [
      'O link funciona uma vez, durante 7 dias. Escolher uma palavra-passe confirma o seu endereço de email e inicia sessão.',
      'Se não esperava este convite, ignore este email: ninguém pode utilizar a conta sem o link.',
    ],
  },
}

/** Who invites when no person is named (the command line's invitations). */
const THE_TEAM: Record<MailLocale, string> = {
  en: 'The {product} team',
  de: 'Das {product}-Team',
  es: 'El equipo de {product}',
  fr: 'L’équipe {product}',
  it: 'Il team di {product}',
  nl: 'Het {product}-team',
  pt: 'A equipe do {product}',
  'pt-PT': 'A equipa do {product}',
}

/**
 * The first sentence when the invitation has a role (and an organisation):
 * the mail then says what the person is invited to do and for whom. Role
 * words are the console's, in every language, as the console shows them.
 */
const INVITED_AS: Record<MailLocale, { inOrganisation: string; role: string }> = {
  en: { inOrganisation: '{inviter} invited you to {product} as {role} in {organisation}.', role: '{inviter} invited you to {product} as {role}.' },
  de: {
    inOrganisation: '{inviter} hat Sie zu {product} eingeladen, als {role} in {organisation}.',
    role: '{inviter} hat Sie zu {product} eingeladen, als {role}.',
  },
  es: { inOrganisation: '{inviter} te ha invitado a {product} como {role} en {organisation}.', role: '{inviter} te ha invitado a {product} como {role}.' },
  fr: {
    inOrganisation: '{inviter} vous a invité sur {product} en tant que {role} dans {organisation}.',
    role: '{inviter} vous a invité sur {product} en tant que {role}.',
  },
  it: { inOrganisation: '{inviter} ti ha invitato su {product} come {role} in {organisation}.', role: '{inviter} ti ha invitato su {product} come {role}.' },
  nl: {
    inOrganisation: '{inviter} heeft u uitgenodigd voor {product} als {role} in {organisation}.',
    role: '{inviter} heeft u uitgenodigd voor {product} als {role}.',
  },
  pt: {
    inOrganisation: '{inviter} convidou você para o {product} como {role} em {organisation}.',
    role: '{inviter} convidou você para o {product} como {role}.',
  },
  'pt-PT': {
    inOrganisation: '{inviter} enviou-lhe um convite para o {product} como {role} em {organisation}.',
    role: '{inviter} enviou-lhe um convite para o {product} como {role}.',
  },
}

/** What the invitation makes the person: their role, and the organisation's name when they belong to one. */
export interface InvitedAs {
  role: string
  organisation?: string
}

/**
 * The invitation mail, with its link; without an `inviter`, the product's team invites.
 *
 * @example
 * await queueMail(trx, invitationMail({ to: user.email, inviter: 'An operator', link, branding }))
 */
export function invitationMail({
  to,
  inviter,
  invitedAs,
  link,
  locale = 'en',
  branding,
}: {
  to: string
  inviter?: string
  /** The role (and organisation) the invitation gives; the mail names them. */
  invitedAs?: InvitedAs
  link: string
  locale?: MailLocale
  /** The deployment's product name, logo and colour. */
  branding: Branding
}): OutgoingMail {
  const from = inviter ?? THE_TEAM[locale].replace('{product}', branding.name)
  const strings = STRINGS[locale]
  if (!invitedAs) return renderMail(to, strings, { email: to, inviter: from }, link, locale, branding)
  // The first paragraph's opening sentence, "X invited you to svc.", says what as and where.
  const opening = invitedAs.organisation ? INVITED_AS[locale].inOrganisation : INVITED_AS[locale].role
  const [first = '', ...rest] = strings.paragraphs
  const paragraphs = [first.replace(/^[^.]*\./, opening), ...rest]
  return renderMail(to, { ...strings, paragraphs }, { email: to, inviter: from, ...invitedAs }, link, locale, branding)
}
