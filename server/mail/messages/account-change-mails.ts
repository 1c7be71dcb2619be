/**
 * @module The mails the account page's changes send: the password
 * changed (to the account's address); a change of address asked for (a
 * notice to the old address, and to the new one either the link that
 * confirms it or, when the new address has an account already, a mail
 * saying so, so the page answers the same either way). The new address is
 * not proven: its mail greets no one by name.
 */
import type { OutgoingMail } from '../mail-outbox.js'
import type { Branding } from '../../branding.js'
import { type MailLocale, type MailStrings, renderMail } from './render-mail.js'

type Kind = 'passwordChanged' | 'emailChangeNotice' | 'confirmNewEmail' | 'newEmailTaken'

const STRINGS: Record<MailLocale, Record<Kind, MailStrings>> = {
  en: {
    passwordChanged: {
      subject: 'Your {product} password was changed',
      paragraphs: [
        'The password of the {product} account {email} was just changed on its account page. Every other session was signed out.',
        'If it was you, there is nothing to do. If it was not you, ask for a reset link at once: it goes only to this address, and the new password signs everyone else out.',
      ],
      action: 'Reset your password',
      after: [],
    },
    emailChangeNotice: {
      subject: 'Your {product} account is changing its e-mail address',
      paragraphs: [
        'Someone signed in to the {product} account {email} asked to change its address to {newEmail}. Nothing changes until that address confirms it.',
      ],
      action: 'Open your account page',
      after: [
        'If it was not you, change your password on your account page now, or use “Forgot password?” on the sign-in page: a new password cancels the change.',
      ],
    },
    confirmNewEmail: {
      subject: 'Confirm your new e-mail address for {product}',
      paragraphs: ['To make {email} the address of your {product} account, confirm it.'],
      action: 'Confirm e-mail address',
      after: [
        'The link works once, for 24 hours. Until then your account keeps its old address.',
        'If you did not ask for this, ignore this mail.',
      ],
    },
    newEmailTaken: {
      subject: 'You already have an account at {product}',
      paragraphs: [
        'Someone, perhaps you, asked to move another {product} account to {email}. You already have an account with this address, so nothing changed.',
      ],
      action: 'Sign in',
      after: ['If it was not you, ignore this mail: your account is unchanged.'],
    },
  },
  de: {
    passwordChanged: {
      subject: 'Ihr {product}-Passwort wurde geändert',
      paragraphs: [
        'das Passwort des {product}-Kontos {email} wurde soeben auf seiner Kontoseite geändert. Alle anderen Sitzungen wurden abgemeldet.',
        'Wenn Sie das waren, ist nichts zu tun. Wenn nicht, fordern Sie sofort einen Link zum Zurücksetzen an: Er geht nur an diese Adresse, und das neue Passwort meldet alle anderen ab.',
      ],
      action: 'Passwort zurücksetzen',
      after: [],
    },
    emailChangeNotice: {
      subject: 'Ihr {product}-Konto ändert seine E-Mail-Adresse',
      paragraphs: [
        'jemand, der im {product}-Konto {email} angemeldet ist, möchte dessen Adresse in {newEmail} ändern. Nichts ändert sich, bis diese Adresse es bestätigt.',
      ],
      action: 'Ihre Kontoseite öffnen',
      after: [
        'Wenn Sie das nicht waren, ändern Sie jetzt Ihr Passwort auf Ihrer Kontoseite oder nutzen Sie „Passwort vergessen?“ auf der Anmeldeseite: Ein neues Passwort bricht die Änderung ab.',
      ],
    },
    confirmNewEmail: {
      subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse für {product}',
      paragraphs: ['um {email} zur Adresse Ihres {product}-Kontos zu machen, bestätigen Sie sie.'],
      action: 'E-Mail-Adresse bestätigen',
      after: [
        'Der Link gilt einmal, 24 Stunden lang. Bis dahin behält Ihr Konto seine alte Adresse.',
        'Wenn Sie das nicht angefordert haben, ignorieren Sie diese Mail.',
      ],
    },
    newEmailTaken: {
      subject: 'Sie haben schon ein {product}-Konto',
      paragraphs: [
        'jemand, vielleicht Sie, wollte ein anderes {product}-Konto auf {email} umstellen. Sie haben schon ein Konto mit dieser Adresse, deshalb hat sich nichts geändert.',
      ],
      action: 'Anmelden',
      after: ['Wenn Sie das nicht waren, ignorieren Sie diese Mail: Ihr Konto bleibt unverändert.'],
    },
  },
  es: {
    passwordChanged: {
      subject: 'Se ha cambiado tu contraseña de {product}',
      paragraphs: [
        'La contraseña de la cuenta de {product} {email} se acaba de cambiar en su página de cuenta. Se han cerrado todas las demás sesiones.',
        'Si has sido tú, no tienes que hacer nada. Si no, pide ahora mismo un enlace para restablecerla: solo llega a esta dirección, y la contraseña nueva cierra la sesión de todos los demás.',
      ],
      action: 'Restablecer la contraseña',
      after: [],
    },
    emailChangeNotice: {
      subject: 'Tu cuenta de {product} va a cambiar de dirección de correo',
      paragraphs: [
        'Alguien con sesión iniciada en la cuenta de {product} {email} ha pedido cambiar su dirección a {newEmail}. Nada cambia hasta que esa dirección lo confirme.',
      ],
      action: 'Abrir tu página de cuenta',
      after: [
        'Si no has sido tú, cambia ya tu contraseña en tu página de cuenta, o usa «¿Has olvidado la contraseña?» en la página de inicio de sesión: una contraseña nueva cancela el cambio.',
      ],
    },
    confirmNewEmail: {
      subject: 'Confirma tu nueva dirección de correo para {product}',
      paragraphs: ['Para que {email} sea la dirección de tu cuenta de {product}, confírmala.'],
      action: 'Confirmar dirección de correo',
      after: [
        'El enlace sirve una vez, durante 24 horas. Hasta entonces tu cuenta conserva su dirección anterior.',
        'Si no lo has pedido tú, ignora este correo.',
      ],
    },
    newEmailTaken: {
      subject: 'Ya tienes una cuenta de {product}',
      paragraphs: [
        'Alguien, quizá tú, ha pedido pasar otra cuenta de {product} a {email}. Ya tienes una cuenta con esta dirección, así que no ha cambiado nada.',
      ],
      action: 'Iniciar sesión',
      after: ['Si no has sido tú, ignora este correo: tu cuenta no ha cambiado.'],
    },
  },
  fr: {
    passwordChanged: {
      subject: 'Votre mot de passe {product} a été modifié',
      paragraphs: [
        'Le mot de passe du compte {product} {email} vient d’être modifié sur sa page de compte. Toutes les autres sessions ont été déconnectées.',
        'Si c’était vous, vous n’avez rien à faire. Sinon, demandez tout de suite un lien de réinitialisation : il n’est envoyé qu’à cette adresse, et le nouveau mot de passe déconnecte tous les autres.',
      ],
      action: 'Réinitialiser le mot de passe',
      after: [],
    },
    emailChangeNotice: {
      subject: 'Votre compte {product} change d’adresse e-mail',
      paragraphs: [
        'Quelqu’un connecté au compte {product} {email} a demandé à changer son adresse pour {newEmail}. Rien ne change tant que cette adresse ne l’a pas confirmé.',
      ],
      action: 'Ouvrir votre page de compte',
      after: [
        'Si ce n’était pas vous, changez dès maintenant votre mot de passe sur votre page de compte, ou utilisez « Mot de passe oublié ? » sur la page de connexion : un nouveau mot de passe annule le changement.',
      ],
    },
    confirmNewEmail: {
      subject: 'Confirmez votre nouvelle adresse e-mail pour {product}',
      paragraphs: ['Pour faire de {email} l’adresse de votre compte {product}, confirmez-la.'],
      action: 'Confirmer l’adresse e-mail',
      after: [
        'Le lien sert une fois, pendant 24 heures. D’ici là, votre compte garde son ancienne adresse.',
        'Si vous n’avez rien demandé, ignorez cet e-mail.',
      ],
    },
    newEmailTaken: {
      subject: 'Vous avez déjà un compte {product}',
      paragraphs: [
        'Quelqu’un, peut-être vous, a demandé à passer un autre compte {product} à {email}. Vous avez déjà un compte avec cette adresse, donc rien n’a changé.',
      ],
      action: 'Se connecter',
      after: ['Si ce n’était pas vous, ignorez cet e-mail : votre compte n’a pas changé.'],
    },
  },
  it: {
    passwordChanged: {
      subject: 'La tua password di {product} è stata cambiata',
      paragraphs: [
        'la password dell’account {product} {email} è appena stata cambiata dalla sua pagina dell’account. Tutte le altre sessioni sono state chiuse.',
        'Se sei stato tu, non devi fare nulla. Altrimenti chiedi subito un link per reimpostarla: arriva solo a questo indirizzo, e la nuova password disconnette tutti gli altri.',
      ],
      action: 'Reimposta la password',
      after: [],
    },
    emailChangeNotice: {
      subject: 'Il tuo account {product} sta cambiando indirizzo e-mail',
      paragraphs: [
        'qualcuno che ha effettuato l’accesso all’account {product} {email} ha chiesto di cambiarne l’indirizzo in {newEmail}. Non cambia nulla finché quell’indirizzo non lo conferma.',
      ],
      action: 'Apri la pagina del tuo account',
      after: [
        'Se non sei stato tu, cambia subito la password dalla pagina del tuo account, oppure usa «Password dimenticata?» nella pagina di accesso: una nuova password annulla la modifica.',
      ],
    },
    confirmNewEmail: {
      subject: 'Conferma il tuo nuovo indirizzo e-mail per {product}',
      paragraphs: ['per rendere {email} l’indirizzo del tuo account {product}, confermalo.'],
      action: 'Conferma indirizzo e-mail',
      after: [
        'Il link vale una volta, per 24 ore. Fino ad allora il tuo account mantiene il vecchio indirizzo.',
        'Se non l’hai chiesto tu, ignora questa e-mail.',
      ],
    },
    newEmailTaken: {
      subject: 'Hai già un account {product}',
      paragraphs: [
        'qualcuno, forse tu, ha chiesto di spostare un altro account {product} su {email}. Hai già un account con questo indirizzo, quindi non è cambiato nulla.',
      ],
      action: 'Accedi',
      after: ['Se non sei stato tu, ignora questa e-mail: il tuo account non è cambiato.'],
    },
  },
  nl: {
    passwordChanged: {
      subject: 'Uw {product}-wachtwoord is gewijzigd',
      paragraphs: [
        'Het wachtwoord van het {product}-account {email} is zojuist gewijzigd op de accountpagina. Alle andere sessies zijn uitgelogd.',
        'Was u dit zelf? Dan hoeft u niets te doen. Zo niet, vraag dan meteen een herstellink aan: die gaat alleen naar dit adres, en het nieuwe wachtwoord logt alle anderen uit.',
      ],
      action: 'Wachtwoord herstellen',
      after: [],
    },
    emailChangeNotice: {
      subject: 'Uw {product}-account wijzigt zijn e-mailadres',
      paragraphs: [
        'Iemand die is ingelogd op het {product}-account {email} heeft gevraagd het adres te wijzigen in {newEmail}. Er verandert niets tot dat adres het bevestigt.',
      ],
      action: 'Uw accountpagina openen',
      after: [
        'Was u dit niet? Wijzig dan nu uw wachtwoord op uw accountpagina, of gebruik „Wachtwoord vergeten?” op de inlogpagina: een nieuw wachtwoord annuleert de wijziging.',
      ],
    },
    confirmNewEmail: {
      subject: 'Bevestig uw nieuwe e-mailadres voor {product}',
      paragraphs: ['Bevestig {email} om het het adres van uw {product}-account te maken.'],
      action: 'E-mailadres bevestigen',
      after: [
        'De link werkt één keer, 24 uur lang. Tot dan houdt uw account zijn oude adres.',
        'Hebt u hier niet om gevraagd? Negeer dan deze mail.',
      ],
    },
    newEmailTaken: {
      subject: 'U hebt al een {product}-account',
      paragraphs: [
        'Iemand, misschien u, heeft gevraagd een ander {product}-account over te zetten naar {email}. U hebt al een account met dit adres, dus er is niets veranderd.',
      ],
      action: 'Inloggen',
      after: ['Was u dit niet? Negeer dan deze mail: uw account is niet veranderd.'],
    },
  },
  // Brazilian Portuguese (`pt`, `pt-BR`).
  pt: {
    passwordChanged: {
      subject: 'Sua senha do {product} foi alterada',
      paragraphs: [
        'A senha da conta {product} {email} acabou de ser alterada na página da conta. Todas as outras sessões foram encerradas.',
        'Se foi você, não precisa fazer nada. Se não foi, peça agora um link para redefinir a senha: ele só é enviado para este e-mail, e a nova senha encerra todas as outras sessões.',
      ],
      action: 'Redefinir a senha',
      after: [],
    },
    emailChangeNotice: {
      subject: 'O e-mail da sua conta {product} vai mudar',
      paragraphs: [
        'Alguém conectado à conta {product} {email} pediu para trocar o e-mail dela para {newEmail}. Nada muda até que esse endereço seja confirmado.',
      ],
      action: 'Abrir a página da sua conta',
      after: [
        'Se não foi você, altere agora a senha na página da sua conta ou use "Esqueceu a senha?" na página de login: uma nova senha cancela a troca.',
      ],
    },
    confirmNewEmail: {
      subject: 'Confirme seu novo e-mail no {product}',
      paragraphs: ['Para que {email} passe a ser o e-mail da sua conta {product}, confirme-o.'],
      action: 'Confirmar e-mail',
      after: [
        'O link funciona uma vez, por 24 horas. Até lá, sua conta continua com o e-mail antigo.',
        'Se você não fez esse pedido, ignore este e-mail.',
      ],
    },
    newEmailTaken: {
      subject: 'Você já tem uma conta {product}',
      paragraphs: [
        'Alguém, talvez você, pediu para passar outra conta {product} para {email}. Você já tem uma conta com este e-mail, então nada mudou.',
      ],
      action: 'Entrar',
      after: ['Se não foi você, ignore este e-mail: sua conta não foi alterada.'],
    },
  },
  // European Portuguese (Portugal and every other region).
  'pt-PT': {
    passwordChanged: {
      subject: 'A sua palavra-passe do {product} foi alterada',
      paragraphs: [
        'A palavra-passe da conta {product} {email} acabou de ser alterada na página da conta. Todas as outras sessões foram terminadas.',
        'Se a alteração foi feita por si, não tem de fazer nada. Caso contrário, peça já um link para a repor: só é enviado para este endereço, e a nova palavra-passe termina todas as outras sessões.',
      ],
      action: 'Repor a palavra-passe',
      after: [],
    },
    emailChangeNotice: {
      subject: 'A sua conta {product} vai mudar de endereço de email',
      paragraphs: [
        'Alguém com sessão iniciada na conta {product} {email} pediu para mudar o endereço para {newEmail}. Nada muda enquanto esse endereço não o confirmar.',
      ],
      action: 'Abrir a página da sua conta',
      after: [
        'Se não fez este pedido, altere já a palavra-passe na página da sua conta ou utilize «Esqueceu-se da palavra-passe?» na página de início de sessão: uma nova palavra-passe cancela a alteração.',
      ],
    },
    confirmNewEmail: {
      subject: 'Confirme o seu novo endereço de email para o {product}',
      paragraphs: ['Para tornar {email} o endereço da sua conta {product}, confirme-o.'],
      action: 'Confirmar endereço de email',
      after: [
        'O link funciona uma vez, durante 24 horas. Até lá, a sua conta mantém o endereço antigo.',
        'Se não fez este pedido, ignore este email.',
      ],
    },
    newEmailTaken: {
      subject: 'Já tem uma conta {product}',
      paragraphs: [
        'Recebemos um pedido para passar outra conta {product} para {email}. Já tem uma conta com este endereço, pelo que nada mudou.',
      ],
      action: 'Iniciar sessão',
      after: ['Se não fez este pedido, ignore este email: a sua conta não foi alterada.'],
    },
  },
}

/**
 * The "your password was changed" mail; `link` is where to reset it.
 *
 * @example
 * await queueMail(trx, passwordChangedMail({ to: user.email, name: nameToGreet(user), link: `${issuer}/forgot-password`, branding }), now)
 */
export const passwordChangedMail = ({
  to,
  name,
  link,
  locale = 'en',
  branding,
}: {
  to: string
  /** Greeted only when given: pass `nameToGreet(user)`. */
  name?: string | undefined
  link: string
  locale?: MailLocale
  /** The deployment's product name, logo and colour. */
  branding: Branding
}): OutgoingMail => renderMail(to, STRINGS[locale].passwordChanged, { name, email: to }, link, locale, branding)

/**
 * The notice to the old address that a change to `newEmail` was asked for; `link` opens the account page.
 *
 * @example
 * await queueMail(trx, emailChangeNoticeMail({ to: user.email, name: nameToGreet(user), newEmail, link, branding }), now)
 */
export const emailChangeNoticeMail = ({
  to,
  name,
  newEmail,
  link,
  locale = 'en',
  branding,
}: {
  to: string
  /** Greeted only when given: pass `nameToGreet(user)`. */
  name?: string | undefined
  newEmail: string
  link: string
  locale?: MailLocale
  /** The deployment's product name, logo and colour. */
  branding: Branding
}): OutgoingMail => renderMail(to, STRINGS[locale].emailChangeNotice, { name, email: to, newEmail }, link, locale, branding)

/**
 * The link that makes `to` the account's address.
 *
 * @example
 * await queueMail(trx, confirmNewEmailMail({ to: newEmail, link, branding }), now)
 */
export const confirmNewEmailMail = ({
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
}): OutgoingMail => renderMail(to, STRINGS[locale].confirmNewEmail, { email: to }, link, locale, branding)

/**
 * Sent instead of the link when `to` has an account already.
 *
 * @example
 * await queueMail(trx, newEmailTakenMail({ to: newEmail, link: `${issuer}/login`, branding }), now)
 */
export const newEmailTakenMail = ({
  to,
  link,
  locale = 'en',
  branding,
}: {
  to: string
  link: string
  locale?: MailLocale
  branding: Branding
}): OutgoingMail => renderMail(to, STRINGS[locale].newEmailTaken, { email: to }, link, locale, branding)
