/**
 * @module The sentences shown beside a sign-up or new-password field that
 * was refused, one typed table per language (a missing key is a type
 * error); `{min}`, `{max}` and `{count}` are filled by the caller. The
 * advice on a good password is the field's hint (`passwordHint`), said once:
 * a refusal says only what is wrong.
 */
import type { Locale } from './locale.js'

const en = {
  passwordTooShort: 'Use at least {min} characters (this one has {count}).',
  passwordTooLong: 'Use at most {max} characters.',
  passwordRepetitive: 'Use more different characters: this password repeats too few.',
  passwordHasEmail: 'Do not use your e-mail address in your password.',
  passwordCommon: 'This is one of the most common passwords, which attackers try first. Choose another.',
  passwordReused: 'Choose a password you have not used here before.',
  enterName: 'Enter your name.',
  nameTooLong: 'Use at most 200 characters, on one line.',
  enterEmail: 'Enter your e-mail address.',
  emailShape: 'Enter an e-mail address such as ada@example.com.',
}

export type FormErrorStrings = Record<keyof typeof en, string>

export const FORM_ERRORS: Record<Locale, FormErrorStrings> = {
  en,
  de: {
    passwordTooShort: 'Verwenden Sie mindestens {min} Zeichen (dieses hat {count}).',
    passwordTooLong: 'Verwenden Sie höchstens {max} Zeichen.',
    passwordRepetitive: 'Verwenden Sie mehr verschiedene Zeichen: Dieses Passwort wiederholt zu wenige.',
    passwordHasEmail: 'Verwenden Sie Ihre E-Mail-Adresse nicht im Passwort.',
    passwordCommon: 'Das ist eines der häufigsten Passwörter, die Angreifer zuerst probieren. Wählen Sie ein anderes.',
    passwordReused: 'Wählen Sie ein Passwort, das Sie hier noch nicht verwendet haben.',
    enterName: 'Geben Sie Ihren Namen ein.',
    nameTooLong: 'Verwenden Sie höchstens 200 Zeichen in einer Zeile.',
    enterEmail: 'Geben Sie Ihre E-Mail-Adresse ein.',
    emailShape: 'Geben Sie eine E-Mail-Adresse wie ada@example.com ein.',
  },
  es: {
    passwordTooShort: 'Usa al menos {min} caracteres (esta tiene {count}).',
    passwordTooLong: 'Usa como máximo {max} caracteres.',
    passwordRepetitive: 'Usa más caracteres distintos: esta contraseña repite demasiado pocos.',
    passwordHasEmail: 'No uses tu dirección de correo en la contraseña.',
    passwordCommon: 'Es una de las contraseñas más comunes, las primeras que prueban los atacantes. Elige otra.',
    passwordReused: 'Elige una contraseña que no hayas usado aquí antes.',
    enterName: 'Escribe tu nombre.',
    nameTooLong: 'Usa como máximo 200 caracteres, en una sola línea.',
    enterEmail: 'Escribe tu dirección de correo.',
    emailShape: 'Escribe una dirección de correo como ada@example.com.',
  },
  fr: {
    passwordTooShort: 'Utilisez au moins {min} caractères (celui-ci en a {count}).',
    passwordTooLong: 'Utilisez au plus {max} caractères.',
    passwordRepetitive: 'Utilisez des caractères plus variés : ce mot de passe en répète trop peu.',
    passwordHasEmail: 'N’utilisez pas votre adresse e-mail dans votre mot de passe.',
    passwordCommon: 'C’est l’un des mots de passe les plus courants, que les attaquants essaient en premier. Choisissez-en un autre.',
    passwordReused: 'Choisissez un mot de passe que vous n’avez pas encore utilisé ici.',
    enterName: 'Saisissez votre nom.',
    nameTooLong: 'Utilisez au plus 200 caractères, sur une ligne.',
    enterEmail: 'Saisissez votre adresse e-mail.',
    emailShape: 'Saisissez une adresse e-mail comme ada@example.com.',
  },
  it: {
    passwordTooShort: 'Usa almeno {min} caratteri (questa ne ha {count}).',
    passwordTooLong: 'Usa al massimo {max} caratteri.',
    passwordRepetitive: 'Usa caratteri più vari: questa password ne ripete troppo pochi.',
    passwordHasEmail: 'Non usare il tuo indirizzo e-mail nella password.',
    passwordCommon: 'È una delle password più comuni, le prime che provano gli aggressori. Scegline un’altra.',
    passwordReused: 'Scegli una password che non hai mai usato qui.',
    enterName: 'Inserisci il tuo nome.',
    nameTooLong: 'Usa al massimo 200 caratteri, su una riga.',
    enterEmail: 'Inserisci il tuo indirizzo e-mail.',
    emailShape: 'Inserisci un indirizzo e-mail come ada@example.com.',
  },
  nl: {
    passwordTooShort: 'Gebruik minstens {min} tekens (dit heeft er {count}).',
    passwordTooLong: 'Gebruik hoogstens {max} tekens.',
    passwordRepetitive: 'Gebruik meer verschillende tekens: dit wachtwoord herhaalt er te weinig.',
    passwordHasEmail: 'Gebruik uw e-mailadres niet in uw wachtwoord.',
    passwordCommon: 'Dit is een van de meest gebruikte wachtwoorden, die aanvallers als eerste proberen. Kies een ander.',
    passwordReused: 'Kies een wachtwoord dat u hier nog niet hebt gebruikt.',
    enterName: 'Vul uw naam in.',
    nameTooLong: 'Gebruik hoogstens 200 tekens, op één regel.',
    enterEmail: 'Vul uw e-mailadres in.',
    emailShape: 'Vul een e-mailadres in zoals ada@example.com.',
  },
  // Brazilian Portuguese (`pt`, `pt-BR`).
  pt: {
    passwordTooShort: 'Use pelo menos {min} caracteres (esta tem {count}).',
    passwordTooLong: 'Use no máximo {max} caracteres.',
    passwordRepetitive: 'Use caracteres mais variados: esta senha repete poucos caracteres diferentes.',
    passwordHasEmail: 'Não use seu e-mail na senha.',
    passwordCommon: 'Esta é uma das senhas mais comuns, as primeiras que os invasores testam. Escolha outra.',
    passwordReused: 'Escolha uma senha que você ainda não tenha usado aqui.',
    enterName: 'Informe seu nome.',
    nameTooLong: 'Use no máximo 200 caracteres, em uma só linha.',
    enterEmail: 'Informe seu e-mail.',
    emailShape: 'Informe um e-mail como ada@example.com.',
  },
  // European Portuguese (Portugal and every other region).
  'pt-PT': {
    passwordTooShort: 'Utilize pelo menos {min} carateres (esta tem {count}).',
    passwordTooLong: 'Utilize, no máximo, {max} carateres.',
    passwordRepetitive: 'Utilize carateres mais variados: esta palavra-passe repete demasiado poucos.',
    passwordHasEmail: 'Não utilize o seu endereço de email na palavra-passe.',
    passwordCommon: 'Esta é uma das palavras-passe mais comuns, as primeiras que os atacantes experimentam. Escolha outra.',
    passwordReused: 'Escolha uma palavra-passe que ainda não tenha utilizado aqui.',
    enterName: 'Introduza o seu nome.',
    nameTooLong: 'Utilize, no máximo, 200 carateres, numa só linha.',
    enterEmail: 'Introduza o seu endereço de email.',
    emailShape: 'Introduza um endereço de email como ada@example.com.',
  },
}
