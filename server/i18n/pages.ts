/**
 * @module The words of svc's own pages (sign-in, sign-up, password,
 * consent, sign-out and message pages) in every language, one table a
 * language in `page-words/`; `{name}`-style placeholders are filled by
 * `fill`, and `{product}` by `pageStrings` with the deployment's name.
 */
import type { Locale } from './locale.js'
import { de } from './page-words/de.js'
import { en, type PageStrings } from './page-words/en.js'
import { es } from './page-words/es.js'
import { fr } from './page-words/fr.js'
import { it } from './page-words/it.js'
import { nl } from './page-words/nl.js'
import { pt } from './page-words/pt.js'
import { ptPT } from './page-words/pt-PT.js'

export type { PageStrings }

export const PAGE_STRINGS: Record<Locale, PageStrings> = { en, de, es, fr, it, nl, pt, 'pt-PT': ptPT }

const filled = new Map<string, PageStrings>()

/**
 * The page words of a language, saying `product` where they name the product.
 *
 * @example
 * pageStrings('de', 'svc').signInToSvc // 'Bei svc anmelden'
 */
export function pageStrings(locale: Locale, product: string): PageStrings {
  const key = `${locale} ${product}`
  let words = filled.get(key)
  if (!words) {
    const table = PAGE_STRINGS[locale]
    words = Object.fromEntries(Object.entries(table).map(([name, text]) => [name, text.replaceAll('{product}', product)])) as PageStrings
    // One product a deployment, a few in tests: the cache stays small, but is bounded all the same.
    if (filled.size > 64) filled.clear()
    filled.set(key, words)
  }
  return words
}

/**
 * Fills `{name}`-style placeholders (a missing value stays visible as `{name}`).
 *
 * @example
 * fill('Sign in with {provider}', { provider: 'GitHub' }) // 'Sign in with GitHub'
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (values[key] === undefined ? whole : String(values[key])))
}
