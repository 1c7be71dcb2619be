/**
 * @module The words of svc's sign-in buttons in each language they speak,
 * shared by `<svc-signin>` and the personalised button page; a locale
 * falls back to its language, then to English. Portuguese has Brazil's
 * words (`pt`, `pt-BR`) and Portugal's (`pt-PT`, `pt-AO`, …).
 */

export type ButtonText = 'signin_with' | 'continue_with' | 'signup_with' | 'signin' | 'continue_as'

const TEXTS: Record<string, Record<ButtonText, string>> = {
  en: {
    signin_with: 'Sign in with svc',
    continue_with: 'Continue with svc',
    signup_with: 'Sign up with svc',
    signin: 'Sign in',
    continue_as: 'Continue as {name}',
  },
  de: {
    signin_with: 'Mit svc anmelden',
    continue_with: 'Weiter mit svc',
    signup_with: 'Mit svc registrieren',
    signin: 'Anmelden',
    continue_as: 'Weiter als {name}',
  },
  es: {
    signin_with: 'Iniciar sesión con svc',
    continue_with: 'Continuar con svc',
    signup_with: 'Registrarse con svc',
    signin: 'Iniciar sesión',
    continue_as: 'Continuar como {name}',
  },
  fr: {
    signin_with: 'Se connecter avec svc',
    continue_with: 'Continuer avec svc',
    signup_with: "S'inscrire avec svc",
    signin: 'Se connecter',
    continue_as: 'Continuer en tant que {name}',
  },
  it: {
    signin_with: 'Accedi con svc',
    continue_with: 'Continua con svc',
    signup_with: 'Registrati con svc',
    signin: 'Accedi',
    continue_as: 'Continua come {name}',
  },
  nl: {
    signin_with: 'Inloggen met svc',
    continue_with: 'Doorgaan met svc',
    signup_with: 'Registreren met svc',
    signin: 'Inloggen',
    continue_as: 'Doorgaan als {name}',
  },
  // Brazilian Portuguese: pt-BR and a bare pt.
  pt: {
    signin_with: 'Entrar com svc',
    continue_with: 'Continuar com svc',
    signup_with: 'Cadastrar-se com svc',
    signin: 'Entrar',
    continue_as: 'Continuar como {name}',
  },
  // European Portuguese: Portugal and every other region.
  'pt-pt': {
    signin_with: 'Iniciar sessão com svc',
    continue_with: 'Continuar com svc',
    signup_with: 'Registar-se com svc',
    signin: 'Iniciar sessão',
    continue_as: 'Continuar como {name}',
  },
}

/**
 * The button's words for `text` in `locale` (a BCP 47 tag such as `fr-CA`), with `{name}` filled in.
 *
 * @example
 * buttonText('fr-CA', 'continue_as', 'Ada') // 'Continuer en tant que Ada'
 */
export function buttonText(locale: string | null | undefined, text: string | null | undefined, name = ''): string {
  const [language = '', ...subtags] = (locale ?? '').toLowerCase().split(/[-_]/)
  // As on svc's pages (server/i18n/locale.ts): Portuguese with a region other than Brazil's is Portugal's.
  const region = subtags.find((subtag) => /^([a-z]{2}|\d{3})$/.test(subtag))
  const key = language === 'pt' && region && region !== 'br' ? 'pt-pt' : language
  const words = Object.hasOwn(TEXTS, key) ? TEXTS[key]! : TEXTS.en!
  if (text === 'continue_as' && !name) return words.signin_with
  return (Object.hasOwn(words, text ?? '') ? words[text as ButtonText] : words.signin_with).replace('{name}', name)
}
