/**
 * @module The words of the visitor's account page in every language, one
 * table a language in `account-words/`, chosen like the sign-in pages'
 * (`requestLocale`: `ui_locales`, then `Accept-Language`, then English)
 * and sent to the page with the account; `{product}` is filled here with
 * the deployment's name, other `{name}` placeholders by the page (`fill`).
 */
import type { Locale } from './locale.js'
import { de } from './account-words/de.js'
import { type AccountWords, en } from './account-words/en.js'
import { es } from './account-words/es.js'
import { fr } from './account-words/fr.js'
import { it } from './account-words/it.js'
import { nl } from './account-words/nl.js'
import { pt } from './account-words/pt.js'
import { ptPT } from './account-words/pt-PT.js'

export type { AccountWords }

export const ACCOUNT_WORDS: Record<Locale, AccountWords> = { en, de, es, fr, it, nl, pt, 'pt-PT': ptPT }

/**
 * The account page's words in `locale`, naming the deployment `product`.
 *
 * @example
 * accountWords('de', 'svc').deleteMyAccount // 'Mein Konto löschen'
 */
export function accountWords(locale: Locale, product: string): AccountWords {
  return Object.fromEntries(
    Object.entries(ACCOUNT_WORDS[locale]).map(([key, text]) => [key, text.replaceAll('{product}', product)]),
  ) as AccountWords
}
