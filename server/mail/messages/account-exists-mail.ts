/**
 * @module The mail sent instead of a second account when someone signs up
 * with an address that has one: it says so and offers a password reset,
 * so the sign-up page can answer the same whether the address is taken.
 */
import type { OutgoingMail } from '../mail-outbox.js'
import type { Branding } from '../../branding.js'
import { type MailLocale, type MailStrings, renderMail } from './render-mail.js'

const STRINGS: Record<MailLocale, MailStrings> = {
  en: {
    subject: 'You already have an account at {product}',
    paragraphs: [
      'Someone, perhaps you, tried to create an account at {product} with {email}. You already have one, so no new account was made.',
      'If you forgot your password, set a new one here; this also confirms your address:',
    ],
    action: 'Set a new password',
    after: [
      'The link works once, for 30 minutes. Otherwise, sign in as usual at {signin}.',
      'If it was not you, ignore this mail: your account is unchanged.',
    ],
  },
  de: {
    subject: 'Sie haben schon ein {product}-Konto',
    paragraphs: [
      'jemand, vielleicht Sie, wollte mit {email} ein {product}-Konto anlegen. Sie haben schon eines, deshalb wurde kein neues Konto angelegt.',
      'Wenn Sie Ihr Passwort vergessen haben, legen Sie hier ein neues fest; das bestätigt auch Ihre Adresse:',
    ],
    action: 'Neues Passwort festlegen',
    after: [
      'Der Link gilt einmal, 30 Minuten lang. Sonst melden Sie sich wie gewohnt unter {signin} an.',
      'Wenn Sie das nicht waren, ignorieren Sie diese Mail: Ihr Konto bleibt unverändert.',
    ],
  },
  es: {
    subject: 'Ya tienes una cuenta de {product}',
    paragraphs: [
      'Alguien, quizá tú, ha intentado crear una cuenta de {product} con {email}. Ya tienes una, así que no se ha creado ninguna cuenta nueva.',
      'Si has olvidado tu contraseña, establece una nueva aquí; esto también confirma tu dirección:',
    ],
    action: 'Establecer una contraseña nueva',
    after: [
      'El enlace sirve una vez, durante 30 minutos. Si no, inicia sesión como siempre en {signin}.',
      'Si no has sido tú, ignora este correo: tu cuenta no ha cambiado.',
    ],
  },
  fr: {
    subject: 'Vous avez déjà un compte {product}',
    paragraphs: [
      'Quelqu’un, peut-être vous, a essayé de créer un compte {product} avec {email}. Vous en avez déjà un, donc aucun nouveau compte n’a été créé.',
      'Si vous avez oublié votre mot de passe, définissez-en un nouveau ici ; cela confirme aussi votre adresse :',
    ],
    action: 'Définir un nouveau mot de passe',
    after: [
      'Le lien sert une fois, pendant 30 minutes. Sinon, connectez-vous comme d’habitude sur {signin}.',
      'Si ce n’était pas vous, ignorez cet e-mail : votre compte n’a pas changé.',
    ],
  },
  it: {
    subject: 'Hai già un account {product}',
    paragraphs: [
      'qualcuno, forse tu, ha provato a creare un account {product} con {email}. Ne hai già uno, quindi non è stato creato nessun nuovo account.',
      'Se hai dimenticato la password, impostane una nuova qui; questo conferma anche il tuo indirizzo:',
    ],
    action: 'Imposta una nuova password',
    after: [
      'Il link vale una volta, per 30 minuti. Altrimenti accedi come al solito su {signin}.',
      'Se non sei stato tu, ignora questa e-mail: il tuo account non è cambiato.',
    ],
  },
  nl: {
    subject: 'U hebt al een {product}-account',
    paragraphs: [
      'Iemand, misschien u, probeerde een {product}-account te maken met {email}. U hebt er al een, dus er is geen nieuw account gemaakt.',
      'Bent u uw wachtwoord vergeten? Stel hier een nieuw in; dat bevestigt ook uw adres:',
    ],
    action: 'Nieuw wachtwoord instellen',
    after: [
      'De link werkt één keer, 30 minuten lang. Anders logt u gewoon in op {signin}.',
      'Was u dit niet? Negeer dan deze mail: uw account is niet veranderd.',
    ],
  },
  // Brazilian Portuguese (`pt`, `pt-BR`).
  pt: {
    subject: 'Você já tem uma conta {product}',
    paragraphs: [
      'Alguém, talvez você, tentou criar uma conta {product} com {email}. Você já tem uma, então nenhuma conta nova foi criada.',
      'Se você esqueceu a senha, crie uma nova aqui; isso também confirma seu e-mail:',
    ],
    action: 'Criar uma nova senha',
    after: [
      'O link funciona uma vez, por 30 minutos. Se preferir, entre normalmente em {signin}.',
      'Se não foi você, ignore este e-mail: sua conta não foi alterada.',
    ],
  },
  // European Portuguese (Portugal and every other region).
  'pt-PT': {
    subject: 'Já tem uma conta {product}',
    paragraphs: [
      'Houve uma tentativa de criar uma conta {product} com {email}. Já tem uma, pelo que não foi criada nenhuma conta nova.',
      'Se se esqueceu da palavra-passe, defina uma nova aqui; isto também confirma o seu endereço:',
    ],
    action: 'Definir uma nova palavra-passe',
    after: [
      'O link funciona uma vez, durante 30 minutos. Caso contrário, inicie sessão como habitualmente em {signin}.',
      'Se não reconhece esta tentativa, ignore este email: a sua conta não foi alterada.',
    ],
  },
}

/**
 * The "you already have an account" mail, with a password-reset link.
 *
 * @example
 * await queueMail(trx, accountExistsMail({ to: user.email, resetLink, signInLink: `${issuer}/login`, branding }))
 */
export function accountExistsMail({
  to,
  resetLink,
  signInLink,
  locale = 'en',
  branding,
}: {
  to: string
  resetLink: string
  signInLink: string
  locale?: MailLocale
  /** The deployment's product name, logo and colour. */
  branding: Branding
}): OutgoingMail {
  return renderMail(to, STRINGS[locale], { email: to, signin: signInLink }, resetLink, locale, branding)
}
