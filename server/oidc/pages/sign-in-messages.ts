/**
 * @module The sentences the sign-in pages say when they refuse a sign-in
 * for a while, one table per language. A sentence with a number comes
 * whole in each plural form its language has (CLDR's categories, picked
 * by `Intl.PluralRules`), so a translator writes "1 Minute" and
 * "2 Minuten" as German has them and no page builds a plural from pieces.
 * English only for now; the pages' other languages add a table each.
 */

type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }

interface SignInMessages {
  /** Too many wrong passwords: wait `{count}` seconds (under a minute) or minutes. */
  waitSeconds: PluralForms
  waitMinutes: PluralForms
  /** Too many sign-ins being checked at this moment. */
  busy: string
  /** What the Email field must hold. */
  badLogin: string
}

const MESSAGES: Record<string, SignInMessages> = {
  en: {
    waitSeconds: {
      one: 'Too many failed sign-in attempts. Try again in {count} second.',
      other: 'Too many failed sign-in attempts. Try again in {count} seconds.',
    },
    waitMinutes: {
      one: 'Too many failed sign-in attempts. Try again in {count} minute.',
      other: 'Too many failed sign-in attempts. Try again in {count} minutes.',
    },
    busy: 'svc is checking too many sign-ins at this moment. Nothing was lost: try again in a few seconds.',
    badLogin: 'Enter the e-mail address of your account (at most 254 characters).',
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
 * under a minute, whole minutes (rounded up) from a minute on.
 *
 * @example
 * tooManyAttempts(60) // 'Too many failed sign-in attempts. Try again in 1 minute.'
 * tooManyAttempts(5)  // 'Too many failed sign-in attempts. Try again in 5 seconds.'
 */
export function tooManyAttempts(seconds: number, locale = 'en'): string {
  const [language, messages] = messagesFor(locale)
  return seconds < 60
    ? plural(language, messages.waitSeconds, Math.max(1, Math.ceil(seconds)))
    : plural(language, messages.waitMinutes, Math.ceil(seconds / 60))
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
