/**
 * @module The sentences the sign-in pages say when they refuse a sign-in
 * for a while, one table per language. A sentence with a number comes
 * whole in each plural form its language has (CLDR's categories, picked
 * by `Intl.PluralRules`), so a translator writes "1 Minute" and
 * "2 Minuten" as German has them and no page builds a plural from pieces.
 * One table for each of the pages' languages.
 */

type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }

interface SignInMessages {
  /** The e-mail and password open no account. */
  wrong: string
  /** Attempts are being made to wait. */
  tooMany: string
  /** How long: `{count}` seconds (under a minute) or minutes, each a whole sentence. */
  waitSeconds: PluralForms
  waitMinutes: PluralForms
  /** Too many sign-ins being checked at this moment. */
  busy: string
  /** What the Email field must hold. */
  badLogin: string
}

const MESSAGES: Record<string, SignInMessages> = {
  en: {
    wrong: 'The email or password is not right.',
    tooMany: 'Too many failed sign-in attempts.',
    waitSeconds: { one: 'Try again in {count} second.', other: 'Try again in {count} seconds.' },
    waitMinutes: { one: 'Try again in {count} minute.', other: 'Try again in {count} minutes.' },
    busy: 'svc is checking too many sign-ins at this moment. Nothing was lost: try again in a few seconds.',
    badLogin: 'Enter the e-mail address of your account (at most 254 characters).',
  },
  de: {
    wrong: 'E-Mail oder Passwort stimmt nicht.',
    tooMany: 'Zu viele fehlgeschlagene Anmeldeversuche.',
    waitSeconds: { one: 'Versuchen Sie es in {count} Sekunde noch einmal.', other: 'Versuchen Sie es in {count} Sekunden noch einmal.' },
    waitMinutes: { one: 'Versuchen Sie es in {count} Minute noch einmal.', other: 'Versuchen Sie es in {count} Minuten noch einmal.' },
    busy: 'svc prüft gerade zu viele Anmeldungen. Nichts ging verloren: Versuchen Sie es in ein paar Sekunden noch einmal.',
    badLogin: 'Geben Sie die E-Mail-Adresse Ihres Kontos ein (höchstens 254 Zeichen).',
  },
  es: {
    wrong: 'El correo electrónico o la contraseña no son correctos.',
    tooMany: 'Demasiados intentos fallidos de inicio de sesión.',
    waitSeconds: { one: 'Vuelve a intentarlo dentro de {count} segundo.', other: 'Vuelve a intentarlo dentro de {count} segundos.' },
    waitMinutes: { one: 'Vuelve a intentarlo dentro de {count} minuto.', other: 'Vuelve a intentarlo dentro de {count} minutos.' },
    busy: 'svc está comprobando demasiados inicios de sesión en este momento. No se ha perdido nada: vuelve a intentarlo en unos segundos.',
    badLogin: 'Escribe la dirección de correo de tu cuenta (como máximo 254 caracteres).',
  },
  fr: {
    wrong: 'L’e-mail ou le mot de passe est incorrect.',
    tooMany: 'Trop de tentatives de connexion échouées.',
    waitSeconds: { one: 'Réessayez dans {count} seconde.', other: 'Réessayez dans {count} secondes.' },
    waitMinutes: { one: 'Réessayez dans {count} minute.', other: 'Réessayez dans {count} minutes.' },
    busy: 'svc vérifie trop de connexions en ce moment. Rien n’est perdu : réessayez dans quelques secondes.',
    badLogin: 'Saisissez l’adresse e-mail de votre compte (254 caractères au plus).',
  },
  it: {
    wrong: 'L’e-mail o la password non sono corrette.',
    tooMany: 'Troppi tentativi di accesso non riusciti.',
    waitSeconds: { one: 'Riprova tra {count} secondo.', other: 'Riprova tra {count} secondi.' },
    waitMinutes: { one: 'Riprova tra {count} minuto.', other: 'Riprova tra {count} minuti.' },
    busy: 'svc sta controllando troppi accessi in questo momento. Non si è perso nulla: riprova tra qualche secondo.',
    badLogin: 'Inserisci l’indirizzo e-mail del tuo account (al massimo 254 caratteri).',
  },
  nl: {
    wrong: 'Het e-mailadres of wachtwoord klopt niet.',
    tooMany: 'Te veel mislukte inlogpogingen.',
    waitSeconds: { one: 'Probeer het over {count} seconde opnieuw.', other: 'Probeer het over {count} seconden opnieuw.' },
    waitMinutes: { one: 'Probeer het over {count} minuut opnieuw.', other: 'Probeer het over {count} minuten opnieuw.' },
    busy: 'svc controleert op dit moment te veel inlogpogingen. Er is niets verloren: probeer het over een paar seconden opnieuw.',
    badLogin: 'Vul het e-mailadres van uw account in (hoogstens 254 tekens).',
  },
  // Brazilian Portuguese (`pt`, `pt-BR`).
  pt: {
    wrong: 'O e-mail ou a senha não estão corretos.',
    tooMany: 'Muitas tentativas de login sem sucesso.',
    waitSeconds: { one: 'Tente novamente em {count} segundo.', other: 'Tente novamente em {count} segundos.' },
    waitMinutes: { one: 'Tente novamente em {count} minuto.', other: 'Tente novamente em {count} minutos.' },
    busy: 'O svc está verificando muitos logins agora. Nada foi perdido: tente novamente em alguns segundos.',
    badLogin: 'Informe o e-mail da sua conta (no máximo 254 caracteres).',
  },
  // European Portuguese (Portugal and every other region).
  'pt-PT': {
    wrong: 'O email ou a palavra-passe não estão corretos.',
    tooMany: 'Demasiadas tentativas falhadas de início de sessão.',
    waitSeconds: { one: 'Tente novamente dentro de {count} segundo.', other: 'Tente novamente dentro de {count} segundos.' },
    waitMinutes: { one: 'Tente novamente dentro de {count} minuto.', other: 'Tente novamente dentro de {count} minutos.' },
    busy: 'O svc está a verificar demasiados inícios de sessão neste momento. Nada se perdeu: tente novamente dentro de alguns segundos.',
    badLogin: 'Introduza o endereço de email da sua conta (no máximo, 254 carateres).',
  },
}

/** The table of `locale`, else of its language, else English. */
function messagesFor(locale: string): [string, SignInMessages] {
  const language = locale.toLowerCase().split('-')[0]!
  if (MESSAGES[locale]) return [locale, MESSAGES[locale]]
  if (MESSAGES[language]) return [language, MESSAGES[language]]
  return ['en', MESSAGES.en!]
}

/** `forms` for `count`, in the plural form `locale` uses for it, with the count written as `locale` writes numbers. */
function plural(locale: string, forms: PluralForms, count: number): string {
  const form = forms[new Intl.PluralRules(locale).select(count)] ?? forms.other
  return form.replace('{count}', new Intl.NumberFormat(locale).format(count))
}

/**
 * The refusal shown while failed attempts make a sign-in wait: seconds
 * under a minute, then the nearest whole minute. Rounding up would turn a
 * 64-second wait into "2 minutes" and send people away for twice as long
 * as needed; coming back a little early, they are told the seconds left.
 *
 * @example
 * tooManyAttempts(5)   // 'Too many failed sign-in attempts. Try again in 5 seconds.'
 * tooManyAttempts(64)  // 'Too many failed sign-in attempts. Try again in 1 minute.'
 * tooManyAttempts(128) // 'Too many failed sign-in attempts. Try again in 2 minutes.'
 */
export function tooManyAttempts(seconds: number, locale = 'en'): string {
  return `${messagesFor(locale)[1].tooMany} ${tryAgainIn(seconds, locale)}`
}

/**
 * The refusal of a wrong e-mail or password; when that failure makes the
 * next attempt wait, it says so now rather than on the next try.
 *
 * @example
 * wrongCredentials()  // 'The email or password is not right.'
 * wrongCredentials(2) // 'The email or password is not right. Try again in 2 seconds.'
 */
export function wrongCredentials(waitSeconds?: number, locale = 'en'): string {
  const { wrong } = messagesFor(locale)[1]
  return waitSeconds === undefined ? wrong : `${wrong} ${tryAgainIn(waitSeconds, locale)}`
}

/** "Try again in …": seconds under a minute, then the nearest whole minute. */
export function tryAgainIn(seconds: number, locale: string): string {
  const [language, messages] = messagesFor(locale)
  return seconds < 60
    ? plural(language, messages.waitSeconds, Math.max(1, Math.ceil(seconds)))
    : plural(language, messages.waitMinutes, Math.round(seconds / 60))
}

/**
 * The refusal shown when too many passwords are being checked at once.
 *
 * @example
 * signInBusy() // 'svc is checking too many sign-ins at this moment. …'
 */
export function signInBusy(locale = 'en'): string {
  return messagesFor(locale)[1].busy
}

/**
 * The refusal of an Email field that cannot name an account.
 *
 * @example
 * badLogin() // 'Enter the e-mail address of your account (at most 254 characters).'
 */
export function badLogin(locale = 'en'): string {
  return messagesFor(locale)[1].badLogin
}
