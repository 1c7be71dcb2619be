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
